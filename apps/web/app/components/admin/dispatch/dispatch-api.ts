import {
  dispatchPageResponse,
  pickListResponse,
  type DispatchQuery,
  type ShipOrder,
} from '@shop/contracts/dispatch';
import { orderResponse } from '@shop/contracts/orders';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The dispatch desk's calls, over the signed-in client `authed` hands out. Back office only. */
export function dispatchApi({ call, send, file }: ApiClient) {
  return {
    queue: (query: DispatchQuery) =>
      call(
        `/admin/dispatch${queryString({ ...query })}`,
        'Failed to fetch the dispatch queue',
        {},
        dispatchPageResponse,
      ).then((answer) => answer.data),
    pickList: (orderIds: string[]) =>
      call(
        '/admin/dispatch/pick-list',
        'Failed to make the pick list',
        { method: 'POST', body: JSON.stringify({ orderIds }) },
        pickListResponse,
      ).then((answer) => answer.data),
    labels: (orderIds: string[]) =>
      file('POST', '/admin/dispatch/labels.pdf', 'Failed to make the labels', { orderIds }),
    packingSlip: (id: string) =>
      file(
        'GET',
        `/admin/orders/${encodeURIComponent(id)}/packing-slip.pdf`,
        'Failed to make the packing slip',
      ),
    ship: (id: string, shipment: ShipOrder) =>
      send(
        orderResponse,
        'POST',
        `/admin/orders/${encodeURIComponent(id)}/ship`,
        'Failed to mark the order shipped',
        shipment,
      ),
  };
}
