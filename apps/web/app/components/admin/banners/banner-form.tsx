import { useController } from 'react-hook-form';
import { bannerInput, type AdminBanner, type BannerInput } from '@shop/contracts/banners-admin';
import { mediaUrl } from '../../../lib/media';
import { PhotoDropZone, UploadList, usePhotoUploads } from '../media/photo-manager';
import { Checkbox, DateField, Field, FieldMessage, Form, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';

const button =
  'rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-40';

/**
 * One banner picture, uploaded through the photo library's pipeline (the photo manager's drop
 * zone and upload list): a banner has exactly one picture per width and no alt text of its own
 * (its name is the alt text), so the manager's list, order and alt fields do not apply.
 */
function BannerPicture({
  name,
  label,
  hint,
  previewWidth,
  aspect,
}: {
  name: 'image' | 'mobileImage';
  label: string;
  hint: string;
  previewWidth: number;
  aspect: string;
}) {
  const {
    field: { value, onChange },
  } = useController<BannerInput, typeof name>({ name });
  const { uploads, add, dismiss } = usePhotoUploads((photo) => onChange(photo.url));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{label}</legend>
      <p className="text-xs text-muted">{hint}</p>
      {value ? (
        <div className="flex flex-col gap-2">
          {/* The preview at the width's own shape, as the storefront crops it. */}
          <img
            src={mediaUrl(value, previewWidth)}
            alt={`${label} preview`}
            className={`w-full rounded-xl border border-line object-cover ${aspect}`}
          />
          <button type="button" className={`${button} self-start`} onClick={() => onChange(null)}>
            Remove {label.toLowerCase()}
          </button>
        </div>
      ) : (
        <PhotoDropZone
          label={`Upload the ${label.toLowerCase()}`}
          onFiles={(files) => add(files.slice(0, 1))}
        />
      )}
      <UploadList uploads={uploads} onDismiss={dismiss} />
    </fieldset>
  );
}

const valuesOf = (banner: AdminBanner | null): BannerInput => ({
  name: banner?.name ?? '',
  link: banner?.link ?? '',
  image: banner?.image ?? null,
  mobileImage: banner?.mobileImage ?? null,
  isActive: banner?.isActive ?? true,
  startsAt: banner?.startsAt ?? null,
  endsAt: banner?.endsAt ?? null,
});

/**
 * A banner's form, checked by the route's own schema (an end before the start, no picture) before
 * it is sent; times are typed in India time. The screen saves it and shows the answer, so each
 * problem here is announced on its own.
 */
export function BannerForm({
  banner,
  busy,
  onSave,
  onCancel,
}: {
  banner: AdminBanner | null;
  busy: boolean;
  onSave: (input: BannerInput) => void;
  onCancel: () => void;
}) {
  const form = useAdminForm(bannerInput, valuesOf(banner));
  const submitText = banner ? 'Save banner' : 'Add banner';
  return (
    <Form
      form={form}
      onSubmit={onSave}
      announceProblems
      aria-labelledby="banner-form-title"
      className="grid gap-4 rounded-2xl border border-line bg-white p-4 md:grid-cols-2"
    >
      <h2 id="banner-form-title" className="font-medium md:col-span-2">
        {banner ? `Edit ${banner.name}` : 'New banner'}
      </h2>
      <Field name="name" id="banner-name" label="Name" />
      <Field name="link" id="banner-link" label="Link" placeholder="/products/bras" />
      <BannerPicture
        name="image"
        label="Desktop picture"
        hint="1920 × 680 pixels; keep the words inside the middle 1200."
        previewWidth={1200}
        aspect="aspect-[1920/680]"
      />
      <BannerPicture
        name="mobileImage"
        label="Mobile picture"
        hint="800 × 1000 pixels. Leave a width empty to show the banner on the other only."
        previewWidth={400}
        aspect="aspect-[4/5] max-w-60"
      />
      <div className="md:col-span-2">
        <FieldMessage name="image" id="banner-image-problem" />
      </div>
      <DateField name="startsAt" id="banner-starts" label="Shows from (India time)" />
      <DateField name="endsAt" id="banner-ends" label="Shows until (India time)" />
      <Checkbox
        name="isActive"
        className="md:col-span-2"
        label="Active (shown while its schedule includes now)"
      />
      <div className="flex gap-2 md:col-span-2">
        <SubmitButton
          busy={busy}
          busyText={submitText}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {submitText}
        </SubmitButton>
        <button type="button" className={button} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
