import type { Route } from './+types/order';
import { OrderDetailPage } from '../../components/admin/order-detail/order-detail-page';

export function meta() {
  return [{ title: 'Order | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminOrder({ params }: Route.ComponentProps) {
  return <OrderDetailPage key={params.orderId} orderId={params.orderId} />;
}
