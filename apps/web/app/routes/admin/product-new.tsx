import { ProductEditPage } from '../../components/admin/products/product-edit-page';

export function meta() {
  return [
    { title: 'New product | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminProductNew() {
  return <ProductEditPage productId={null} />;
}
