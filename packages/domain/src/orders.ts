/**
 * Orders: their statuses, who may move them where, and the return and modification rules.
 * Components and services ask this module; no status string is compared anywhere else.
 */
import { awaitsPayment, orderPaymentStatuses, type OrderPaymentStatus } from './payments.ts';

export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order's payment status (the table and its meanings live with the payment rules). */
export const paymentStatuses = orderPaymentStatuses;
export type PaymentStatus = OrderPaymentStatus;

/** Who moves an order: the shopper herself, the shop (an admin), or the server's own sweeps. */
export type OrderActor = 'shopper' | 'shop' | 'system';

/**
 * The one table of allowed moves. `pending` is a placed order, paid or awaiting payment; a paid
 * order confirms itself once the modification window has passed (or the shop confirms it).
 */
export const orderTransitions = {
  pending: { confirmed: ['shop', 'system'], cancelled: ['shopper', 'shop', 'system'] },
  confirmed: { processing: ['shop'], cancelled: ['shop'] },
  processing: { shipped: ['shop'], cancelled: ['shop'] },
  // A parcel the courier brought back undelivered cancels its order (only the courier's word does).
  shipped: { delivered: ['shop'], cancelled: ['system'] },
  delivered: { return_requested: ['shopper'] },
  // The shop refuses the return and the order stays delivered; it becomes returned only by its
  // lines on the returns desk (each received, then checked), never by a move of the whole order,
  // which would refund every line unchecked.
  return_requested: { returned: ['system'], delivered: ['shop'] },
  cancelled: {},
  returned: {},
} as const satisfies Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>>;

/** Statuses that send goods on their way: an order paid online reaches them only once paid. */
const AFTER_PAYMENT: readonly OrderStatus[] = ['confirmed', 'processing', 'shipped', 'delivered'];

