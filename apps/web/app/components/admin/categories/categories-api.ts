import {
  adminCategoryListResponse,
  adminCategoryResponse,
  adminSubcategoryResponse,
  type CategoryCreateInput,
  type CategoryPatchInput,
  type SubcategoryCreateInput,
  type SubcategoryPatchInput,
} from '@shop/contracts/categories-admin';
import type { ApiClient } from '../../../lib/api-client';

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** The categories screen's calls, over the signed-in client `authed` hands out. */
export function categoriesApi({ call }: ApiClient) {
  return {
    list: () =>
      call(
        '/admin/categories',
        'Failed to fetch the categories',
        {},
        adminCategoryListResponse,
      ).then((answer) => answer.data),
    create: (input: CategoryCreateInput) =>
      call(
        '/admin/categories',
        'Failed to add the category',
        json('POST', input),
        adminCategoryResponse,
      ),
    update: (id: string, patch: CategoryPatchInput) =>
      call(
        `/admin/categories/${encodeURIComponent(id)}`,
        'Failed to save the category',
        json('PATCH', patch),
        adminCategoryResponse,
      ),
    reorder: (ids: string[]) =>
      call(
        '/admin/categories/reorder',
        'Failed to reorder the categories',
        json('POST', { ids }),
        adminCategoryListResponse,
      ),
    createSubcategory: (categoryId: string, input: SubcategoryCreateInput) =>
      call(
        `/admin/categories/${encodeURIComponent(categoryId)}/subcategories`,
        'Failed to add the subcategory',
        json('POST', input),
        adminSubcategoryResponse,
      ),
    updateSubcategory: (categoryId: string, id: string, patch: SubcategoryPatchInput) =>
      call(
        `/admin/categories/${encodeURIComponent(categoryId)}/subcategories/${encodeURIComponent(id)}`,
        'Failed to save the subcategory',
        json('PATCH', patch),
        adminSubcategoryResponse,
      ),
  };
}
