import type {
  CodOptions,
  CreateOrderInput,
  Order,
  OrderPage,
  OrderReturnInput,
  ReturnRequestResult,
} from '@shop/contracts/orders';
import { queryString, type ApiClient } from '../../lib/api-client';

/**
 * The order calls, over a client (usually the signed-in one `authed` hands out). They
 * live here, beside checkout and the order pages, and not in the shared client: only those pages
 * load them, never the home page, a listing or a product page.
 */
export function orderApi({ call, data, send }: ApiClient) {
  return {
    placeOrder: (order: CreateOrderInput, idempotencyKey: string) =>
      call<{ data: { orderId: string; _id: string; orderNumber: string; total: number } }>(
        '/order',
        'Failed to create order',
        {
          method: 'POST',
          body: JSON.stringify(order),
          headers: { 'idempotency-key': idempotencyKey },
        },
      ).then((answer) => answer.data),
    listOrders: (page: number, limit = 10) =>
      data<OrderPage>(`/order${queryString({ page, limit })}`, 'Failed to fetch orders'),
    searchOrders: (q: string, page: number, limit = 10) =>
      data<OrderPage>(`/order/search${queryString({ q, page, limit })}`, 'Failed to search orders'),
    cancelOrder: (id: string, reason: string) =>
      send<Order>('POST', `/order/${encodeURIComponent(id)}/cancel`, 'Failed to cancel order', {
        reason,
      }),
    /** Answers the order and the lines it could not take back, with why. */
    returnOrder: (id: string, request: OrderReturnInput) =>
      send<ReturnRequestResult>(
        'POST',
        `/order/${encodeURIComponent(id)}/return`,
        'Failed to return order',
        request,
      ),
    getOrder: (id: string) =>
      data<Order>(`/order/${encodeURIComponent(id)}`, 'Failed to fetch order details'),
    /** Whether the cart may be paid on delivery at this PIN code, and the fee. */
    codOptions: (pinCode: string) =>
      data<CodOptions>(
        `/order/cod-options${queryString({ pinCode })}`,
        'Failed to check cash on delivery',
      ),
    /** Confirms a cash-on-delivery order with the code mailed when it was placed. */
    confirmCod: (id: string, code: string) =>
      send<Order>(
        'POST',
        `/order/${encodeURIComponent(id)}/cod/confirm`,
        'Failed to confirm the order',
        { code },
      ).then((answer) => answer.data),
  };
}
