import { LowStockPage } from '../../components/admin/stock/low-stock-page';

export function meta() {
  return [{ title: 'Low stock | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLowStock() {
  return <LowStockPage />;
}
