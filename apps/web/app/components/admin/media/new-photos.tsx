import { useState, type FormEvent } from 'react';
import type { PhotoInput } from '@shop/contracts/media';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { listPrimary } from '../list-page/list-page';
import { mediaApi } from './media-api';
import { PhotoManager, validatePhotos, type PhotoErrors } from './photo-manager';

/**
 * New photos: uploaded, described and given a focal point with the same photo manager the
 * product, banner and article forms use; saving keeps each one's alt text and focal point as
 * what the forms offer it with.
 */
export function NewPhotos({ onSaved }: { onSaved: () => void }) {
  const { authed } = useAuth();
  const [photos, setPhotos] = useState<PhotoInput[]>([]);
  const [errors, setErrors] = useState<PhotoErrors>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validatePhotos(photos);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ kind: 'error', text: 'Every photo needs its alt text before saving.' });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      for (const photo of checked.photos) {
        await authed((api) =>
          mediaApi(api).updateDetails(photo.mediaId, {
            alt: photo.alt,
            focalX: photo.focalX ?? 0.5,
            focalY: photo.focalY ?? 0.5,
          }),
        );
      }
      setStatus({
        kind: 'ok',
        text: `Saved ${checked.photos.length} ${checked.photos.length === 1 ? 'photo' : 'photos'}.`,
      });
      setPhotos([]);
      onSaved();
    } catch (error) {
      setStatus({ kind: 'error', text: errorMessage(error, 'Failed to save the photos') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <PhotoManager
        label="New photos"
        value={photos}
        onChange={(next) => {
          setPhotos(next);
          setStatus(null);
        }}
        errors={errors}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={saving || photos.length === 0} className={listPrimary}>
          {saving ? 'Saving...' : 'Save photo details'}
        </button>
        {status ? (
          <p
            role={status.kind === 'error' ? 'alert' : 'status'}
            className={`text-sm ${status.kind === 'error' ? 'text-brand-800' : 'text-ink'}`}
          >
            {status.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
