// Reviews that carry fit: the shopper's form, the product page's list and summary, what she may
// review, the photo upload's answer, and the back office's moderation desk. One schema each, used
// by the screens and the routes alike. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { isUuid } from '@shop/domain/ids';
import {
  bandFits,
  cupFits,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  MAX_REVIEW_TITLE,
  reviewDecisions,
  reviewFlags,
  reviewMessages,
  reviewRejectReasons,
  reviewSorts,
  reviewStates,
} from '@shop/domain/reviews';
import { optionalText, plainText, requiredText, successEnvelope } from './common-mini.ts';
import { keysetPageQuery, nextCursor } from './keyset-page.ts';

export { reviewMessages };

const uuid = (message: string) =>
  z.string({ error: message }).check(z.refine(isUuid, { error: message }));

/** `fit` of a review: overall 1 (runs small) … 3 (true to size) … 5 (runs large), band and cups. */
export const reviewFitSchema = z.object({
  overall: z
    .number({ error: reviewMessages.fitOverallInvalid })
    .check(
      z.int({ error: reviewMessages.fitOverallInvalid }),
      z.minimum(1, { error: reviewMessages.fitOverallInvalid }),
      z.maximum(5, { error: reviewMessages.fitOverallInvalid }),
    ),
  band: z.optional(z.nullable(z.enum(bandFits, { error: reviewMessages.bandInvalid }))),
  cup: z.optional(z.nullable(z.enum(cupFits, { error: reviewMessages.cupInvalid }))),
});
export type ReviewFitInput = z.input<typeof reviewFitSchema>;

/** The fields a shopper writes (the new review's form and the edit of one sent back to her). */
const reviewFields = {
  rating: z
    .number({ error: reviewMessages.ratingInvalid })
    .check(
      z.int({ error: reviewMessages.ratingInvalid }),
      z.minimum(1, { error: reviewMessages.ratingInvalid }),
      z.maximum(5, { error: reviewMessages.ratingInvalid }),
    ),
  title: optionalText(reviewMessages.titleInvalid, MAX_REVIEW_TITLE),
  text: requiredText(reviewMessages.textRequired, MAX_REVIEW_TEXT, 'multiline'),
  recommend: z.boolean({ error: reviewMessages.recommendRequired }),
  fit: z.optional(z.nullable(reviewFitSchema)),
  photos: z._default(
    z
      .array(uuid(reviewMessages.photoInvalid))
      .check(z.maxLength(MAX_REVIEW_PHOTOS, { error: reviewMessages.tooManyPhotos })),
    [],
  ),
  anonymous: z._default(z.boolean(), false),
};

/** `POST /api/product/{productId}/reviews` (signed in): a review of one delivered order line. */
export const createReviewSchema = z.object({
  orderItemId: uuid(reviewMessages.orderItemInvalid),
  ...reviewFields,
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;
export type CreateReview = z.output<typeof createReviewSchema>;

/**
 * `PUT /api/reviews/{id}` (signed in, the author): the review sent back to fix (rejected with an
 * editable reason), resent whole; it goes back to `pending` for a person to read again.
 */
export const editReviewSchema = z.object(reviewFields);
export type EditReviewInput = z.input<typeof editReviewSchema>;
export type EditReview = z.output<typeof editReviewSchema>;

/** A size as shoppers and charts write it ('32C', '34DD', 'M', '3XL'). */
const sizeParam = z
  .string({ error: reviewMessages.sizeInvalid })
  .check(
    z.trim(),
    z.minLength(1, { error: reviewMessages.sizeInvalid }),
    z.maxLength(12, { error: reviewMessages.sizeInvalid }),
    z.regex(/^[0-9A-Za-z+/ -]+$/, { error: reviewMessages.sizeInvalid }),
  );

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ error: `Invalid ${name}: must be a whole number from 1 to ${max}` })
    .check(
      z.int({ error: `Invalid ${name}: must be a whole number from 1 to ${max}` }),
      z.minimum(1, { error: `Invalid ${name}: must be a whole number from 1 to ${max}` }),
      z.maximum(max, { error: `Invalid ${name}: must be a whole number from 1 to ${max}` }),
    );

export const MAX_REVIEWS_PAGE = 50;

/**
 * `GET /api/product/{productId}/reviews`: approved reviews a page at a time; `size` keeps those
 * whose reviewer bought that size, with `sisterSizes=true` also its sister sizes in the product's
 * own chart.
 */
