import { Controller, get, useFormState } from 'react-hook-form';
import { newPhotosSchema, type NewPhotosInput } from '@shop/contracts/media';
import { useAuth } from '../../../lib/auth-session';
import { Form, FormError, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { listPrimary } from '../list-page/list-page';
import { mediaApi } from './media-api';
import { PhotoManager, type PhotoErrors } from './photo-manager';

/** Each photo's first problem by its place, and the list's at -1, as the photo manager shows. */
function usePhotoErrors(): PhotoErrors {
  const { errors } = useFormState<NewPhotosInput>({ name: 'photos' });
  const found: PhotoErrors = {};
  const list = get(errors, 'photos') as
    | ({ message?: string } & Record<number, Record<string, { message?: string }> | undefined>)
    | undefined;
  if (!list) return found;
  if (list.message) found[-1] = list.message;
  for (const [key, photo] of Object.entries(list)) {
    const index = Number(key);
    if (!Number.isInteger(index) || !photo) continue;
    const problem = Object.values(photo).find((part) => part?.message)?.message;
    if (problem) found[index] = problem;
  }
  return found;
}

/** The photo manager on the form's list; a change clears the last save's word. */
function Photos({ onChanged }: { onChanged: () => void }) {
  const errors = usePhotoErrors();
  return (
    <Controller<NewPhotosInput, 'photos'>
      name="photos"
      render={({ field }) => (
        <PhotoManager
          label="New photos"
          value={field.value}
          onChange={(next) => {
            field.onChange(next);
            onChanged();
          }}
          errors={errors}
        />
      )}
    />
  );
}

/**
 * New photos: uploaded, described and given a focal point with the same photo manager the
 * product, banner and article forms use; saving keeps each one's alt text and focal point as
 * what the forms offer it with.
 */
export function NewPhotos({ onSaved }: { onSaved: () => void }) {
  const { authed } = useAuth();
  const form = useAdminForm(
    newPhotosSchema,
    { photos: [] },
    { invalidMessage: 'Every photo needs its alt text before saving.' },
  );
  const count = form.watch('photos').length;

  async function save({ photos }: { photos: NewPhotosInput['photos'] }) {
    try {
      for (const photo of photos) {
        await authed((api) =>
          mediaApi(api).updateDetails(photo.mediaId, {
            alt: photo.alt,
            focalX: photo.focalX ?? 0.5,
            focalY: photo.focalY ?? 0.5,
          }),
        );
      }
    } catch (error) {
      // A refusal without words of its own still says what failed.
      throw error instanceof Error && error.message
        ? error
        : new Error('Failed to save the photos');
    }
    form.reset({ photos: [] });
    onSaved();
    return `Saved ${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}.`;
  }

  return (
    <Form
      form={form}
      onSubmit={save}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <Photos onChanged={() => form.setStatus(null)} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={form.busy} disabled={count === 0} className={listPrimary}>
          Save photo details
        </SubmitButton>
        <FormError
          status={form.status}
          className={`text-sm ${form.status?.ok ? 'text-ink' : 'text-brand-800'}`}
        />
      </div>
    </Form>
  );
}
