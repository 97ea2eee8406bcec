import { CustomersPage } from '../../components/admin/customers/customers-page';

export function meta() {
  return [{ title: 'Customers | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminCustomers() {
  return <CustomersPage />;
}
