import type { CreateReviewInput, EditReviewInput, ReviewListAnswer } from '@shop/contracts/reviews';
import type { ReviewSort } from '@shop/domain/reviews';
import { lazyContract, queryString, type ApiClient } from '../../lib/api-client';

// The answers' contracts load with the first call, so zod stays out of the product page's first
// load (its review section is below the fold).
const reviews = () => import('@shop/contracts/reviews');

/** A page of a product's reviews, as `reviewListQuery` reads it from the URL. */
export interface ReviewPageQuery {
  page?: number;
  limit?: number;
  sort?: ReviewSort;
  /** Only reviews of this size bought (with `sisterSizes`, its sister sizes too). */
  size?: string;
  sisterSizes?: boolean;
}

const productReviews = (productId: string) => `/product/${encodeURIComponent(productId)}/reviews`;

/**
 * The shopper's review calls over a client: the public list (no session needed) and, over the
 * signed-in client `authed` hands out, her reviewable lines, a new review, its photos and her
 * 'helpful' vote. Only the product page and My Orders load them.
 */
export function reviewsApi({ call, data, upload }: ApiClient) {
  return {
    list: (productId: string, query: ReviewPageQuery = {}) =>
      data(
        `${productReviews(productId)}${queryString({ ...query })}`,
        'Failed to fetch reviews',
        lazyContract(reviews, (m) => m.reviewListResponse),
      ),
    mine: (productId: string) =>
      data(
        `${productReviews(productId)}/mine`,
        'Failed to fetch your orders of this product',
        lazyContract(reviews, (m) => m.myProductReviewsResponse),
      ),
    create: (productId: string, review: CreateReviewInput) =>
      call(
        productReviews(productId),
        'Failed to send your review',
        { method: 'POST', body: JSON.stringify(review) },
        lazyContract(reviews, (m) => m.reviewCreatedResponse),
      ).then((answer) => answer.data.review),
    /** Sends again a review the shop sent back to fix; it waits to be read again. */
    edit: (reviewId: string, review: EditReviewInput) =>
      call(
        `/reviews/${encodeURIComponent(reviewId)}`,
        'Failed to send your review',
        { method: 'PUT', body: JSON.stringify(review) },
        lazyContract(reviews, (m) => m.reviewCreatedResponse),
      ).then((answer) => answer.data.review),
    uploadPhoto: (file: Blob, filename: string) =>
      upload(
        '/reviews/photos',
        'Failed to upload the photo',
        lazyContract(reviews, (m) => m.reviewPhotoUploadedResponse),
        file,
        filename,
      ),
    helpful: (reviewId: string) =>
      call(
        `/reviews/${encodeURIComponent(reviewId)}/helpful`,
        'Failed to record your vote',
        { method: 'POST', body: '{}' },
        lazyContract(reviews, (m) => m.reviewHelpfulResponse),
      ).then((answer) => answer.data.helpfulCount),
  };
}

export type ReviewsApi = ReturnType<typeof reviewsApi>;

/**
 * The product page's first page of reviews, streamed in behind the product. Never rejects: the
 * section is below the fold, and its failure must not disturb the page.
 */
export async function loadFirstReviews(
  api: ApiClient,
  productId: string,
  limit: number,
): Promise<ReviewListAnswer | null> {
  try {
    return await reviewsApi(api).list(productId, { page: 1, limit });
  } catch {
    return null;
  }
}
