/**
 * What the back office may do to one order besides moving it: mail its confirmation again, change
 * where it goes before it leaves, and what the desk says to do about an order that needs it.
 */
import type { OrderStatus } from './orders.ts';
import type { OrderPaymentStatus } from './payments.ts';
import { shopperSeesShipment, type ShipmentState } from './shipping.ts';

export const orderActionMessages = {
  notPaidForMail: 'Only a paid order has a confirmation to send again',
  resentRecently: 'The confirmation was sent again less than a minute ago: check the inbox first',
  addressAfterDispatch: (status: string) =>
    `The order is ${status}: its shipping address can no longer be changed`,
  addressShipmentBooked:
    'A shipment has been requested from the courier for this order: its shipping address can no longer be changed',
} as const;

/** One resend of an order's confirmation per minute: a double click sends one mail. */
export const CONFIRMATION_RESEND_WINDOW_MS = 60_000;

/** Payment states in which the order stands paid, so its confirmation still tells the truth. */
const CONFIRMED_PAYMENT_STATUSES: readonly OrderPaymentStatus[] = ['paid', 'partially_refunded'];

export function canResendConfirmation(order: {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
}): boolean {
  return order.status !== 'cancelled' && CONFIRMED_PAYMENT_STATUSES.includes(order.paymentStatus);
}

/**
 * Whether the shop's change of an order's address is mailed to its shopper, the old and the new
 * address: for an order that stands paid, whose goods someone of the shop could otherwise send
 * elsewhere unseen.
 */
export function mailsAddressChange(order: {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
}): boolean {
  return canResendConfirmation(order);
}

/** Statuses before the parcel leaves: the address is still only on our books. */
const BEFORE_DISPATCH: readonly OrderStatus[] = ['pending', 'confirmed', 'processing'];

export type AddressEditCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether the shop may change where the order goes: only before dispatch, and only while no
 * courier has been asked for it (the booking worker sends the address it read when it was asked,
 * so a change after that could miss the parcel). A failed or cancelled booking is no parcel.
 */
export function addressEditCheck(
  order: { status: OrderStatus; statusLabel: string },
  shipments: readonly { state: ShipmentState }[],
): AddressEditCheck {
  if (!BEFORE_DISPATCH.includes(order.status)) {
    return { ok: false, message: orderActionMessages.addressAfterDispatch(order.statusLabel) };
  }
  if (shipments.some((shipment) => shopperSeesShipment(shipment.state))) {
    return { ok: false, message: orderActionMessages.addressShipmentBooked };
  }
  return { ok: true };
}

/**
 * What the shop should do about an order on the desk's "needs attention" list: a payment held
 * for review is checked with the provider first; a refund that failed for good is still owed.
 */
export function attentionAction(order: { paymentStatus: OrderPaymentStatus }): string {
  return order.paymentStatus === 'payment_review'
    ? "Payment held for review: the amount captured does not match the order. Check the payment in the provider's dashboard and settle it there"
    : 'A refund failed: check the error on the order, then refund the amount again from its refund panel';
}
