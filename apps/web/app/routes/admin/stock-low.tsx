import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { LowStockPage, lowStockLoader } from '../../components/admin/stock/low-stock-page';

export function meta() {
  return [{ title: 'Low stock | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(lowStockLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminLowStock() {
  return <LowStockPage />;
}
