import { CategoriesPage } from '../../components/admin/categories/categories-page';

export function meta() {
  return [
    { title: 'Categories | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminCategories() {
  return <CategoriesPage />;
}
