/**
 * The back office's orders desk: which orders need the shop's attention, where the shop may move
 * an order next, and how a day in India maps onto instants. Screens and SQL ask this module.
 */
import { needsShipment, orderStatuses, orderTransitions, type OrderStatus } from './orders.ts';
import type { OrderPaymentStatus, RefundState } from './payments.ts';

/**
 * Payment states only a person can settle: a capture that does not match its order. Refunds that
 * failed for good are the other half of "needs attention" (see `needsAttention`).
 */
export const attentionPaymentStatuses = [
  'payment_review',
] as const satisfies readonly OrderPaymentStatus[];

/** A refund the worker gave up on: the money is owed and only the shop can send it now. */
export const attentionRefundStates = ['failed'] as const satisfies readonly RefundState[];

/** Whether the shop must look at the order before anything else. */
export function needsAttention(order: {
  paymentStatus: OrderPaymentStatus;
  refundStates: readonly RefundState[];
}): boolean {
  return (
    (attentionPaymentStatuses as readonly OrderPaymentStatus[]).includes(order.paymentStatus) ||
    order.refundStates.some((state) =>
      (attentionRefundStates as readonly RefundState[]).includes(state),
    )
  );
}

/**
 * The statuses the shop may move an order to from `from` by a status change alone, in the
 * table's order: a move to shipped is made with its parcel on the shipment panel, never bare.
 */
export function shopMovesFrom(from: OrderStatus): OrderStatus[] {
  const moves = orderTransitions[from] as Partial<Record<OrderStatus, readonly string[]>>;
  return orderStatuses.filter((to) => moves[to]?.includes('shop') && !needsShipment(to));
}

/** Moves the shopper is told about with the shop's reason: a cancel must say why. */
export function moveNeedsReason(to: OrderStatus): boolean {
  return to === 'cancelled';
}

/** The shop's words for a move, on its buttons. */
export const shopMoveLabels: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Confirm',
  processing: 'Start processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
  return_requested: 'Request return',
  returned: 'Receive return',
};

/** The shop trades in India: its days start at midnight Asia/Kolkata (UTC+05:30, no DST). */
const INDIA_OFFSET = '+05:30';

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant a day in India begins. */
export function indiaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00${INDIA_OFFSET}`);
}

/** The instant after a day in India ends: `to` dates are inclusive, so they end the next day. */
export function indiaDayEnd(date: string): Date {
  return new Date(indiaDayStart(date).getTime() + 24 * 60 * 60 * 1000);
}
