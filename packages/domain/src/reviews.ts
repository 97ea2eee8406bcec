/**
 * Product reviews that carry fit: who may write one, how the shop's moderation moves it, how a
 * reviewer is shown, and the arithmetic of a product's summary (average, distribution, fit shares).
 * Services and screens ask this module; no review state or fit answer is compared anywhere else.
 */
import { averageRating } from './catalogue.ts';
import { hasBeenPaid, type OrderStatus } from './orders.ts';
import { braSisterSizes, type SizeChartData } from './size-charts.ts';

export const reviewStates = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

export const reviewRatings = [1, 2, 3, 4, 5] as const;
export type ReviewRating = (typeof reviewRatings)[number];

/** How a bra's band sat and how its cups fitted, as the reviewer felt them. */
export const bandFits = ['tight', 'right', 'loose'] as const;
export type BandFit = (typeof bandFits)[number];
export const cupFits = ['small', 'right', 'big'] as const;
export type CupFit = (typeof cupFits)[number];

/** The fit a reviewer reports: `overall` 1 runs small, 3 true to size, 5 runs large. */
export interface ReviewFit {
  overall: number;
  band?: BandFit | null;
  cup?: CupFit | null;
}

export const MAX_REVIEW_PHOTOS = 3;
export const MAX_REVIEW_TITLE = 120;
export const MAX_REVIEW_TEXT = 4000;
export const MAX_REVIEW_REPLY = 2000;
/** The review request mail goes this many days after an order's delivery. */
export const REVIEW_REQUEST_DELAY_DAYS = 7;

export const reviewMessages = {
  notDeliveredBuyer: 'Only buyers whose order was delivered can review this product',
  alreadyReviewed:
    'You have already reviewed this item from this order: each item you bought can be reviewed once',
  notFound: 'Review not found',
  productNotFound: 'Product not found',
  ratingInvalid: 'Choose a rating from 1 to 5 stars',
  textRequired: 'Write a few words about the product',
  titleInvalid: 'The title must be plain text',
  recommendRequired: 'Say whether you would recommend it',
  orderItemInvalid: 'Choose the item from your order that you are reviewing',
  fitOverallInvalid: 'Choose how it fits from 1 (runs small) to 5 (runs large)',
  bandInvalid: 'Choose how the band fits: tight, right or loose',
  cupInvalid: 'Choose how the cups fit: small, right or big',
  photoInvalid: 'Upload the photo again: it has no id',
  tooManyPhotos: `At most ${MAX_REVIEW_PHOTOS} photos.`,
  photoNotYours: 'Upload the photo again: it was not found among your uploads',
  decisionInvalid: 'Choose approve or reject',
  reasonRequired: 'Choose why the review is rejected',
  reasonOnlyOnReject: 'A reason is given only when rejecting a review',
  reasonInvalid: 'Unknown reason',
  replyInvalid: 'The reply must be plain text',
  notEditable: 'This review cannot be changed: only a review sent back to you to fix can be edited',
  sizeInvalid: 'Unknown size',
  unsubscribeInvalid: 'This unsubscribe link is not valid: use the link in your latest email',
  unsubscribed: 'You will get no more review requests from us.',
} as const;

/**
 * Why staff reject a review. The editable ones go back to the author by mail to fix and resend
 * (the review itself is fine, one passage is not); spam and abuse are final and mail nobody.
 */
export const reviewRejectReasons = [
  'personal_data',
  'off_topic',
  'contains_link',
  'spam',
  'abuse',
] as const;
export type ReviewRejectReason = (typeof reviewRejectReasons)[number];

export const editableRejectReasons = [
  'personal_data',
  'off_topic',
  'contains_link',
] as const satisfies readonly ReviewRejectReason[];

export const reviewRejectReasonLabels: Record<ReviewRejectReason, string> = {
  personal_data: 'It contains personal details (a name, phone number, address or e-mail)',
  off_topic: 'It is about something other than the product (delivery, price, another shop)',
  contains_link: 'It contains a link',
  spam: 'Spam',
  abuse: 'Abusive or offensive',
};

export function isEditableReason(reason: ReviewRejectReason | string | null | undefined): boolean {
  return (editableRejectReasons as readonly string[]).includes(reason ?? '');
}

