/**
 * Refunds the shop decides by hand (the back office's refund of chosen lines or of an amount), and
 * the rules any refund of an order's payment keeps: never more than was paid less what is already
 * refunded or on its way back, a line refunded at its price less its share of the order's
 * discount, only once the money arrived, and a staff member's refunds of an order (of any kind)
 * only up to the shop's limit (`refundGate`, at the one place refund rows are written). The returns
 * desk owes returned lines' refunds through the same rules.
 */
import { conflict, invalid } from './errors.ts';
import { formatMoney, type Paise } from './money.ts';
import type { OrderPaymentStatus, RefundReason, RefundState } from './payments.ts';
import { returnRefundShares, type OrderForRefund } from './returns.ts';
import { canRefund, type StaffRole, type UserRole } from './roles.ts';

export const refundMessages = {
  notPaid: 'Only an order whose payment has arrived can be refunded',
  underReview: 'This payment is held for review: settle it with the provider before refunding',
  nothingLeft: 'Everything paid for this order has been refunded or is being refunded already',
  tooMuch: (left: Paise) =>
    `At most ${formatMoney(left, { trimZeroPaise: true })} can still be refunded for this order`,
  nothingToRefund: 'These items were free after the discount: there is nothing to refund for them',
  unknownItem: 'This item is not part of the order',
  duplicateItem: 'Each item can be listed only once',
  lineQuantity: (name: string, left: number) =>
    left === 0
      ? `${name} has been refunded in full already`
      : `At most ${left} of ${name} can still be refunded`,
  needsOwner: (limit: Paise) =>
    `Refunds above ${formatMoney(limit, { trimZeroPaise: true })} need an owner`,
  notAllowed: 'Only the shop can refund an order',
} as const;

/**
 * Refunds that count against what was paid: owed, with the provider, or done. A refund that failed
 * for good sent nothing back, so the shop may owe it again.
 */
export const countedRefundStates = [
  'pending',
  'sent',
  'processed',
] as const satisfies readonly RefundState[];

const counts = (state: RefundState) =>
  (countedRefundStates as readonly RefundState[]).includes(state);

/** Order payment states in which the money is with the shop (some may be on its way back). */
const REFUNDABLE_PAYMENT_STATUSES: readonly OrderPaymentStatus[] = [
  'paid',
  'refund_pending',
  'partially_refunded',
  'refunded',
];

/** A refund already made of the order's payment, with the units of each line it gave back. */
export interface RefundMade {
  state: RefundState;
  reason: RefundReason;
  amountPaise: Paise;
  lines: readonly { itemId: string; quantity: number }[];
  /** The role of the person of the shop who decided it; null for the shop's own rules. */
  decidedByRole?: StaffRole | null | undefined;
}

/** An order's money as a refund decision reads it, with its payment's refunds so far. */
export interface OrderToRefund extends OrderForRefund {
  items: readonly { id: string; productName: string; quantity: number; itemTotalPaise: Paise }[];
  paymentStatus: OrderPaymentStatus;
  /** What the order's captured payment brought in; 0 when no payment was captured. */
  paidPaise: Paise;
  refunds: readonly RefundMade[];
}

/** What is left to refund of the order's payment: paid, less every refund owed or made. */
export function refundablePaise(order: Pick<OrderToRefund, 'paidPaise' | 'refunds'>): Paise {
  const counted = order.refunds
    .filter((refund) => counts(refund.state))
    .reduce((sum, refund) => sum + refund.amountPaise, 0);
  return Math.max(0, order.paidPaise - counted);
}

/** Units of each line refunded (or on their way back) so far, by item id. */
export function refundedUnits(refunds: readonly RefundMade[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of refunds.filter((made) => counts(made.state))) {
    for (const line of refund.lines) {
      units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity);
    }
  }
  return units;
}

/** The whole of a set of line shares. */
const totalOf = (shares: Map<string, Paise>) =>
  [...shares.values()].reduce((sum, amount) => sum + amount, 0);

export interface PlannedRefund {
  amountPaise: Paise;
  /** The units refunded per line and what each line gives back; empty for a refund of an amount. */
  lines: { itemId: string; quantity: number; amountPaise: Paise }[];
}

/**
 * What refunding these units of the order's lines gives back, line by line. Each line gives its
 * price less its share of the discount (`returnRefundShares`), counted over every unit refunded
 * so far: this refund is what all of them give back less what the earlier ones gave, so refunding
 * a line unit by unit sums to exactly the line's share, and the refund that takes the last unit of
 * the order back also returns what the lines alone leave (shipping). Refuses an unknown or
 * repeated item and more units than are left of a line.
 */
