import type { Route } from './+types/customer';
import {
  CustomerDetailPage,
  customerLoader,
} from '../../components/admin/customers/customer-detail-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Customer | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The customer loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(customerLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminCustomer({ params }: Route.ComponentProps) {
  return <CustomerDetailPage key={params.customerId} />;
}