export function needsPaymentFor(to: OrderStatus): boolean {
  return AFTER_PAYMENT.includes(to);
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

export function statusLabel(status: OrderStatus): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

/** Why the shop cannot mark a whole order returned: the returns desk takes it line by line. */
export const RETURNED_ON_THE_DESK =
  'Returns are taken in on the returns desk: receive each line there and check it, and the order becomes RETURNED by itself';

/** Why a bare move to shipped is refused: goods leave only as a parcel with its courier and AWB. */
export const SHIP_FROM_DISPATCH =
  'Ship the order from Dispatch: book the courier, or enter the courier and AWB by hand';

/** The parcel a move to shipped carries: the courier's name and its tracking number (AWB). */
export interface ShipmentOfMove {
  courier: string;
  awb: string;
}

/**
 * Moves that send goods away and so need their parcel: the shopper is told who carries it and
 * its AWB, and the courier's scans find the order by it. No status change alone makes one.
 */
export const MOVES_WITH_A_SHIPMENT: readonly OrderStatus[] = ['shipped'];

export function needsShipment(to: OrderStatus): boolean {
  return MOVES_WITH_A_SHIPMENT.includes(to);
}

/**
 * Whether `actor` may move an order from `from` to `to`: the table's rule, and a move to shipped
 * only with its parcel (a courier's booking or one typed by hand), whoever asks.
 */
export function transition(
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderActor,
  shipment?: ShipmentOfMove | null,
): TransitionCheck {
  if (needsShipment(to) && !(shipment?.courier.trim() && shipment.awb.trim())) {
    return { ok: false, message: SHIP_FROM_DISPATCH };
  }
  const allowed = (orderTransitions[from] as Partial<Record<OrderStatus, readonly OrderActor[]>>)[
    to
  ];
  if (!allowed) {
    return {
      ok: false,
      message: `An order that is ${statusLabel(from)} cannot become ${statusLabel(to)}`,
    };
  }
  if (!allowed.includes(actor)) {
    return {
      ok: false,
      message:
        to === 'returned'
          ? RETURNED_ON_THE_DESK
          : `Only the shop can mark an order ${statusLabel(to)}`,
    };
  }
  return { ok: true };
}

/** What of an order says whether it was paid for. */
export interface OrderPaidFacts {
  status: string;
  paidAt: Date | string | null;
  codConfirmedAt: Date | string | null;
}

/**
 * "Has paid": the order's money reached the shop online, or its shopper (or the shop, after a
 * call) confirmed it for cash on delivery, which the courier then collects. One definition for
 * the first-order rule and the sales figures alike (the SQL form, for aggregates, is
 * `paidOrderSql` in the API, tested to agree with this).
 */
export function hasBeenPaid(order: Omit<OrderPaidFacts, 'status'>): boolean {
  return order.paidAt !== null || order.codConfirmedAt !== null;
}

/**
 * A shopper's order counts as an earlier purchase when it was paid and not cancelled since (an
 * order paid and then cancelled was no order): with none, her next order is her first.
 */
export function isFirstOrder(earlier: readonly OrderPaidFacts[]): boolean {
  return !earlier.some((order) => order.status !== 'cancelled' && hasBeenPaid(order));
}

/**
 * Goods may leave for an order paid in full online, or a cash-on-delivery order its shopper (or
 * the shop) confirmed: one awaiting payment only holds stock, and shipping it would give the goods
 * away.
 */
export function readyForGoods(order: {
  paymentStatus: OrderPaymentStatus | string;
  codConfirmedAt: Date | string | null;
}): boolean {
  if (order.paymentStatus === ('paid' satisfies OrderPaymentStatus)) return true;
  return (
    order.paymentStatus === ('cod_pending' satisfies OrderPaymentStatus) &&
    order.codConfirmedAt !== null
  );
}

/** A paid order can be changed or cancelled for two hours; then it confirms itself. */
export const MODIFICATION_WINDOW_MS = 2 * 60 * 60 * 1000;

/** The shopper may cancel only while the order is pending (paid or not). */
export function cancelCheck(status: OrderStatus): TransitionCheck {
  if (status !== 'pending') {
    return {
      ok: false,
      message: `An order that is ${statusLabel(status)} can no longer be cancelled`,
    };
  }
  return { ok: true };
}

/** Payment states in which the shop holds (or held) the shopper's money for the order. */
const MONEY_RECEIVED: readonly OrderPaymentStatus[] = [
  'paid',
  'refund_pending',
  'refunded',
  'partially_refunded',
];

/** What the payment box of an order says, by its payment state. */
const PAYMENT_TITLES: Record<OrderPaymentStatus, string> = {
  pending: 'Not paid',
  failed: 'Not paid',
  paid: 'Payment Successful',
  refund_pending: 'Refund in progress',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  payment_review: 'Payment under review',
  cod_pending: 'Cash on delivery',
  cod_refused: 'Not paid: parcel returned',
};

export interface OrderShopperView {
  /**
   * The status badge. While an order is `pending` its payment says more than its status: one
   * that awaits payment says so, one whose time to pay has passed is about to be cancelled, a
   * paid one is placed. Later statuses speak for themselves.
   */
  badge: string;
  /** Open, unpaid and still inside its time to pay: the shopper may pay it now, or cancel it. */
  awaitingPayment: boolean;
  /** The shop received the money (refunded since or not): its total is "Total Paid". */
  paid: boolean;
  /** The payment box's title; it never contradicts the badge. */
  payment: string;
}

/** How an order reads to its shopper at `now`: badge, payment box, and whether she can pay it. */
export function orderShopperView(
  order: {
    status: OrderStatus;
    paymentStatus: OrderPaymentStatus;
    paymentDueAt: string | Date;
    codConfirmedAt?: string | Date | null | undefined;
  },
  now: Date,
): OrderShopperView & { awaitingCodConfirmation: boolean } {
  const paid = MONEY_RECEIVED.includes(order.paymentStatus);
  const unpaid = awaitsPayment(order.paymentStatus);
  const due = new Date(order.paymentDueAt).getTime();
  const inTime = now.getTime() < due;
  const awaitingPayment = order.status === 'pending' && unpaid && inTime;
  const unconfirmedCod =
    order.status === 'pending' && order.paymentStatus === 'cod_pending' && !order.codConfirmedAt;
  const awaitingCodConfirmation = unconfirmedCod && inTime;
  let badge = statusLabel(order.status);
  if (order.status === 'pending') {
    if (awaitingPayment) badge = 'Awaiting payment';
    else if (unpaid) badge = 'Payment expired';
    else if (awaitingCodConfirmation) badge = 'Confirm your order';
    else if (unconfirmedCod) badge = 'Not confirmed in time';
    else if (order.paymentStatus === 'payment_review') badge = 'Payment under review';
    else if (order.paymentStatus === 'paid' || order.paymentStatus === 'cod_pending')
      badge = 'Placed';
  }
  const payment = awaitingPayment ? 'Payment pending' : PAYMENT_TITLES[order.paymentStatus];
  return { badge, awaitingPayment, awaitingCodConfirmation, paid, payment };
}
