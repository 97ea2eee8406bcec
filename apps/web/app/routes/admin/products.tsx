import { ProductsPage } from '../../components/admin/products/products-page';

export function meta() {
  return [{ title: 'Products | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminProducts() {
  return <ProductsPage />;
}
