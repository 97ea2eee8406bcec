import type { ReviewListAnswer } from '@shop/contracts/reviews';
import { lazy, Suspense } from 'react';
import { Await } from 'react-router';
import type { ReviewsPanelProps } from './reviews-panel';

// The section's code loads apart from the product page's: it is below the fold, so the page's
// first load carries only this frame. The server renders it whole all the same, and the browser
// hydrates it once its code has arrived.
const ReviewsPanel = lazy(() =>
  import('./reviews-panel').then((module) => ({ default: module.ReviewsPanel })),
);

/** Reviews a page of the product page shows at a time. */
export const REVIEWS_PAGE_SIZE = 5;

export const sectionClass = 'mt-16 border-t border-line pt-10';

interface ProductReviewsProps extends Omit<ReviewsPanelProps, 'first'> {
  /** The first page, streamed in behind the product (null when it could not be had). */
  reviews: Promise<ReviewListAnswer | null>;
}

/**
 * The product page's reviews, streamed in below the fold behind the product (the product stays
 * the page's critical data).
 */
export function ProductReviews({ reviews, ...props }: ProductReviewsProps) {
  return (
    <Suspense fallback={<ReviewsSkeleton />}>
      <Await resolve={reviews} errorElement={null}>
        {(first) => <ReviewsPanel first={first} {...props} />}
      </Await>
    </Suspense>
  );
}

/** Holds the section's place while it streams in, so nothing below it jumps. */
function ReviewsSkeleton() {
  return (
    <section aria-hidden="true" className={sectionClass}>
      <div className="h-8 w-40 rounded bg-blush" />
      <div className="mt-6 h-24 rounded-2xl bg-blush" />
    </section>
  );
}
