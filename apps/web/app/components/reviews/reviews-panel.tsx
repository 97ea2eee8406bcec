import type { MyProductReviews, ReviewListAnswer } from '@shop/contracts/reviews';
import type { OwnReview } from '@shop/contracts/reviews';
import { reviewRejectReasonLabels, reviewSorts, type ReviewSort } from '@shop/domain/reviews';
import { sizeOrder } from '@shop/domain/stock';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { createApiClient, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { ReviewItem } from './review-item';
import { ReviewsJsonLd } from './review-json-ld';
import { REVIEWS_PAGE_SIZE, sectionClass } from './review-section';
import { FitBar, ReviewSummary } from './review-summary';
import { reviewsApi } from './reviews-api';
import type { ReviewLine } from './write-review-dialog';

// The form and its schema load when she opens it, never with the product page.
const WriteReviewDialog = lazy(() =>
  import('./write-review-dialog').then((module) => ({ default: module.WriteReviewDialog })),
);

const sortLabels: Record<ReviewSort, string> = {
  newest: 'Newest',
  helpful: 'Most helpful',
  'rating-high': 'Highest rating',
  'rating-low': 'Lowest rating',
};

const control = 'rounded-full border border-line bg-white px-3 py-1.5 text-sm';
const button =
  'rounded-full border border-line bg-white px-4 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

export interface ReviewsPanelProps {
  productId: string;
  productName: string;
  publicUrl: string;
  /** The product's sizes in any order, repeats allowed, for the size filter. */
  sizes: readonly string[];
  /** The first page, streamed in with the product page (null when it could not be had). */
  first: ReviewListAnswer | null;
}

interface Filters {
  page: number;
  sort: ReviewSort;
  /** The size chosen; null until she chooses, meaning her own size when known, else all. */
  size: string | null;
  sisterSizes: boolean;
}

/**
 * The reviews section itself: the summary with its fit bar, filters by her size (and its
 * sisters), sort, pages, and 'Write a review' when one of her delivered lines of this product is
 * not reviewed yet.
 */
export function ReviewsPanel({
  first,
  productId,
  productName,
  publicUrl,
  sizes,
}: ReviewsPanelProps) {
  const { user, status, authed } = useAuth();
  // Her size from the size finder, when she has saved one and this product comes in it.
  const mySize = user?.mySize ?? '';
  const [filters, setFilters] = useState<Filters>({
    page: 1,
    sort: 'newest',
    size: null,
    sisterSizes: false,
  });
  const [answer, setAnswer] = useState<ReviewListAnswer | null>(first);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [mine, setMine] = useState<MyProductReviews | null>(null);
  const [writing, setWriting] = useState<{ line: ReviewLine; editing?: OwnReview } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const headingId = useId();
  const initial = useRef(true);

  // Her saved size is the filter's first choice once her profile has loaded, until she chooses.
  const sizeChoices = sizeOrder(sizes).map((size) => size.toUpperCase());
  const ownSize = mySize.toUpperCase();
  const size = filters.size ?? (sizeChoices.includes(ownSize) ? ownSize : '');
  const { page, sort, sisterSizes } = filters;

  useEffect(() => {
    // The first page came with the page; only other filters ask the server again.
    if (initial.current && !size && page === 1 && sort === 'newest') {
      initial.current = false;
      return;
    }
    initial.current = false;
    let live = true;
    setLoading(true);
    reviewsApi(createApiClient())
      .list(productId, {
        page,
        limit: REVIEWS_PAGE_SIZE,
        sort,
        size: size || undefined,
        sisterSizes: size && sisterSizes ? true : undefined,
      })
      .then((next) => {
        if (!live) return;
        setAnswer(next);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(errorMessage(error, 'Failed to fetch reviews')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [productId, page, sort, size, sisterSizes]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    let live = true;
    authed((api) => reviewsApi(api).mine(productId))
      .then((found) => live && setMine(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [authed, productId, status, sent]);

  const summary = answer?.summary;
  const change = (next: Partial<Filters>) =>
    setFilters((current) => ({ ...current, page: 1, ...next }));
  // One vote per account: a visitor is asked to sign in rather than refused by the server.
  const helpful = (reviewId: string) =>
    status === 'signed-in'
      ? authed((api) => reviewsApi(api).helpful(reviewId))
      : Promise.reject(new Error('Sign in to mark a review helpful'));
  const waiting = mine?.reviewed.filter((line) => line.state === 'pending') ?? [];
  const sentBack = mine?.reviewed.filter((line) => line.canEdit) ?? [];

  return (
    <section aria-labelledby={headingId} className={sectionClass} data-testid="reviews">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-serif text-2xl">
          Reviews
        </h2>
        {mine?.reviewable.map((line) => (
          <button
            key={line.orderItemId}
            type="button"
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            onClick={() => setWriting({ line: { ...line, productId, productName } })}
          >
            Write a review{mine.reviewable.length > 1 ? ` (${line.size.toUpperCase()})` : ''}
          </button>
        ))}
      </div>
      {!sent && waiting.length > 0 && (
        <p className="mt-3 text-sm text-muted">
          Your review ({waiting.map((line) => line.review.sizeBought.toUpperCase()).join(', ')}) is
          waiting to be read by the shop.
        </p>
      )}
      {!sent &&
        sentBack.map(({ review }) => (
          <div key={review._id} className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              The shop sent your review ({review.sizeBought.toUpperCase()}) back to fix
              {review.reasonCode ? `: ${reviewRejectReasonLabels[review.reasonCode]}` : ''}.
            </p>
            <button
              type="button"
              className={`${button} mt-2`}
              onClick={() =>
                setWriting({
                  line: {
                    productId,
                    productName,
                    orderItemId: review.orderItemId,
                    orderNumber: '',
                    size: review.sizeBought,
                    colorName: '',
                  },
                  editing: review,
                })
              }
            >
              Edit and send again
            </button>
          </div>
        ))}
      {sent && (
        <p role="status" className="mt-3 rounded-xl bg-green-50 p-3 text-sm text-green-900">
          {sent}
        </p>
      )}
      {!answer && <p className="mt-4 text-muted">Reviews could not be loaded just now.</p>}
      {summary && summary.count === 0 && (
        <p className="mt-4 text-muted">
          No reviews yet. Reviews come from shoppers whose order was delivered.
        </p>
      )}
      {summary && summary.count > 0 && answer && (
        <>
          <ReviewsJsonLd
            productId={productId}
            productName={productName}
            publicUrl={publicUrl}
            summary={summary}
            reviews={answer.reviews}
          />
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <ReviewSummary summary={summary} />
            <FitBar fit={summary.fit} />
          </div>
          <div
            className="mt-6 flex flex-wrap items-center gap-3"
            role="group"
            aria-label="Filter and sort reviews"
          >
            <label className="flex items-center gap-2 text-sm">
              Size
              <select
                className={control}
                value={size}
                onChange={(event) => change({ size: event.target.value })}
              >
                <option value="">All sizes</option>
                {sizeChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice === ownSize ? `${choice} (my size)` : choice}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={filters.sisterSizes}
                disabled={!size}
                onChange={(event) => change({ sisterSizes: event.target.checked })}
              />
              Include sister sizes
            </label>
            <label className="flex items-center gap-2 text-sm">
              Sort by
              <select
                className={control}
                value={filters.sort}
                onChange={(event) => change({ sort: event.target.value as ReviewSort })}
              >
                {reviewSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {sortLabels[sort]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {problem && (
            <p role="alert" className="mt-3 text-sm text-brand-800">
              {problem}
            </p>
          )}
          <div className="mt-4" aria-busy={loading}>
            {answer.reviews.length === 0 ? (
              <p className="py-4 text-muted">No reviews from shoppers in this size yet.</p>
            ) : (
              answer.reviews.map((review) => (
                <ReviewItem key={review._id} review={review} onHelpful={helpful} />
              ))
            )}
          </div>
          {answer.totalPages > 1 && (
            <nav aria-label="Pages of reviews" className="mt-4 flex items-center gap-3">
              <button
                type="button"
                className={button}
                disabled={answer.page <= 1 || loading}
                onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}
              >
                Previous
              </button>
              <span className="text-sm">
                Page {answer.page} of {answer.totalPages}
              </span>
              <button
                type="button"
                className={button}
                disabled={answer.page >= answer.totalPages || loading}
                onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
      {writing && (
        <Suspense fallback={null}>
          <WriteReviewDialog
            line={writing.line}
            editing={writing.editing}
            onClose={() => setWriting(null)}
            onSent={(message) => {
              setWriting(null);
              setSent(message);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
