import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { OffersPage, offersLoader } from '../../components/admin/offers/offers-page';

export function meta() {
  return [{ title: 'Offers | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(offersLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminOffers() {
  return <OffersPage />;
}
