import type { Route } from './+types/customer';
import { CustomerDetailPage } from '../../components/admin/customers/customer-detail-page';

export function meta() {
  return [{ title: 'Customer | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminCustomer({ params }: Route.ComponentProps) {
  return <CustomerDetailPage key={params.customerId} customerId={params.customerId} />;
}
