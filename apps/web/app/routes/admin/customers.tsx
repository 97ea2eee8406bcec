import { CustomersPage, customersLoader } from '../../components/admin/customers/customers-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Customers | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(customersLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminCustomers() {
  return <CustomersPage />;
}
