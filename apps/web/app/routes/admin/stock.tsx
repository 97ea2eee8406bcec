import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  StockProductsPage,
  stockProductsLoader,
} from '../../components/admin/stock/stock-products-page';

export function meta() {
  return [{ title: 'Stock | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(stockProductsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminStock() {
  return <StockProductsPage />;
}
