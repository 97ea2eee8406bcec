import type { Route } from './+types/product';
import { ProductEditPage } from '../../components/admin/products/product-edit-page';

export function meta() {
  return [{ title: 'Product | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminProduct({ params }: Route.ComponentProps) {
  return <ProductEditPage key={params.productId} productId={params.productId} />;
}
