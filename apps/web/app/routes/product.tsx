import { data, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/product';
import { loadSimilarProducts } from '../components/product/load-similar-products';
import { productMeta } from '../components/product/product-seo';
import { ProductLoadError, ProductNotFound } from '../components/product/product-states';
import { ProductView } from '../components/product/product-view';
import { ApiError, errorMessage, serverApi } from '../lib/api-client';

/**
 * The product is awaited (it is the page, and what search engines read); similar products are
 * streamed in behind it. A malformed id (400 from the API) is as unknown as a missing one: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  try {
    const product = await api.getProduct(params.productId);
    return {
      state: 'found' as const,
      product,
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

/** While another product loads (a similar product was clicked), say so without blanking the page. */
function PendingProduct() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.location?.pathname;
  if (navigation.state !== 'loading' || !next?.startsWith('/product/') || next === pathname) {
    return null;
  }
  return (
    <div
      role="status"
      className="fixed left-1/2 top-4 z-50 flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm text-ink shadow-lg ring-1 ring-line"
    >
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
      />
      Loading product details...
    </div>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PendingProduct />
      {loaderData.state === 'found' ? (
        <ProductView
          product={loaderData.product}
          similar={loaderData.similar}
          publicUrl={loaderData.publicUrl}
        />
      ) : loaderData.state === 'not-found' ? (
        <ProductNotFound />
      ) : (
        <ProductLoadError message={loaderData.message} />
      )}
    </>
  );
}

/** A crash while showing the product stays on this page's terms instead of the generic one. */
export function ErrorBoundary() {
  return <ProductLoadError reload />;
}