/** Whether the author may edit and resend her review: only one sent back with an editable reason. */
export function canAuthorEdit(review: {
  state: ReviewState;
  reasonCode: ReviewRejectReason | string | null;
}): boolean {
  return review.state === 'rejected' && isEditableReason(review.reasonCode);
}

export const reviewDecisions = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/**
 * The state a decision leaves a review in. Staff may decide again at any time (approve a review
 * they rejected by mistake, take down one approved before abuse was noticed, or change the reply
 * of an approved one); the rating plays no part, so a low rating is never held back for being low.
 */
export function stateAfterDecision(decision: ReviewDecision): ReviewState {
  return decision === 'approve' ? 'approved' : 'rejected';
}

/** What of an order line says whether its buyer may review it. */
export interface ReviewableLine {
  /** The order's buyer. */
  userId: string;
  orderStatus: OrderStatus;
  /** When the courier (or the shop) marked the order delivered; null before. */
  deliveredAt: Date | string | null;
  paidAt: Date | string | null;
  codConfirmedAt: Date | string | null;
}

/**
 * Statuses of an order whose goods reached the shopper: delivered, and its later return steps (a
 * buyer who sent a bra back because it ran small has the most useful fit to tell).
 */
const RECEIVED_STATUSES: readonly OrderStatus[] = ['delivered', 'return_requested', 'returned'];

export type ReviewEligibility =
  { ok: true } | { ok: false; reason: 'not_delivered_buyer' | 'already_reviewed'; message: string };

/**
 * Whether `userId` may review this order line: it is hers, it was delivered, it was paid for
 * (online or cash collected on delivery), and it has no review yet. One review per order line.
 */
export function reviewEligibility(
  line: ReviewableLine | null | undefined,
  userId: string,
  alreadyReviewed: boolean,
): ReviewEligibility {
  const delivered =
    line !== null &&
    line !== undefined &&
    line.userId === userId &&
    RECEIVED_STATUSES.includes(line.orderStatus) &&
    line.deliveredAt !== null &&
    hasBeenPaid(line);
  if (!delivered) {
    return {
      ok: false,
      reason: 'not_delivered_buyer',
      message: reviewMessages.notDeliveredBuyer,
    };
  }
  if (alreadyReviewed) {
    return { ok: false, reason: 'already_reviewed', message: reviewMessages.alreadyReviewed };
  }
  return { ok: true };
}

/**
 * How a reviewer is shown: her first name and the initial of her last ('Priya S.'), or
 * 'Verified buyer' when she chose to stay anonymous or gave no name.
 */
export const ANONYMOUS_REVIEWER = 'Verified buyer';

export function reviewerDisplayName(
  firstName: string,
  lastName: string,
  anonymous: boolean,
): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  if (anonymous || first === '') return ANONYMOUS_REVIEWER;
  const lastWord = lastName.trim().split(/\s+/).pop() ?? '';
  const initial = Array.from(lastWord)[0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en-IN')}.` : first;
}

/** Overall fit 1-2 counts as runs small, 3 as true to size, 4-5 as runs large. */
export type FitVerdict = 'runs_small' | 'true_to_size' | 'runs_large';

export function fitVerdict(overall: number): FitVerdict {
  if (overall <= 2) return 'runs_small';
  if (overall >= 4) return 'runs_large';
  return 'true_to_size';
}

/**
 * Whole percents of `counts` that add up to 100 (largest remainder), so a summary never reads
 * 33 % + 33 % + 33 %; all zeros when nothing was counted.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

export interface ReviewFitSummary {
  /** Reviews that answered the overall fit. */
  count: number;
  trueToSize: number;
  runsSmall: number;
  runsLarge: number;
  /** Shares among the reviews that answered about the band (whole percents). */
  band: { tight: number; right: number; loose: number };
  /** Shares among the reviews that answered about the cups (whole percents). */
  cup: { small: number; right: number; big: number };
}

export interface ReviewSummary {
  /** One decimal; 0 with no reviews. */
  average: number;
  count: number;
  distribution: Record<ReviewRating, number>;
  fit: ReviewFitSummary;
}

