import { useState } from 'react';
import { MAX_COLOR_PHOTOS, type ProductPhotoInput } from '@shop/contracts/products-admin';
import { PhotoManager, type PhotoErrors } from '../media/photo-manager';

/**
 * What the product form needs of a photo editor: a colour's photos in order, each an uploaded
 * image (its media id and address) with alt text and focal point, and a way to hand back the
 * changed list.
 */
export interface ColorPhotosProps {
  /** Names the controls for a screen reader: "Black". */
  colorName: string;
  /** Ids of this colour's fields, unique on the page. */
  idPrefix: string;
  photos: ProductPhotoInput[];
  onChange: (photos: ProductPhotoInput[]) => void;
  /** The message of each photo's field that the schema refused, by index and field. */
  errorOf: (
    index: number,
    field: 'url' | 'alt' | 'mediaId' | 'focalX' | 'focalY',
  ) => string | undefined;
  /** The message the list as a whole was refused with (too many, a photo no longer stored). */
  error?: string | undefined;
}

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const small =
  'rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-40';

type ColorPhoto = ProductPhotoInput & { mediaId: string | null };

/**
 * A colour's photos: uploaded (or dropped) through the back office's photo manager, reordered by
 * drag or keyboard, each with its alt text and focal point. A photo kept from before uploads (an
 * address without a media id) stays editable; one can still be added by its address.
 */
export function ColorPhotosField({
  colorName,
  idPrefix,
  photos,
  onChange,
  errorOf,
  error,
}: ColorPhotosProps) {
  const [address, setAddress] = useState('');
  const name = colorName.trim() || 'this colour';
  const value: ColorPhoto[] = photos.map((photo) => ({ ...photo, mediaId: photo.mediaId ?? null }));
  const errors: PhotoErrors = {};
  if (error) errors[-1] = error;
  value.forEach((_, index) => {
    const problem =
      errorOf(index, 'alt') ??
      errorOf(index, 'url') ??
      errorOf(index, 'mediaId') ??
      errorOf(index, 'focalX') ??
      errorOf(index, 'focalY');
    if (problem) errors[index] = problem;
  });
  const taken = value.some((photo) => photo.url === address.trim());

  return (
    <div className="flex flex-col gap-3">
      <PhotoManager
        label={`Photos of ${name}`}
        addLabel={`Add photos of ${name}`}
        value={value}
        onChange={onChange}
        errors={errors}
        max={MAX_COLOR_PHOTOS}
      />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          Add a photo of {name} by its address
        </summary>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={`${idPrefix}-address`} className="block text-sm font-medium">
              Address of the photo (/media/… or https://…)
            </label>
            <input
              id={`${idPrefix}-address`}
              value={address}
              placeholder="/media/…"
              onChange={(event) => setAddress(event.target.value)}
              className={field}
            />
          </div>
          <button
            type="button"
            className={small}
            disabled={address.trim() === '' || taken || value.length >= MAX_COLOR_PHOTOS}
            onClick={() => {
              onChange([
                ...value,
                { mediaId: null, url: address.trim(), alt: '', focalX: 0.5, focalY: 0.5 },
              ]);
              setAddress('');
            }}
          >
            Add photo
          </button>
        </div>
      </details>
    </div>
  );
}
