import { StockProductsPage } from '../../components/admin/stock/stock-products-page';

export function meta() {
  return [{ title: 'Stock | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminStock() {
  return <StockProductsPage />;
}
