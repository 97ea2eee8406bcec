import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { NewOfferPage, newOfferLoader } from '../../components/admin/offers/offer-pages';

export function meta() {
  return [{ title: 'New offer | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The categories to choose from load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(newOfferLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminNewOffer() {
  return <NewOfferPage />;
}
