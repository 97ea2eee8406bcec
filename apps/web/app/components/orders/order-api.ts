import type { CreateOrderInput, OrderReturnInput } from '@shop/contracts/orders';
import { lazyContract, queryString, type ApiClient } from '../../lib/api-client';

// The answers' contracts load with the first call: checkout, the order pages and My Orders keep
// zod out of their first load.
const orders = () => import('@shop/contracts/orders');
const orderAnswer = lazyContract(orders, (m) => m.orderResponse);
const orderPageAnswer = lazyContract(orders, (m) => m.orderPageResponse);

/**
 * The order calls, over a client (usually the signed-in one `authed` hands out). They
 * live here, beside checkout and the order pages, and not in the shared client: only those pages
 * load them, never the home page, a listing or a product page.
 */
export function orderApi({ call, data, send }: ApiClient) {
  return {
    placeOrder: (order: CreateOrderInput, idempotencyKey: string) =>
      call(
        '/order',
        'Failed to create order',
        {
          method: 'POST',
          body: JSON.stringify(order),
          headers: { 'idempotency-key': idempotencyKey },
        },
        lazyContract(orders, (m) => m.placedOrderResponse),
      ).then((answer) => answer.data),
    listOrders: (page: number, limit = 10) =>
      data(`/order${queryString({ page, limit })}`, 'Failed to fetch orders', orderPageAnswer),
    searchOrders: (q: string, page: number, limit = 10) =>
      data(
        `/order/search${queryString({ q, page, limit })}`,
        'Failed to search orders',
        orderPageAnswer,
      ),
    cancelOrder: (id: string, reason: string) =>
      send(
        orderAnswer,
        'POST',
        `/order/${encodeURIComponent(id)}/cancel`,
        'Failed to cancel order',
        {
          reason,
        },
      ),
    /** Answers the order and the lines it could not take back, with why. */
    returnOrder: (id: string, request: OrderReturnInput) =>
      send(
        lazyContract(orders, (m) => m.returnRequestResponse),
        'POST',
        `/order/${encodeURIComponent(id)}/return`,
        'Failed to return order',
        request,
      ),
    getOrder: (id: string) =>
      data(`/order/${encodeURIComponent(id)}`, 'Failed to fetch order details', orderAnswer),
    /** Whether the cart may be paid on delivery at this PIN code, and the fee. */
    codOptions: (pinCode: string) =>
      data(
        `/order/cod-options${queryString({ pinCode })}`,
        'Failed to check cash on delivery',
        lazyContract(orders, (m) => m.codOptionsResponse),
      ),
    /** Confirms a cash-on-delivery order with the code mailed when it was placed. */
    confirmCod: (id: string, code: string) =>
      send(
        orderAnswer,
        'POST',
        `/order/${encodeURIComponent(id)}/cod/confirm`,
        'Failed to confirm the order',
        { code },
      ).then((answer) => answer.data),
  };
}
