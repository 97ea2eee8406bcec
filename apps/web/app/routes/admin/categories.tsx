import {
  CategoriesPage,
  categoriesLoader,
} from '../../components/admin/categories/categories-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [
    { title: 'Categories | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The categories load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(categoriesLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminCategories() {
  return <CategoriesPage />;
}
