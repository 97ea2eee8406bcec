import { OrdersDeskPage } from '../../components/admin/orders-desk/orders-desk-page';

export function meta() {
  return [{ title: 'Orders | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminOrders() {
  return <OrdersDeskPage />;
}
