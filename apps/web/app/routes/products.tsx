import { isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/products';
import { errorMessage, serverApi } from '../lib/api-client';
import { NotFoundContent } from '../components/not-found-content';
import { ListingPage } from '../components/listing/listing-page';
import { loadListing } from '../components/listing/listing-loader.server';
import { listingHeading } from '../components/listing/listing-query';

/** /products, /products/all, /products/{category} and /products/{category}/{subcategory}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadListing(serverApi(context), request, params);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page not found | Lacebloom' }];
  const heading = listingHeading(data.scope);
  const about = data.scope.subcategory ?? data.scope.category;
  const description =
    about?.description ||
    (data.scope.search !== null
      ? `Lacebloom products matching "${data.scope.search}".`
      : 'Shop bras, panties, sleepwear, apparel and beauty at Lacebloom, delivered across India.');
  return [
    { title: `${heading} | Lacebloom` },
    { name: 'description', content: description },
    // Search results are not pages of their own for search engines.
    ...(data.scope.search !== null ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // A new category or search starts from a clean slate: no panel left open from the last one.
  return <ListingPage key={`${pathname}|${loaderData.scope.search ?? ''}`} data={loaderData} />;
}

/** A failed catalogue read keeps the header and footer and says what failed. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl">Something went wrong</h1>
      <p className="mt-3 text-muted" role="alert">
        Error: {errorMessage(error, 'Failed to fetch products')}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-full bg-brand-600 px-6 py-2.5 text-white hover:bg-brand-700"
      >
        Try Again
      </button>
    </section>
  );
}
