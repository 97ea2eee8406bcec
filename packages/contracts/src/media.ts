// The back office's photos: an upload's answer, the library's list, a photo's details, and the
// photo manager's value (what a product colour, banner or article keeps of each photo). One
// schema each, used by the admin forms and the routes. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { uploadFormats, uploadMessages } from '@shop/domain/media-uploads';
import { requiredText, successEnvelope } from './common-mini.ts';
import { keysetPageQuery, nextCursor } from './keyset-page.ts';

export const photoMessages = {
  altRequired: 'Describe this photo for shoppers who cannot see it (alt text).',
  focalInvalid: 'The focal point must lie inside the photo.',
  mediaIdInvalid: 'Upload the photo again: it has no id.',
  tooMany: (max: number) => `At most ${max} photos.`,
  notFound: uploadMessages.notFound,
} as const;

/** The most photos one photo manager holds (a product colour: front, back, details, on model). */
export const MAX_PHOTOS = 12;
/** Alt text is a sentence, not an article. */
export const MAX_ALT_LENGTH = 250;

/** A point of a photo as fractions of its width and height: what a crop keeps in view. */
const fraction = z
  .number({ error: photoMessages.focalInvalid })
  .check(
    z.minimum(0, { error: photoMessages.focalInvalid }),
    z.maximum(1, { error: photoMessages.focalInvalid }),
  );

/** One photo in a form: the uploaded file, its alt text and its focal point. */
export const photoSchema = z.object({
  mediaId: z
    .string({ error: photoMessages.mediaIdInvalid })
    .check(z.regex(/^[0-9a-f-]{36}$/i, { error: photoMessages.mediaIdInvalid })),
  url: z.string().check(z.regex(/^\/media\/uploads\/[0-9a-f-]{36}$/)),
  alt: requiredText(photoMessages.altRequired, MAX_ALT_LENGTH),
  focalX: z._default(fraction, 0.5),
  focalY: z._default(fraction, 0.5),
});
export type PhotoInput = z.input<typeof photoSchema>;
export type Photo = z.output<typeof photoSchema>;

/** The photo manager's value, in the order shoppers see the photos. */
export const photoListSchema = z
  .array(photoSchema)
  .check(z.maxLength(MAX_PHOTOS, { error: photoMessages.tooMany(MAX_PHOTOS) }));
export type PhotoList = z.output<typeof photoListSchema>;

/**
 * The media library's "new photos" form: each photo's details are saved with
 * `PATCH /admin/media/{id}` (`mediaDetailsSchema`, the same alt text rule), in the list's order.
 */
export const newPhotosSchema = z.object({ photos: photoListSchema });
export type NewPhotosInput = z.input<typeof newPhotosSchema>;

/** `POST /admin/media` (multipart, field `file`): the stored photo. */
export const mediaUploaded = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type MediaUploaded = z.infer<typeof mediaUploaded>;
export const mediaUploadedResponse = successEnvelope(mediaUploaded);

/** `PATCH /admin/media/{id}`: the alt text and focal point a photo is offered with. */
export const mediaDetailsSchema = z.object({
  alt: requiredText(photoMessages.altRequired, MAX_ALT_LENGTH),
  focalX: fraction,
  focalY: fraction,
});
export type MediaDetailsInput = z.input<typeof mediaDetailsSchema>;

/** `GET /admin/media`: the library, newest first, a page at a time by keyset cursor. */
export const mediaLibraryQuery = z.object({ ...keysetPageQuery(24) });
export type MediaLibraryQueryInput = z.input<typeof mediaLibraryQuery>;
export type MediaLibraryQuery = z.output<typeof mediaLibraryQuery>;

export const mediaItem = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.enum(uploadFormats),
  bytes: z.number(),
  alt: z.nullable(z.string()),
  focalX: z.nullable(z.number()),
  focalY: z.nullable(z.number()),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const mediaLibraryPage = z.object({ media: z.array(mediaItem), next: nextCursor });
export type MediaLibraryPage = z.infer<typeof mediaLibraryPage>;
export const mediaLibraryResponse = successEnvelope(mediaLibraryPage);
export const mediaItemResponse = successEnvelope(mediaItem);
