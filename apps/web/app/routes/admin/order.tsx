import type { Route } from './+types/order';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  OrderDetailPage,
  orderLoader,
} from '../../components/admin/order-detail/order-detail-page';

export function meta() {
  return [{ title: 'Order | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The order loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(orderLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminOrder({ params }: Route.ComponentProps) {
  return <OrderDetailPage key={params.orderId} />;
}
