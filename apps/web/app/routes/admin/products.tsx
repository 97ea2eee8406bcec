import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { ProductsPage, productsLoader } from '../../components/admin/products/products-page';

export function meta() {
  return [{ title: 'Products | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(productsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminProducts() {
  return <ProductsPage />;
}
