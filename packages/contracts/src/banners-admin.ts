// The back office's banners: the one schema of a banner as the owner edits it (shared by the
// form and POST/PATCH /api/admin/banners, with the domain's schedule rule), and the answers.
// zod/mini because the form ships it to the browser.
import * as z from 'zod/mini';
import { bannerRuleMessages, scheduleIssue } from '@shop/domain/banners';
import { optionalText, requiredText, successEnvelope } from './common-mini.ts';

export const bannerFormMessages = {
  name: 'Name the banner (shown to screen readers and in this list).',
  link: 'Enter a link such as /products/bras or https://…, or leave it empty.',
  image: 'Upload the picture again.',
  moment: 'Enter a date and time, or leave it empty.',
  endBeforeStart: bannerRuleMessages.endBeforeStart,
  noImage: bannerRuleMessages.noImage,
} as const;

const imageAddress = z.nullable(
  z.string({ error: bannerFormMessages.image }).check(
    z.regex(/^\/media\/[A-Za-z0-9/_.-]+(\?[A-Za-z0-9=&]*)?$/, {
      error: bannerFormMessages.image,
    }),
    z.maxLength(300),
  ),
);

/** An instant as ISO text with its offset (the form sends the shop's local time converted), or null. */
const moment = z.nullable(z.iso.datetime({ offset: true, error: bannerFormMessages.moment }));

/** A banner as the form saves it. */
export const bannerInput = z
  .object({
    name: requiredText(bannerFormMessages.name, 120),
    image: imageAddress,
    mobileImage: imageAddress,
    link: optionalText(bannerFormMessages.link, 500),
    isActive: z._default(z.boolean(), true),
    startsAt: moment,
    endsAt: moment,
  })
  .check(
    z.refine((banner) => banner.image !== null || banner.mobileImage !== null, {
      error: bannerFormMessages.noImage,
      path: ['image'],
    }),
    z.refine(
      (banner) =>
        scheduleIssue({
          startsAt: banner.startsAt ? new Date(banner.startsAt) : null,
          endsAt: banner.endsAt ? new Date(banner.endsAt) : null,
        }) === null,
      { error: bannerFormMessages.endBeforeStart, path: ['endsAt'] },
    ),
  );
export type BannerInput = z.infer<typeof bannerInput>;

export const bannerIdParams = z.object({
  id: z.string().check(z.uuid({ error: 'Invalid banner id' })),
});

export const adminBanner = z.object({
  id: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  mobileImage: z.nullable(z.string()),
  link: z.string(),
  position: z.number(),
  isActive: z.boolean(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  /** Whether the storefront shows it now (active and inside its schedule). */
  showingNow: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const adminBannerListResponse = successEnvelope(z.array(adminBanner));
export const adminBannerResponse = successEnvelope(adminBanner);
export const bannerDeletionResponse = successEnvelope(z.object({ id: z.string() }));
