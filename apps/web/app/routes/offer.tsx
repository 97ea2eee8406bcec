import { isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/offer';
import { errorMessage, serverApi } from '../lib/api-client';
import { NotFoundContent } from '../components/not-found-content';
import { ListingPage } from '../components/listing/listing-page';
import { loadOfferListing } from '../components/offers/offer-listing.server';

/** /offers/{slug}: what a live offer applies to, with the listing's sort, filters and pages. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadOfferListing(serverApi(context), request, params.slug);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data?.scope.offer) return [{ title: 'Page not found | Lacebloom' }];
  const { offer } = data.scope;
  return [
    { title: `${offer.name} | Lacebloom` },
    { name: 'description', content: `${offer.label}: every piece in the offer at Lacebloom.` },
  ];
}

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return <ListingPage key={pathname} data={loaderData} />;
}

/** An offer that is not live is not found; a failed read says what failed. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl">Something went wrong</h1>
      <p className="mt-3 text-muted" role="alert">
        Error: {errorMessage(error, 'Failed to fetch the offer')}
      </p>
    </section>
  );
}
