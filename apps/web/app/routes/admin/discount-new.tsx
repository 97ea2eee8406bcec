import {
  NewDiscountPage,
  newDiscountLoader,
} from '../../components/admin/discounts/discount-pages';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [
    { title: 'New discount code | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The categories to choose from load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(newDiscountLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminNewDiscount() {
  return <NewDiscountPage />;
}
