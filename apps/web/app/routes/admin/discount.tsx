import { useLocation } from 'react-router';
import {
  DiscountDetailPage,
  discountLoader,
} from '../../components/admin/discounts/discount-pages';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import type { Route } from './+types/discount';

export function meta() {
  return [
    { title: 'Discount code | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The code loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(discountLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminDiscount({ params }: Route.ComponentProps) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <DiscountDetailPage key={params.discountId} {...(notice ? { notice } : {})} />;
}
