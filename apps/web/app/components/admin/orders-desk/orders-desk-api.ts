import { orderResponse } from '@shop/contracts/orders';
import {
  orderDeskDetailResponse,
  orderNoteResponse,
  ordersDeskPageResponse,
  type OrderNoteInput,
  type OrdersDeskQuery,
} from '@shop/contracts/orders-desk';
import type { OrderStatus } from '@shop/domain/orders';
import { adminShipmentResponse, type NdrActionInput } from '@shop/contracts/shipping';
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
    /** Asks the courier for the order's shipment; a worker books it (AWB) a moment later. */
    requestShipment: (id: string) =>
      call(
        `/admin/orders/${encodeURIComponent(id)}/shipment`,
        'Failed to ask for a shipment',
        { method: 'POST' },
        adminShipmentResponse,
      ).then((answer) => answer.data),
    /** The shop's answer to a failed delivery. */
    answerNdr: (shipmentId: string, body: NdrActionInput) =>
      call(
        `/admin/shipments/${encodeURIComponent(shipmentId)}/ndr`,
        'Failed to answer the failed delivery',
        { method: 'POST', body: JSON.stringify(body) },
        adminShipmentResponse,
      ).then((answer) => answer.data),
    /** The shop's one way to move an order; the server checks the transition table. */
    setStatus: (id: string, status: OrderStatus, reason?: string) =>
      send(
        orderResponse,
        'PATCH',
        `/admin/orders/${encodeURIComponent(id)}/status`,
        'Failed to update the order',
        reason ? { status, reason } : { status },
      ),
  };
}