export function planLineRefund(
  order: OrderToRefund,
  asked: readonly { itemId: string; quantity: number }[],
): PlannedRefund {
  const earlier = refundedUnits(order.refunds);
  const seen = new Set<string>();
  for (const line of asked) {
    if (seen.has(line.itemId)) throw invalid(refundMessages.duplicateItem);
    seen.add(line.itemId);
    const item = order.items.find((candidate) => candidate.id === line.itemId);
    if (!item) throw invalid(refundMessages.unknownItem);
    const left = item.quantity - (earlier.get(item.id) ?? 0);
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > left) {
      throw conflict(refundMessages.lineQuantity(item.productName, Math.max(0, left)));
    }
  }
  const before = order.items
    .filter((item) => (earlier.get(item.id) ?? 0) > 0 && !seen.has(item.id))
    .map((item) => ({ itemId: item.id, quantity: earlier.get(item.id)! }));
  // This refund's lines last, so what the lines alone leave lands on one of them.
  const after = [
    ...before,
    ...asked.map((line) => ({
      itemId: line.itemId,
      quantity: line.quantity + (earlier.get(line.itemId) ?? 0),
    })),
  ];
  const sharesBefore = returnRefundShares(
    order,
    order.items
      .filter((item) => (earlier.get(item.id) ?? 0) > 0)
      .map((item) => ({ itemId: item.id, quantity: earlier.get(item.id)! })),
  );
  const sharesAfter = returnRefundShares(order, after);
  const lines = asked.map((line) => ({
    itemId: line.itemId,
    quantity: line.quantity,
    amountPaise: (sharesAfter.get(line.itemId) ?? 0) - (sharesBefore.get(line.itemId) ?? 0),
  }));
  // Lines refunded before keep their shares; any rounding difference stays with this refund.
  const amountPaise = totalOf(sharesAfter) - totalOf(sharesBefore);
  return { amountPaise, lines };
}

/** A refund the shop asks for: chosen lines (units of each) or an amount in paise. */
export type RefundAsked =
  { lines: readonly { itemId: string; quantity: number }[] } | { amountPaise: Paise };

/** Who refunds, and the shop's limit for staff (STAFF_REFUND_LIMIT_RUPEES). */
export interface Refunder {
  role: UserRole;
  staffLimitPaise: Paise;
}

/**
 * Who decides a refund: a person of the shop (the status desk's cancel, the returns desk, a refund
 * by hand), or null for the shop's own rules that no one decides (the shopper cancelling her own
 * order, a late or duplicate payment, a parcel the courier brought back).
 */
export type RefundDecider = Refunder | null;

export type RefundGateCheck = { ok: true } | { ok: false; message: string };

/**
 * The one gate every refund row passes: may this decider refund this much, given what staff
 * already refunded of the order (refunds owed, on their way or done, whatever their reason: a
 * cancel, a returned line, a refund by hand)? Owners refund any amount; staff only while all
 * their refunds of the order stay within the limit, so a cancel, five returned lines or several
 * small refunds by hand need an owner all the same once together they pass it. The shop's own
 * rules pass. The caller reads `earlier` under the order's lock, so two refunds at once are
 * judged one after the other.
 */
export function refundGate(
  decider: RefundDecider,
  amountPaise: Paise,
  earlier: readonly Pick<RefundMade, 'state' | 'amountPaise' | 'decidedByRole'>[],
): RefundGateCheck {
  if (decider === null) return { ok: true };
  const byStaff = earlier
    .filter((refund) => refund.decidedByRole === 'staff' && counts(refund.state))
    .reduce((sum, refund) => sum + refund.amountPaise, 0);
  const counted = decider.role === 'staff' ? byStaff + amountPaise : amountPaise;
  if (canRefund(decider.role, counted, decider.staffLimitPaise)) return { ok: true };
  return {
    ok: false,
    message:
      decider.role === 'staff'
        ? refundMessages.needsOwner(decider.staffLimitPaise)
        : refundMessages.notAllowed,
  };
}

/**
 * The shop's refund of an order by hand, checked: the money arrived and the amount is within what
 * is left to refund. Throws the refusal (409). Who may give it is the gate's to say
 * (`refundGate`), where the refund is owed.
 */
export function planShopRefund(order: OrderToRefund, asked: RefundAsked): PlannedRefund {
  if (order.paymentStatus === 'payment_review') throw conflict(refundMessages.underReview);
  if (!REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus) || order.paidPaise <= 0) {
    throw conflict(refundMessages.notPaid);
  }
  const left = refundablePaise(order);
  if (left === 0) throw conflict(refundMessages.nothingLeft);
  const planned: PlannedRefund =
    'lines' in asked
      ? planLineRefund(order, asked.lines)
      : { amountPaise: asked.amountPaise, lines: [] };
  if (!Number.isInteger(planned.amountPaise) || planned.amountPaise <= 0) {
    throw invalid(refundMessages.nothingToRefund);
  }
  if (planned.amountPaise > left) throw conflict(refundMessages.tooMuch(left));
  return planned;
}

/** How a refund reads to the shopper: on its way until the provider confirms it. */
export function shopperRefundLabel(state: RefundState): string {
  // A refund that failed for good is still owed by the shop, which sends it again.
  return state === 'processed' ? 'Refunded' : 'Refund in progress';
}
