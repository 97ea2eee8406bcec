/**
 * Payments and refunds: the states an order's payment and a refund go through, who may move them
 * where, and the retry rule for refunds. SQL receives these states as parameters; no payment or
 * refund state string is compared anywhere else.
 */
import type { OrderStatus } from './orders.ts';

/**
 * An order's payment as the shopper sees it. `refund_pending` lasts from the decision to refund
 * until the provider confirms; `payment_review` is a capture that does not match the order (wrong
 * amount or currency), held for the shop to look at instead of being accepted.
 */
export const orderPaymentStatuses = [
  'pending',
  'paid',
  'failed',
  'refund_pending',
  'refunded',
  'partially_refunded',
  'payment_review',
  // cash on delivery: placed, to be collected by the courier (then `paid`)
  'cod_pending',
  // cash on delivery: the parcel came back unpaid (refused or never received)
  'cod_refused',
] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/** An order may still be paid (given an open order) only while no money has arrived for it. */
export const awaitingPaymentStatuses = [
  'pending',
  'failed',
] as const satisfies readonly OrderPaymentStatus[];

export function awaitsPayment(status: OrderPaymentStatus): boolean {
  return (awaitingPaymentStatuses as readonly OrderPaymentStatus[]).includes(status);
}

/**
 * Payment states in which some of the order's money is still with the shop to give back: paid,
 * or partly refunded since, or a refund under way. A cancel refunds what is left; a return
 * refunds its lines' share. The one list of refundable payment states.
 */
export const refundablePaymentStatuses = [
  'paid',
  'partially_refunded',
  'refund_pending',
] as const satisfies readonly OrderPaymentStatus[];

export function isRefundable(status: OrderPaymentStatus | string): boolean {
  return (refundablePaymentStatuses as readonly string[]).includes(status);
}

/** One provider order of ours: created, then paid, failed, refunded, or held for review. */
export const providerPaymentStatuses = ['created', 'paid', 'failed', 'refunded', 'review'] as const;
export type ProviderPaymentStatus = (typeof providerPaymentStatuses)[number];

/** Why money goes back. */
export const refundReasons = [
  // a paid order cancelled by the shopper, the shop or the system
  'cancelled',
  // returned items received by the shop
  'returned',
  // paid after the order expired or was cancelled
  'late_payment',
  // a second captured payment for an order already paid
  'duplicate_payment',
  // decided by the shop in the back office
  'shop',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * A refund is owed (`pending`), handed to the provider (`sent`), then confirmed (`processed`) or
 * refused (`failed`). A failed send is retried from `pending` until the attempts run out.
 */
export const refundStates = ['pending', 'sent', 'processed', 'failed'] as const;
export type RefundState = (typeof refundStates)[number];

export const refundTransitions = {
  pending: ['sent', 'processed', 'failed'],
  sent: ['processed', 'failed'],
  processed: [],
  failed: [],
} as const satisfies Record<RefundState, readonly RefundState[]>;

export function canMoveRefund(from: RefundState, to: RefundState): boolean {
  return (refundTransitions[from] as readonly RefundState[]).includes(to);
}

/** Refund states the provider may still change; the others are final. */
export const openRefundStates = ['pending', 'sent'] as const satisfies readonly RefundState[];

/** Sends of one refund before it is marked failed for the shop to handle by hand. */
export const REFUND_MAX_ATTEMPTS = 8;

/**
 * How long to wait before the next send after `attempts` failed ones: doubling from `baseMs`,
 * at most an hour (30 s, 1 min, 2 min, ... with the default base).
 */
export function refundRetryDelayMs(attempts: number, baseMs = 30_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * The order's payment status once its refunds are known: refunded in full when what was
 * processed covers what was paid, partly when some was, still pending while any is open.
 */
export function paymentStatusAfterRefunds(
  paidPaise: number,
  refunds: readonly { state: RefundState; amountPaise: number }[],
): OrderPaymentStatus {
  if (refunds.some((refund) => refund.state === 'pending' || refund.state === 'sent')) {
    return 'refund_pending';
  }
  const processed = refunds
    .filter((refund) => refund.state === 'processed')
    .reduce((sum, refund) => sum + refund.amountPaise, 0);
  if (processed >= paidPaise && paidPaise > 0) return 'refunded';
  if (processed > 0) return 'partially_refunded';
  // Every refund failed: the money is still with the shop, owed; the shop sees the failed rows.
  return 'refund_pending';
}

/** A captured payment settles an order only when it is for the order's exact amount in rupees. */
export function captureMatchesOrder(
  capture: { amountPaise?: number | undefined; currency?: string | undefined },
  orderTotalPaise: number,
): boolean {
  if (capture.currency !== undefined && capture.currency !== 'INR') return false;
  if (capture.amountPaise !== undefined && capture.amountPaise !== orderTotalPaise) return false;
  return true;
}

/** Order payment statuses in which money has arrived for the order's own payment. */
export const moneyReceivedStatuses = [
  'paid',
  'refund_pending',
  'refunded',
  'partially_refunded',
  'payment_review',
] as const satisfies readonly OrderPaymentStatus[];

/**
 * What a provider's payment, reported by the shopper's browser or the provider's webhook, does to
 * the order it is for: 'unknown' (no such provider order, or another shopper's), 'already' (this
 * payment settled it before), 'taken' (the provider's payment id is on another of the shop's
 * payments), 'paid' (it pays the order now), 'late' (the order was cancelled or expired: the
 * payment is kept and refunded), 'duplicate' (money already arrived for the order: this payment is
 * refunded in full) or 'review' (the capture is not the order's amount in rupees: held for the
 * shop).
 */
export type SettleOutcome =
  'unknown' | 'already' | 'taken' | 'paid' | 'late' | 'duplicate' | 'review';

/** The order and its provider payment as they stand when a payment is reported. */
export interface SettlementState {
  order: { userId: string; status: string; paymentStatus: string } | undefined;
  payment: { status: string; providerPaymentId: string | null; amountPaise: number } | undefined;
  /** The reported payment id is already on another of the shop's payments. */
  elsewhere: boolean;
}

/** A payment as it is reported. */
export interface PaymentReport {
  providerPaymentId: string;
  /** The shopper whose browser reports it; null for the provider's webhook. */
  userId: string | null;
  /** What the provider captured, when it says (a webhook does; a browser does not). */
  capture?: { amountPaise?: number | undefined; currency?: string | undefined } | undefined;
}

/**
 * Decides a reported payment's outcome. The settlement decides it on the rows it has locked; a
 * shopper's verification decides it first on rows read without a lock, and settles in one
 * statement only while those rows still read the same.
 */
export function settlementOutcome(state: SettlementState, report: PaymentReport): SettleOutcome {
  const { order, payment } = state;
  if (!order || !payment) return 'unknown';
  if (report.userId !== null && order.userId !== report.userId) return 'unknown';
  if (payment.providerPaymentId === report.providerPaymentId) return 'already';
  if (state.elsewhere) return 'taken';
  const moneyReceived = (moneyReceivedStatuses as readonly string[]).includes(order.paymentStatus);
  if (payment.status !== ('created' satisfies ProviderPaymentStatus) || moneyReceived) {
    return 'duplicate';
  }
  // Paid after the order was cancelled or expired: the money goes back, whatever it was.
  if (order.status === ('cancelled' satisfies OrderStatus)) return 'late';
  if (!captureMatchesOrder(report.capture ?? {}, payment.amountPaise)) return 'review';
  return 'paid';
}
