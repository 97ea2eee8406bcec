import { orderResponse } from '@shop/contracts/orders';
import {
  changedAddressResponse,
  confirmationResentResponse,
  orderRefundResponse,
  type OrderAddressInput,
  type OrderRefundInput,
} from '@shop/contracts/order-actions';
import type { ApiClient } from '../../../lib/api-client';

const path = (id: string, action: string) => `/admin/orders/${encodeURIComponent(id)}/${action}`;

/** The order screen's actions, over the signed-in client `authed` hands out. Back office only. */
export function orderActionsApi({ send }: ApiClient) {
  return {
    /** Owes a refund of chosen lines or an amount; the worker sends it to the provider. */
    refund: (id: string, body: OrderRefundInput) =>
      send(orderRefundResponse, 'POST', path(id, 'refunds'), 'Failed to refund', body),
    resendConfirmation: (id: string) =>
      send(
        confirmationResentResponse,
        'POST',
        path(id, 'resend-confirmation'),
        'Failed to send the confirmation again',
      ),
    /** Confirms a cash-on-delivery order after a call to the shopper. */
    confirmCashOnDelivery: (id: string) =>
      send(orderResponse, 'POST', path(id, 'cod-confirm'), 'Failed to confirm cash on delivery'),
    changeAddress: (id: string, body: OrderAddressInput) =>
      send(
        changedAddressResponse,
        'PATCH',
        path(id, 'shipping-address'),
        'Failed to change the address',
        body,
      ),
  };
}
