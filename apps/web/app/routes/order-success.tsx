import type { Route } from './+types/order-success';
import { OrderSuccessPage } from '../components/orders/order-success-page';

export function meta() {
  return [{ title: 'Order Placed | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function OrderSuccessRoute({ params }: Route.ComponentProps) {
  return <OrderSuccessPage orderId={params.orderId} />;
}