/** The summary of a product's approved reviews (the caller passes approved ones only). */
export function reviewSummary(
  reviews: readonly { rating: number; fit?: ReviewFit | null }[],
): ReviewSummary {
  const distribution: Record<ReviewRating, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const review of reviews) {
    const star = Math.min(5, Math.max(1, Math.round(review.rating))) as ReviewRating;
    distribution[star] += 1;
  }
  const verdicts = { runs_small: 0, true_to_size: 0, runs_large: 0 };
  const band = { tight: 0, right: 0, loose: 0 };
  const cup = { small: 0, right: 0, big: 0 };
  let fitCount = 0;
  for (const { fit } of reviews) {
    if (!fit) continue;
    fitCount += 1;
    verdicts[fitVerdict(fit.overall)] += 1;
    if (fit.band) band[fit.band] += 1;
    if (fit.cup) cup[fit.cup] += 1;
  }
  const [runsSmall, trueToSize, runsLarge] = wholePercents([
    verdicts.runs_small,
    verdicts.true_to_size,
    verdicts.runs_large,
  ]);
  const [tight, bandRight, loose] = wholePercents([band.tight, band.right, band.loose]);
  const [small, cupRight, big] = wholePercents([cup.small, cup.right, cup.big]);
  return {
    average: averageRating(reviews.map((review) => review.rating)),
    count: reviews.length,
    distribution,
    fit: {
      count: fitCount,
      trueToSize: trueToSize!,
      runsSmall: runsSmall!,
      runsLarge: runsLarge!,
      band: { tight: tight!, right: bandRight!, loose: loose! },
      cup: { small: small!, right: cupRight!, big: big! },
    },
  };
}

/** A product's stars as every catalogue answer carries them, from its approved reviews only. */
export function productRatingFacts(ratings: readonly number[]): {
  rating: number;
  reviewCount: number;
} {
  return { rating: averageRating(ratings), reviewCount: ratings.length };
}

/**
 * The sizes a review list filtered by `size` keeps: that size, and when asked its sister sizes in
 * the product's own chart (none without a bra chart: letter sizes have no sisters).
 */
export function reviewSizeFilter(
  size: string,
  sisters: boolean,
  chart: SizeChartData | null,
): string[] {
  const own = size.trim();
  if (!sisters || !chart || chart.kind !== 'bra') return [own];
  return [own, ...braSisterSizes(chart, own).filter((sister) => sister !== own)];
}

export const reviewSorts = ['newest', 'helpful', 'rating-high', 'rating-low'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** Flags the moderation desk shows beside a review, so a person looks twice. */
export const reviewFlags = [
  'profanity',
  'contains_link',
  'contains_email',
  'contains_phone',
  'has_photos',
] as const;
export type ReviewFlag = (typeof reviewFlags)[number];

const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|in|net|org|co|io|shop|store|link|ly)\b/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Ten digits in a row, however spaced or dashed, as an Indian mobile number is written. */
const PHONE = /(?:\+?91[\s-]?)?(?:\d[\s-]?){9}\d/;

/**
 * The flags of a review's words and photos. Profanity is judged by the API's maintained word
 * matcher and passed in; the rest are plain patterns. Photos are always flagged: a person looks
 * at every photo before shoppers see it.
 */
export function reviewFlagsFor(
  words: { title: string; text: string },
  facts: { profane: boolean; photoCount: number },
): ReviewFlag[] {
  const text = `${words.title}\n${words.text}`;
  const flags: ReviewFlag[] = [];
  if (facts.profane) flags.push('profanity');
  if (EMAIL.test(text)) flags.push('contains_email');
  else if (LINK.test(text)) flags.push('contains_link');
  if (PHONE.test(text)) flags.push('contains_phone');
  if (facts.photoCount > 0) flags.push('has_photos');
  return flags;
}

/** Whether an order delivered at `deliveredAt` is due its review request mail at `now`. */
export function reviewRequestDue(deliveredAt: Date, now: Date): boolean {
  return now.getTime() - deliveredAt.getTime() >= REVIEW_REQUEST_DELAY_DAYS * 24 * 60 * 60 * 1000;
}
