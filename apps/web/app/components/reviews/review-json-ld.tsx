import type { PublicReview, ReviewSummaryAnswer } from '@shop/contracts/reviews';
import { useNonce } from '../../lib/nonce';
import { productJsonLdId, scriptSafeJson } from '../product/product-seo';

/**
 * The reviews' schema.org block: the same Product (by its `@id`) as the page's main block, with
 * the approved reviews' `aggregateRating` and the reviews shown. It streams in with the reviews,
 * so the product's own block never waits for them.
 */
export function reviewsJsonLd(
  product: { productId: string; productName: string; publicUrl: string },
  summary: ReviewSummaryAnswer,
  reviews: readonly PublicReview[],
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': productJsonLdId(product.publicUrl, product.productId),
    name: product.productName,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      ...(review.title ? { name: review.title } : {}),
      reviewBody: review.text,
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
  };
}

export function ReviewsJsonLd({
  summary,
  reviews,
  ...product
}: {
  productId: string;
  productName: string;
  publicUrl: string;
  summary: ReviewSummaryAnswer;
  reviews: readonly PublicReview[];
}) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce || undefined}>
      {scriptSafeJson(reviewsJsonLd(product, summary, reviews))}
    </script>
  );
}
