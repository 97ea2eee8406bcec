import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  ProductEditPage,
  productScreenLoader,
} from '../../components/admin/products/product-edit-page';

export function meta() {
  return [
    { title: 'New product | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The product and the form's choices load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(productScreenLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminProductNew() {
  return <ProductEditPage productId={null} />;
}
