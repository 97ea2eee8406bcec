import { useLocation } from 'react-router';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { OfferDetailPage, offerLoader } from '../../components/admin/offers/offer-pages';
import type { Route } from './+types/offer';

export function meta() {
  return [{ title: 'Offer | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The offer loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(offerLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminOffer({ params }: Route.ComponentProps) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <OfferDetailPage key={params.offerId} {...(notice ? { notice } : {})} />;
}
