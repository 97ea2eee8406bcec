import type { Route } from './+types/stock-product';
import { StockGridPage, stockGridLoader } from '../../components/admin/stock/stock-grid-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [
    { title: 'Product stock | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The grid loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(stockGridLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminStockProduct({ params }: Route.ComponentProps) {
  return <StockGridPage key={params.productId} />;
}
