import type { Route } from './+types/stock-product';
import { StockGridPage } from '../../components/admin/stock/stock-grid-page';

export function meta() {
  return [
    { title: 'Product stock | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminStockProduct({ params }: Route.ComponentProps) {
  return <StockGridPage key={params.productId} productId={params.productId} />;
}
