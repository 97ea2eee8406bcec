import { useState } from 'react';
import type { ProductPhotoInput } from '@shop/contracts/products-admin';

/**
 * What the product form needs of a photo editor: a colour's photos in order, each an uploaded
 * image (its media id and address) with alt text, and a way to hand back the changed list. The
 * back office's photo manager (upload, drag and keyboard reordering, focal point) takes this
 * place with the same props; until then photos are added by their address.
 */
export interface ColorPhotosProps {
  /** Names the controls for a screen reader: "Black". */
  colorName: string;
  /** Ids of this colour's fields, unique on the page. */
  idPrefix: string;
  photos: ProductPhotoInput[];
  onChange: (photos: ProductPhotoInput[]) => void;
  /** The message of each photo's field that the schema refused, by index and field. */
  errorOf: (index: number, field: 'url' | 'alt') => string | undefined;
}

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const small =
  'rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-40';

export function ColorPhotosField({
  colorName,
  idPrefix,
  photos,
  onChange,
  errorOf,
}: ColorPhotosProps) {
  const [address, setAddress] = useState('');
  const name = colorName.trim() || 'this colour';

  const move = (from: number, to: number) => {
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    onChange(next);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Photos of {name}</legend>
      {photos.length === 0 ? <p className="text-sm text-muted">No photos yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {photos.map((photo, index) => {
          const altId = `${idPrefix}-alt-${index}`;
          const altError = errorOf(index, 'alt');
          const urlError = errorOf(index, 'url');
          return (
            <li
              key={`${photo.url}-${index}`}
              className="flex flex-col gap-2 rounded-xl border border-line p-3 sm:flex-row"
            >
              <img
                src={photo.url}
                alt=""
                width={64}
                height={80}
                className="h-20 w-16 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="break-all text-xs text-muted">{photo.url}</p>
                {urlError ? <p className="text-xs text-brand-800">{urlError}</p> : null}
                <label htmlFor={altId} className="mt-1 block text-sm font-medium">
                  Alt text, photo {index + 1}
                </label>
                <input
                  id={altId}
                  value={photo.alt}
                  aria-invalid={altError ? true : undefined}
                  aria-describedby={altError ? `${altId}-error` : undefined}
                  onChange={(event) =>
                    onChange(
                      photos.map((entry, at) =>
                        at === index ? { ...entry, alt: event.target.value } : entry,
                      ),
                    )
                  }
                  className={field}
                />
                {altError ? (
                  <p id={`${altId}-error`} className="mt-1 text-sm text-brand-800">
                    {altError}
                  </p>
                ) : null}
              </div>
              <div className="flex gap-1 sm:flex-col">
                <button
                  type="button"
                  className={small}
                  disabled={index === 0}
                  aria-label={`Move photo ${index + 1} of ${name} earlier`}
                  onClick={() => move(index, index - 1)}
                >
                  Earlier
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={index === photos.length - 1}
                  aria-label={`Move photo ${index + 1} of ${name} later`}
                  onClick={() => move(index, index + 1)}
                >
                  Later
                </button>
                <button
                  type="button"
                  className={small}
                  aria-label={`Remove photo ${index + 1} of ${name}`}
                  onClick={() => onChange(photos.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${idPrefix}-address`} className="block text-sm font-medium">
            Add a photo of {name} by its address
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
          disabled={address.trim() === ''}
          onClick={() => {
            onChange([...photos, { mediaId: null, url: address.trim(), alt: '' }]);
            setAddress('');
          }}
        >
          Add photo
        </button>
      </div>
    </fieldset>
  );
}
