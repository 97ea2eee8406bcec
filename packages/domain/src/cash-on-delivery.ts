/**
 * Cash on delivery: when an order may be paid at the door, what it costs, and how the shopper
 * confirms it. The shop owner turns it on and sets its fee and order-value bounds; a PIN code's
 * courier decides whether cash can be collected there; and an account that keeps refusing
 * parcels is asked to pay online.
 */
import { formatMoney, type Paise } from './money.ts';

/** The owner's terms (all off by default, so checkout offers online payment only). */
export interface CodTerms {
  enabled: boolean;
  feePaise: Paise;
  /** The smallest order (items less discounts, before the fee) that may be paid in cash. */
  minOrderPaise: Paise;
  /** The largest; couriers cap the cash they carry. */
  maxOrderPaise: Paise;
}

export const codMessages = {
  off: 'Cash on delivery is not available',
  pinCode: 'Cash on delivery is not available for this PIN code',
  history: 'Cash on delivery is not available on this account: please pay online',
  below: (min: Paise) =>
    `Cash on delivery is available on orders of ${formatMoney(min, { trimZeroPaise: true })} or more`,
  above: (max: Paise) =>
    `Cash on delivery is available on orders up to ${formatMoney(max, { trimZeroPaise: true })}`,
  codeWrong: 'That code is not right. Please check the code we sent and try again',
  codeSpent: 'Too many wrong codes: our team will call you to confirm this order',
  notAwaiting: 'This order is not waiting for a cash-on-delivery confirmation',
} as const;

/** One of the shopper's recent orders, as the refusal rule reads it. */
export interface RecentOrder {
  paymentMethod: string;
  /** The courier brought the parcel back (the shopper refused it or was never there). */
  refusedAtDoor: boolean;
  cancelled: boolean;
}

/** The rule looks at this many of the shopper's latest orders... */
export const COD_HISTORY_ORDERS = 10;
/** ...and refuses cash when this many of them were refused at the door or cancelled COD orders. */
export const COD_REFUSALS_ALLOWED_BELOW = 3;

export const CASH_ON_DELIVERY = 'cod';

/** Refused parcels and cancelled COD orders among the latest orders, newest first. */
export function codRefusals(recent: readonly RecentOrder[]): number {
  return recent
    .slice(0, COD_HISTORY_ORDERS)
    .filter(
      (order) =>
        order.refusedAtDoor || (order.cancelled && order.paymentMethod === CASH_ON_DELIVERY),
    ).length;
}

export type CodDecision = { ok: true; feePaise: Paise } | { ok: false; message: string };

/**
 * Whether an order of `orderPaisa` (items less discounts) to a PIN where the courier does or does
 * not collect cash may be paid on delivery by a shopper with these latest orders.
 */
export function codDecision(input: {
  terms: CodTerms;
  orderPaise: Paise;
  pinCodeTakesCash: boolean;
  recentOrders: readonly RecentOrder[];
}): CodDecision {
  const { terms, orderPaise } = input;
  if (!terms.enabled) return { ok: false, message: codMessages.off };
  if (!input.pinCodeTakesCash) return { ok: false, message: codMessages.pinCode };
  if (orderPaise < terms.minOrderPaise)
    return { ok: false, message: codMessages.below(terms.minOrderPaise) };
  if (orderPaise > terms.maxOrderPaise)
    return { ok: false, message: codMessages.above(terms.maxOrderPaise) };
  if (codRefusals(input.recentOrders) >= COD_REFUSALS_ALLOWED_BELOW)
    return { ok: false, message: codMessages.history };
  return { ok: true, feePaise: terms.feePaise };
}

/**
 * How long a COD order waits for its confirmation (the mailed code, or the shop after a call)
 * before it is cancelled and its stock freed, as an unpaid online order is at its deadline.
 */
export const COD_CONFIRM_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Wrong codes allowed per order; then only the shop can confirm it. */
export const COD_CODE_ATTEMPTS = 5;

/** Six digits, from a source of random integers (crypto's randomInt on the server). */
export function newCodCode(randomInt: (below: number) => number): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** A code as the shopper may type it: spaces and dashes are ignored. */
export function normalizeCodCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}
