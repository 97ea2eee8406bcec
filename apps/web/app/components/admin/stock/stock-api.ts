import {
  lowStockResponse,
  stockAdjustmentsResponse,
  stockGridResponse,
  stockMovementsResponse,
  stockProductsResponse,
  stockThresholdResponse,
  type LowStockQuery,
  type StockAdjustmentsInput,
  type StockMovementsQuery,
  type StockProductsQuery,
  type StockThresholdInput,
} from '@shop/contracts/stock';
import { queryString, type ApiClient } from '../../../lib/api-client';

const product = (id: string) => `/admin/stock/${encodeURIComponent(id)}`;

/** The stock desk's calls, over the signed-in client `authed` hands out. Back office only. */
export function stockApi({ call }: ApiClient) {
  return {
    products: (query: StockProductsQuery) =>
      call(
        `/admin/stock${queryString({ ...query })}`,
        'Failed to fetch products',
        {},
        stockProductsResponse,
      ).then((answer) => answer.data),
    grid: (productId: string) =>
      call(product(productId), 'Failed to fetch the stock', {}, stockGridResponse).then(
        (answer) => answer.data,
      ),
    adjust: (productId: string, body: StockAdjustmentsInput) =>
      call(
        `${product(productId)}/adjustments`,
        'Failed to save the stock',
        { method: 'POST', body: JSON.stringify(body) },
        stockAdjustmentsResponse,
      ).then((answer) => answer.data),
    movements: (productId: string, query: Partial<StockMovementsQuery>) =>
      call(
        `${product(productId)}/movements${queryString({ ...query })}`,
        'Failed to fetch the history',
        {},
        stockMovementsResponse,
      ).then((answer) => answer.data),
    setThreshold: (productId: string, body: StockThresholdInput) =>
      call(
        `${product(productId)}/threshold`,
        'Failed to save the threshold',
        { method: 'PATCH', body: JSON.stringify(body) },
        stockThresholdResponse,
      ).then((answer) => answer.data),
    low: (query: LowStockQuery) =>
      call(
        `/admin/stock/low${queryString({ ...query })}`,
        'Failed to fetch low stock',
        {},
        lowStockResponse,
      ).then((answer) => answer.data),
  };
}
