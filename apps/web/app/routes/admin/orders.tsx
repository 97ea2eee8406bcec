import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  OrdersDeskPage,
  ordersDeskLoader,
} from '../../components/admin/orders-desk/orders-desk-page';

export function meta() {
  return [{ title: 'Orders | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(ordersDeskLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminOrders() {
  return <OrdersDeskPage />;
}
