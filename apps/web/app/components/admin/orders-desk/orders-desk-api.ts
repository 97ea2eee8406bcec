import type { Order } from '@shop/contracts/orders';
import {
  orderDeskDetailResponse,
  orderNoteResponse,
  ordersDeskPageResponse,
  type OrderNoteInput,
  type OrdersDeskQuery,
} from '@shop/contracts/orders-desk';
import type { OrderStatus } from '@shop/domain/orders';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The orders desk's calls, over the signed-in client `authed` hands out. Back office only. */
export function ordersDeskApi({ call, send }: ApiClient) {
  return {
    list: (query: OrdersDeskQuery) =>
      call(
        `/admin/orders/desk${queryString({ ...query })}`,
        'Failed to fetch orders',
        {},
        ordersDeskPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(
        `/admin/orders/${encodeURIComponent(id)}`,
        'Failed to fetch order details',
        {},
        orderDeskDetailResponse,
      ).then((answer) => answer.data),
    addNote: (id: string, note: OrderNoteInput) =>
      call(
        `/admin/orders/${encodeURIComponent(id)}/notes`,
        'Failed to add the note',
        { method: 'POST', body: JSON.stringify(note) },
        orderNoteResponse,
      ).then((answer) => answer.data),
    /** The shop's one way to move an order; the server checks the transition table. */
    setStatus: (id: string, status: OrderStatus, reason?: string) =>
      send<Order>(
        'PATCH',
        `/admin/orders/${encodeURIComponent(id)}/status`,
        'Failed to update the order',
        reason ? { status, reason } : { status },
      ),
  };
}
