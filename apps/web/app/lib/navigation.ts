import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import type { Category, Subcategory } from '@shop/contracts/catalogue';

export interface NavCategory extends Category {
  subcategories: Subcategory[];
}

/** Categories in shop order, each with its subcategories: the header, menu and hero strip read it. */
export function buildNavigation(
  categories: Category[],
  subcategories: Subcategory[],
): NavCategory[] {
  return categories.map((category) => ({
    ...category,
    subcategories: subcategories.filter((subcategory) => subcategory.category._id === category._id),
  }));
}

export const categoryPath = (category: { slug: string }) => `/products/${category.slug}`;
export const subcategoryPath = (category: { slug: string }, subcategory: { slug: string }) =>
  `/products/${category.slug}/${subcategory.slug}`;

/** The navigation the root loader read for this page. */
export function useNavigationData(): NavCategory[] {
  return useRouteLoaderData<typeof rootLoader>('root')?.navigation ?? [];
}
