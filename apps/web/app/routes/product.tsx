import { data } from 'react-router';
import type { Route } from './+types/product';
import { loadSimilarProducts } from '../components/product/load-similar-products';
import { productMeta } from '../components/product/product-seo';
import { ProductLoadError, ProductNotFound } from '../components/product/product-states';
import { ProductView } from '../components/product/product-view';
import { REVIEWS_PAGE_SIZE } from '../components/reviews/review-section';
import { loadFirstReviews } from '../components/reviews/reviews-api';
import { ApiError, errorMessage, serverApi } from '../lib/api-client';

/**
 * The product is awaited (it is the page, and what search engines read); its reviews and similar
 * products are streamed in behind it. A malformed id (400 from the API) is as unknown as a missing one: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  try {
    const product = await api.getProduct(params.productId);
    return {
      state: 'found' as const,
      product,
      reviews: loadFirstReviews(api, product._id, REVIEWS_PAGE_SIZE),
      similar: loadSimilarProducts(api, product),
      publicUrl: context.publicUrl,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return data({ state: 'not-found' as const }, { status: 404 });
    }
    return data(
      { state: 'error' as const, message: errorMessage(error, 'Failed to fetch product') },
      { status: 500 },
    );
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.state === 'found') return productMeta(loaderData.product, loaderData.publicUrl);
  if (loaderData?.state === 'not-found') {
    return [{ title: 'Product Not Found | Lacebloom' }, { name: 'robots', content: 'noindex' }];
  }
  return [{ title: 'Error Loading Product | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // While another product loads, the layout shows 'Loading product details...'.
  return loaderData.state === 'found' ? (
    <ProductView
      product={loaderData.product}
      reviews={loaderData.reviews}
      similar={loaderData.similar}
      publicUrl={loaderData.publicUrl}
    />
  ) : loaderData.state === 'not-found' ? (
    <ProductNotFound />
  ) : (
    <ProductLoadError message={loaderData.message} />
  );
}

/** A crash while showing the product stays on this page's terms instead of the generic one. */
export function ErrorBoundary() {
  return <ProductLoadError reload />;
}
