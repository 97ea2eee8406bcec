import {
  adminProductResponse,
  adminProductsPageResponse,
  productBulkResponse,
  productDeletionResponse,
  productFormOptionsResponse,
  type AdminProductsQuery,
  type ProductBulkInput,
  type ProductInput,
} from '@shop/contracts/products-admin';
import { productImportResponse } from '@shop/contracts/products-csv';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The products screens' calls, over the signed-in client `authed` hands out. Back office only. */
export function productsApi({ call, file, upload }: ApiClient) {
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    body: JSON.stringify(body),
  });
  return {
    list: (query: AdminProductsQuery) =>
      call(
        `/admin/products${queryString({ ...query })}`,
        'Failed to fetch products',
        {},
        adminProductsPageResponse,
      ).then((answer) => answer.data),
    options: () =>
      call(
        '/admin/products/options',
        'Failed to fetch categories',
        {},
        productFormOptionsResponse,
      ).then((answer) => answer.data),
    get: (id: string) =>
      call(
        `/admin/products/${encodeURIComponent(id)}`,
        'Failed to fetch the product',
        {},
        adminProductResponse,
      ).then((answer) => answer.data),
    create: (input: ProductInput) =>
      call(
        '/admin/products',
        'Failed to create the product',
        json('POST', input),
        adminProductResponse,
      ).then((answer) => answer.data),
    save: (id: string, input: ProductInput) =>
      call(
        `/admin/products/${encodeURIComponent(id)}`,
        'Failed to save the product',
        json('PATCH', input),
        adminProductResponse,
      ).then((answer) => answer.data),
    remove: (id: string) =>
      call(
        `/admin/products/${encodeURIComponent(id)}`,
        'Failed to delete the product',
        { method: 'DELETE' },
        productDeletionResponse,
      ),
    exportCsv: () => file('GET', '/admin/products/export.csv', 'Failed to export the products'),
    /** A dry run of the file; with `confirm` (the dry run's id), the import itself. */
    importCsv: (csv: File, confirm?: string) =>
      upload(
        `/admin/products/import${queryString(confirm ? { confirm } : {})}`,
        confirm ? 'The import failed' : 'The file could not be checked',
        productImportResponse,
        csv,
        csv.name,
      ),
    bulk: (input: ProductBulkInput) =>
      call(
        '/admin/products/bulk',
        'Failed to update the products',
        json('POST', input),
        productBulkResponse,
      ).then((answer) => answer.data),
  };
}
