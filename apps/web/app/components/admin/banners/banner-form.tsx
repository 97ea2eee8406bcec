import { useState, type FormEvent } from 'react';
import { bannerInput, type AdminBanner, type BannerInput } from '@shop/contracts/banners-admin';
import { mediaUrl } from '../../../lib/media';
import { PhotoDropZone, UploadList, usePhotoUploads } from '../media/photo-manager';
import { fromIndiaInput, toIndiaInput } from '../discounts/india-time';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const button =
  'rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-40';

/**
 * One banner picture, uploaded through the photo library's pipeline (the photo manager's drop
 * zone and upload list): a banner has exactly one picture per width and no alt text of its own
 * (its name is the alt text), so the manager's list, order and alt fields do not apply.
 */
function BannerPicture({
  label,
  hint,
  value,
  onChange,
  previewWidth,
  aspect,
}: {
  label: string;
  hint: string;
  value: string | null;
  onChange: (url: string | null) => void;
  previewWidth: number;
  aspect: string;
}) {
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

type Values = {
  name: string;
  link: string;
  image: string | null;
  mobileImage: string | null;
  isActive: boolean;
  startsAt: string;
  endsAt: string;
};

const valuesOf = (banner: AdminBanner | null): Values => ({
  name: banner?.name ?? '',
  link: banner?.link ?? '',
  image: banner?.image ?? null,
  mobileImage: banner?.mobileImage ?? null,
  isActive: banner?.isActive ?? true,
  startsAt: toIndiaInput(banner?.startsAt ?? null),
  endsAt: toIndiaInput(banner?.endsAt ?? null),
});

/**
 * A banner's form, checked by the route's own schema (an end before the start, no picture) before
 * it is sent; times are typed in India time.
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
  const [values, setValues] = useState<Values>(() => valuesOf(banner));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = bannerInput.safeParse({
      ...values,
      startsAt: fromIndiaInput(values.startsAt),
      endsAt: fromIndiaInput(values.endsAt),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0] ?? 'form')] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    onSave(parsed.data);
  }

  const problem = (key: string) =>
    problems[key] ? (
      <p id={`banner-${key}-problem`} role="alert" className="mt-1 text-sm text-brand-800">
        {problems[key]}
      </p>
    ) : null;
  const described = (key: string) =>
    problems[key] ? { 'aria-invalid': true, 'aria-describedby': `banner-${key}-problem` } : {};

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="banner-form-title"
      className="grid gap-4 rounded-2xl border border-line bg-white p-4 md:grid-cols-2"
    >
      <h2 id="banner-form-title" className="font-medium md:col-span-2">
        {banner ? `Edit ${banner.name}` : 'New banner'}
      </h2>
      <div>
        <label htmlFor="banner-name" className="block text-sm font-medium">
          Name
        </label>
        <input
          id="banner-name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          className={field}
          {...described('name')}
        />
        {problem('name')}
      </div>
      <div>
        <label htmlFor="banner-link" className="block text-sm font-medium">
          Link
        </label>
        <input
          id="banner-link"
          value={values.link}
          placeholder="/products/bras"
          onChange={(event) => set('link', event.target.value)}
          className={field}
          {...described('link')}
        />
        {problem('link')}
      </div>
      <BannerPicture
        label="Desktop picture"
        hint="1920 × 680 pixels; keep the words inside the middle 1200."
        value={values.image}
        onChange={(url) => set('image', url)}
        previewWidth={1200}
        aspect="aspect-[1920/680]"
      />
      <BannerPicture
        label="Mobile picture"
        hint="800 × 1000 pixels. Leave a width empty to show the banner on the other only."
        value={values.mobileImage}
        onChange={(url) => set('mobileImage', url)}
        previewWidth={400}
        aspect="aspect-[4/5] max-w-60"
      />
      <div className="md:col-span-2">{problem('image')}</div>
      <div>
        <label htmlFor="banner-starts" className="block text-sm font-medium">
          Shows from (India time)
        </label>
        <input
          id="banner-starts"
          type="datetime-local"
          value={values.startsAt}
          onChange={(event) => set('startsAt', event.target.value)}
          className={field}
          {...described('startsAt')}
        />
        {problem('startsAt')}
      </div>
      <div>
        <label htmlFor="banner-ends" className="block text-sm font-medium">
          Shows until (India time)
        </label>
        <input
          id="banner-ends"
          type="datetime-local"
          value={values.endsAt}
          onChange={(event) => set('endsAt', event.target.value)}
          className={field}
          {...described('endsAt')}
        />
        {problem('endsAt')}
      </div>
      <label className="flex items-center gap-2 text-sm md:col-span-2">
        <input
          type="checkbox"
          checked={values.isActive}
          onChange={(event) => set('isActive', event.target.checked)}
          className="h-4 w-4 accent-brand-600"
        />
        Active (shown while its schedule includes now)
      </label>
      <div className="flex gap-2 md:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {banner ? 'Save banner' : 'Add banner'}
        </button>
        <button type="button" className={button} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