export const reviewListQuery = z.object({
  page: z._default(positiveInt('page', 10_000), 1),
  limit: z._default(positiveInt('limit', MAX_REVIEWS_PAGE), 10),
  sort: z._default(
    z.enum(reviewSorts, { error: `Invalid sort: must be one of ${reviewSorts.join(', ')}` }),
    'newest',
  ),
  size: z.optional(sizeParam),
  sisterSizes: z._default(
    z.pipe(
      z.enum(['true', 'false'], { error: 'Invalid sisterSizes: must be true or false' }),
      z.transform((value) => value === 'true'),
    ),
    false,
  ),
});
export type ReviewListQueryInput = z.input<typeof reviewListQuery>;
export type ReviewListQuery = z.output<typeof reviewListQuery>;

const fitAnswer = z.object({
  overall: z.number(),
  band: z.nullable(z.enum(bandFits)),
  cup: z.nullable(z.enum(cupFits)),
});

export const reviewPhoto = z.object({ id: z.string(), url: z.string() });
export type ReviewPhoto = z.infer<typeof reviewPhoto>;

/** The shop's answer to a review, shown on the product page only when public. */
export const reviewReply = z.object({ text: z.string(), repliedAt: z.string() });

/** A review as the product page shows it. */
export const publicReview = z.object({
  _id: z.string(),
  /** 'Priya S.' or 'Verified buyer'. */
  author: z.string(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  recommend: z.boolean(),
  /** The size of the order line she reviewed. */
  sizeBought: z.string(),
  /** Her usual size from her profile when she wrote it; null when unknown. */
  usualSize: z.nullable(z.string()),
  fit: z.nullable(fitAnswer),
  photos: z.array(reviewPhoto),
  createdAt: z.string(),
  helpfulCount: z.number(),
  reply: z.nullable(reviewReply),
});
export type PublicReview = z.infer<typeof publicReview>;

/** A product's approved reviews in numbers; the fit's shares are whole percents. */
export const reviewSummarySchema = z.object({
  average: z.number(),
  count: z.number(),
  distribution: z.object({
    1: z.number(),
    2: z.number(),
    3: z.number(),
    4: z.number(),
    5: z.number(),
  }),
  fit: z.object({
    count: z.number(),
    trueToSize: z.number(),
    runsSmall: z.number(),
    runsLarge: z.number(),
    band: z.object({ tight: z.number(), right: z.number(), loose: z.number() }),
    cup: z.object({ small: z.number(), right: z.number(), big: z.number() }),
  }),
});
export type ReviewSummaryAnswer = z.infer<typeof reviewSummarySchema>;

export const reviewListAnswer = z.object({
  reviews: z.array(publicReview),
  /** Of all the product's approved reviews, whatever the size filter. */
  summary: reviewSummarySchema,
  page: z.number(),
  limit: z.number(),
  /** Reviews matching the filter. */
  total: z.number(),
  totalPages: z.number(),
});
export type ReviewListAnswer = z.infer<typeof reviewListAnswer>;
export const reviewListResponse = successEnvelope(reviewListAnswer);

/** The author's own review, as she wrote it (what the edit form starts from). */
export const ownReview = z.object({
  _id: z.string(),
  productId: z.string(),
  orderItemId: z.string(),
  state: z.enum(reviewStates),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  recommend: z.boolean(),
  anonymous: z.boolean(),
  sizeBought: z.string(),
  usualSize: z.nullable(z.string()),
  fit: z.nullable(fitAnswer),
  photos: z.array(reviewPhoto),
  /** Why staff sent it back or took it down; null unless rejected. */
  reasonCode: z.nullable(z.enum(reviewRejectReasons)),
  /** Whether she may edit and resend it (rejected with an editable reason). */
  canEdit: z.boolean(),
  createdAt: z.string(),
});
export type OwnReview = z.infer<typeof ownReview>;

/** `POST /api/product/{productId}/reviews` → 201 `{ review }` (state `pending`). */
export const reviewCreatedAnswer = z.object({ review: ownReview });
export const reviewCreatedResponse = successEnvelope(reviewCreatedAnswer);

/**
 * `GET /api/product/{productId}/reviews/mine` (signed in): her delivered lines of this product not
 * yet reviewed ('Write a review'), and those she reviewed with their state.
 */
export const myProductReviews = z.object({
  reviewable: z.array(
    z.object({
      orderItemId: z.string(),
      orderNumber: z.string(),
      size: z.string(),
      colorName: z.string(),
      deliveredAt: z.string(),
    }),
  ),
  reviewed: z.array(
    z.object({
      orderItemId: z.string(),
      reviewId: z.string(),
      state: z.enum(reviewStates),
      reasonCode: z.nullable(z.enum(reviewRejectReasons)),
      canEdit: z.boolean(),
      review: ownReview,
    }),
  ),
});
export type MyProductReviews = z.infer<typeof myProductReviews>;
export const myProductReviewsResponse = successEnvelope(myProductReviews);

/** `POST /api/reviews/photos` (signed in, multipart field `file`): the stored photo. */
export const reviewPhotoUploaded = reviewPhoto;
export const reviewPhotoUploadedResponse = successEnvelope(reviewPhotoUploaded);

/** `POST /api/reviews/{id}/helpful` (signed in): the count after her vote (once per account). */
export const reviewHelpfulAnswer = z.object({ helpfulCount: z.number() });
export const reviewHelpfulResponse = successEnvelope(reviewHelpfulAnswer);

// ---- Back office: the moderation desk ----

export const adminReviewsQuery = z.object({
  state: z._default(
    z.enum(reviewStates, { error: `Invalid state: must be one of ${reviewStates.join(', ')}` }),
    'pending',
  ),
  ...keysetPageQuery(20),
});
export type AdminReviewsQueryInput = z.input<typeof adminReviewsQuery>;
export type AdminReviewsQuery = z.output<typeof adminReviewsQuery>;

export const adminReviewRow = z.object({
  _id: z.string(),
  state: z.enum(reviewStates),
  product: z.object({ _id: z.string(), name: z.string(), slug: z.string(), image: z.string() }),
  author: z.object({
    _id: z.string(),
    /** How the product page shows her. */
    displayName: z.string(),
    name: z.string(),
    email: z.string(),
    anonymous: z.boolean(),
  }),
  orderNumber: z.string(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  recommend: z.boolean(),
  sizeBought: z.string(),
  usualSize: z.nullable(z.string()),
  fit: z.nullable(fitAnswer),
  photos: z.array(reviewPhoto),
  flags: z.array(z.enum(reviewFlags)),
  reasonCode: z.nullable(z.enum(reviewRejectReasons)),
  reply: z.nullable(z.object({ text: z.string(), public: z.boolean(), repliedAt: z.string() })),
  helpfulCount: z.number(),
  createdAt: z.string(),
  /** When she last sent it (its creation, or the resend after an edit). */
  submittedAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type AdminReviewRow = z.infer<typeof adminReviewRow>;

/** `GET /api/admin/reviews?state=`: oldest submission first, a keyset cursor for the next page. */
export const adminReviewsPage = z.object({ reviews: z.array(adminReviewRow), next: nextCursor });
export type AdminReviewsPage = z.infer<typeof adminReviewsPage>;
export const adminReviewsResponse = successEnvelope(adminReviewsPage);

/**
 * `PATCH /api/admin/reviews/{id}`: approve, or reject with a reason; a reply (public on the
 * product page, or private to the author by mail) may go with either.
 */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(reviewDecisions, { error: reviewMessages.decisionInvalid }),
    reasonCode: z.optional(z.enum(reviewRejectReasons, { error: reviewMessages.reasonInvalid })),
    reply: z.optional(
      z
        .string({ error: reviewMessages.replyInvalid })
        .check(
          z.trim(),
          plainText(reviewMessages.replyInvalid, 'multiline'),
          z.maxLength(MAX_REVIEW_REPLY, { error: `At most ${MAX_REVIEW_REPLY} characters.` }),
        ),
    ),
    replyPublic: z._default(z.boolean(), false),
  })
  .check(
    z.refine((input) => input.decision !== 'reject' || input.reasonCode !== undefined, {
      error: reviewMessages.reasonRequired,
      path: ['reasonCode'],
    }),
    z.refine((input) => input.decision !== 'approve' || input.reasonCode === undefined, {
      error: reviewMessages.reasonOnlyOnReject,
      path: ['reasonCode'],
    }),
  );
export type ReviewDecisionInput = z.input<typeof reviewDecisionSchema>;
export type ReviewDecisionBody = z.output<typeof reviewDecisionSchema>;
export const adminReviewResponse = successEnvelope(adminReviewRow);
