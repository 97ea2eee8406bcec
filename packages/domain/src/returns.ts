/**
 * Returns and exchanges, line by line. Delivered items are exchanged for another size or colour
 * of the same product, or returned for a refund, within 3 days of delivery; hygiene items and
 * final-sale items are neither. Each line of a request is judged on its own: a line that cannot
 * be taken back says why and never blocks the lines beside it.
 */
import { invalid } from './errors.ts';
import { normalizeSize, sameColorName, sameSize } from './cart.ts';
import type { Paise } from './money.ts';

/** Exchanges and returns are accepted for 3 days from delivery. */
export const RETURN_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** Categories and subcategories never taken back: hygiene (panties, shapewear) or final sale. */
export const HYGIENE_CATEGORY_SLUGS = ['panties'] as const;
export const HYGIENE_SUBCATEGORY_SLUGS = ['shapewear'] as const;
export const FINAL_SALE_CATEGORY_SLUGS = ['clearance'] as const;
/** Taken back only sealed: the shop checks the seal when the item arrives. */
export const SEALED_ONLY_CATEGORY_SLUGS = ['beauty'] as const;

export const returnMessages = {
  notDelivered: 'A return can be requested only for a delivered order',
  windowClosed: 'The 3-day return window for this order has closed',
  alreadyRequested: 'A return has already been requested for this order',
  unknownItem: 'This item is not part of the order',
  duplicateItem: 'Each item can be listed only once',
  quantity: (max: number) => `You can send back at most ${max} of this item`,
  exchangeNeedsChoice: 'Choose the size or colour you would like instead',
  nothingToReturn: 'None of these items can be exchanged or returned',
  lineAlreadyAsked: 'An exchange or return was already asked for this item',
  sealedOnly: 'Only with its seal unbroken',
} as const;

/** What a shopper asks of one line: another size or colour of it, or her money back. */
export const returnActions = ['exchange', 'return'] as const;
export type ReturnAction = (typeof returnActions)[number];

/**
 * A line's way through the returns desk. The shop approves or declines a request; an approved
 * line's items come back (by a reverse pickup, or brought in), are received and checked (tags
 * on, unworn, a beauty item's seal unbroken). A line that passes goes back into stock; then a
 * return is refunded and an exchange's replacement, held since the request, is shipped. A line
 * that fails the check is declined after receipt and its items are sent back to the shopper.
 *
 * ```
 * requested ─► approved ─► pickup_scheduled ─► received ─► qc_passed ─► restocked ─► refunded
 *     │            │  └───────────────────────────┘   │         └──► replacement_queued ─► replacement_shipped
 *     └────────────┴──────────┴─► declined            └─► qc_failed ─► sent_back
 * ```
 */
export const returnLineStates = [
  'requested',
  'approved',
  'pickup_scheduled',
  'received',
  'qc_passed',
  'qc_failed',
  'restocked',
  'refunded',
  'replacement_queued',
  'replacement_shipped',
  'sent_back',
  'declined',
] as const;
export type ReturnLineState = (typeof returnLineStates)[number];

/** What the desk does to a line, one step at a time. */
export const returnSteps = [
  'approve',
  'decline',
  'schedulePickup',
  'receive',
  'passCheck',
  'failCheck',
  'restock',
  'refund',
  'shipReplacement',
  'sendBack',
] as const;
export type ReturnStep = (typeof returnSteps)[number];

interface StepRule {
  from: readonly ReturnLineState[];
  to: Record<ReturnAction, ReturnLineState>;
  /** The one kind of line the step applies to, when it is not both. */
  only?: ReturnAction;
}

const both = (state: ReturnLineState) => ({ exchange: state, return: state });

/** The one table of the desk's steps: where each may start, where it leads, for which lines. */
export const returnStepRules = {
  approve: { from: ['requested'], to: both('approved') },
  // Declined before the items are back: nothing has moved yet but an exchange's held stock.
  decline: { from: ['requested', 'approved', 'pickup_scheduled'], to: both('declined') },
  schedulePickup: { from: ['approved'], to: both('pickup_scheduled') },
  // Brought in or posted by the shopper, an approved line is received without a pickup.
  receive: { from: ['approved', 'pickup_scheduled'], to: both('received') },
  passCheck: { from: ['received'], to: both('qc_passed') },
  failCheck: { from: ['received'], to: both('qc_failed') },
  // Back in stock: a return awaits its refund, an exchange's replacement is queued for packing.
  restock: {
    from: ['qc_passed'],
    to: { return: 'restocked', exchange: 'replacement_queued' },
  },
  refund: { from: ['restocked'], to: both('refunded'), only: 'return' },
  shipReplacement: {
    from: ['replacement_queued'],
    to: both('replacement_shipped'),
    only: 'exchange',
  },
  sendBack: { from: ['qc_failed'], to: both('sent_back') },
} as const satisfies Record<ReturnStep, StepRule>;

/** A state's name in the desk's words ('pickup scheduled'). */
export const returnStateName = (state: ReturnLineState) => state.replace(/_/g, ' ');

const STEP_WORDS: Record<ReturnStep, string> = {
  approve: 'approved',
  decline: 'declined',
  schedulePickup: 'given a pickup',
  receive: 'received',
  passCheck: 'checked',
  failCheck: 'checked',
  restock: 'restocked',
  refund: 'refunded',
  shipReplacement: 'sent a replacement',
  sendBack: 'sent back',
};

export type ReturnStepCheck =
  | {
      ok: true;
      to: ReturnLineState;
      /** The line is there already: nothing to do again. */ repeat: boolean;
    }
  | { ok: false; message: string };

/**
 * Whether the desk may take this step with a line now, and where it leads. A step whose effect
 * the line already shows (a double click, a retried request) is a repeat: allowed, doing nothing.
 */
export function returnStep(
  line: { action: ReturnAction; state: ReturnLineState },
  step: ReturnStep,
): ReturnStepCheck {
  const rule: StepRule = returnStepRules[step];
  if (rule.only && rule.only !== line.action) {
    return {
      ok: false,
      message:
        line.action === 'exchange'
          ? 'An exchange is not refunded: ship its replacement instead'
          : 'A return has no replacement to ship: refund it instead',
    };
  }
  const to = rule.to[line.action];
  if (line.state === to) return { ok: true, to, repeat: true };
  if (!rule.from.includes(line.state)) {
    return {
      ok: false,
      message: `This ${line.action} is ${returnStateName(line.state)}: it cannot be ${STEP_WORDS[step]} now`,
    };
  }
  return { ok: true, to, repeat: false };
}

/** The steps the desk offers for a line now, in the order it takes them. */
export function nextReturnSteps(line: {
  action: ReturnAction;
  state: ReturnLineState;
}): ReturnStep[] {
  return returnSteps.filter((step) => {
    const check = returnStep(line, step);
    return check.ok && !check.repeat;
  });
}

/** Lines the desk still has work on (its default list): neither settled nor declined. */
export const openReturnLineStates = [
  'requested',
  'approved',
  'pickup_scheduled',
  'received',
  'qc_passed',
  'qc_failed',
  'restocked',
  'replacement_queued',
] as const satisfies readonly ReturnLineState[];

/** Where a line stands for the desk: refused (declined or failed), work still open, or settled. */
export function returnLineStanding(state: ReturnLineState): 'refused' | 'open' | 'settled' {
  if (state === 'declined' || state === 'qc_failed' || state === 'sent_back') return 'refused';
  return (openReturnLineStates as readonly ReturnLineState[]).includes(state) ? 'open' : 'settled';
}

/** Lines whose items are still with the shopper: what a whole-order decision acts on. */
export const awaitingItemsStates = [
  'requested',
  'approved',
  'pickup_scheduled',
] as const satisfies readonly ReturnLineState[];

export function awaitsItems(state: ReturnLineState): boolean {
  return (awaitingItemsStates as readonly ReturnLineState[]).includes(state);
}

/**
 * Every move a line can make: the desk's steps only. No move of the whole order takes its lines
 * back at once (that refunded every line unchecked): each is received and checked on the desk.
 */
export function canMoveReturnLine(from: ReturnLineState, to: ReturnLineState): boolean {
  return returnSteps.some((step) =>
    returnActions.some((action) => {
      const rule: StepRule = returnStepRules[step];
      return (
        (!rule.only || rule.only === action) && rule.from.includes(from) && rule.to[action] === to
      );
    }),
  );
}

/** How a line's state reads to its shopper (My Orders, mails). */
export const returnLineStateLabels: Record<ReturnAction, Record<ReturnLineState, string>> = {
  exchange: {
    requested: 'Exchange requested',
    approved: 'Exchange approved',
    pickup_scheduled: 'Pickup booked',
    received: 'Received, being checked',
    qc_passed: 'Checked, replacement being prepared',
    qc_failed: 'Did not pass our check',
    restocked: 'Checked, replacement being prepared',
    refunded: 'Received',
    replacement_queued: 'Replacement being packed',
    replacement_shipped: 'Replacement shipped',
    sent_back: 'Did not pass our check, sent back to you',
    declined: 'Exchange declined',
  },
  return: {
    requested: 'Return requested',
    approved: 'Return approved',
    pickup_scheduled: 'Pickup booked',
    received: 'Received, being checked',
    qc_passed: 'Checked, refund being prepared',
    qc_failed: 'Did not pass our check',
    restocked: 'Checked, refund being prepared',
    refunded: 'Returned, refund started',
    replacement_queued: 'Received',
    replacement_shipped: 'Received',
    sent_back: 'Did not pass our check, sent back to you',
    declined: 'Return declined',
  },
};

/** How a picked-up pickup reads: the courier has it, the desk has not received it yet. */
export const PICKED_UP_LABEL = 'Picked up, on its way to us';

/**
 * How a line reads to its shopper: its state's label, except that a booked pickup the courier
 * has reported collected reads as picked up (the state stays `pickup_scheduled` until the desk
 * receives the items).
 */
export function returnLineLabel(line: {
  action: ReturnAction;
  state: ReturnLineState;
  pickedUpAt: string | Date | null;
}): string {
  if (line.state === 'pickup_scheduled' && line.pickedUpAt !== null) return PICKED_UP_LABEL;
  return returnLineStateLabels[line.action][line.state];
}

/** What the desk checks on arrival, beside each line: the item's own condition, or the usual. */
export function returnCheckRule(item: ReturnableItem): string {
  const eligibility = lineEligibility(item);
  if (!eligibility.eligible) return eligibility.reason;
  return eligibility.condition ?? 'Unworn and unwashed, with every tag attached';
}

export interface ReturnableItem {
  productName: string;
  categorySlug: string;
  subcategorySlug: string | null;
}

export type LineEligibility =
  | {
      eligible: true;
      /** A condition the shop checks on arrival, said up front. */ condition: string | null;
    }
  | { eligible: false; reason: string };

const inList = (list: readonly string[], value: string | null) =>
  value !== null && list.includes(value);

/** Whether a bought line can ever be exchanged or returned, by what it is. */
export function lineEligibility(item: ReturnableItem): LineEligibility {
  if (
    inList(HYGIENE_CATEGORY_SLUGS, item.categorySlug) ||
    inList(HYGIENE_SUBCATEGORY_SLUGS, item.subcategorySlug)
  ) {
    return {
      eligible: false,
      reason: `For hygiene reasons ${item.productName} cannot be returned`,
    };
  }
  if (inList(FINAL_SALE_CATEGORY_SLUGS, item.categorySlug)) {
    return {
      eligible: false,
      reason: `${item.productName} was bought on clearance and is final sale`,
    };
  }
  if (inList(SEALED_ONLY_CATEGORY_SLUGS, item.categorySlug)) {
    return { eligible: true, condition: returnMessages.sealedOnly };
  }
  return { eligible: true, condition: null };
}

export function isReturnable(item: ReturnableItem): boolean {
  return lineEligibility(item).eligible;
}

export type ReturnCheck = { ok: true } | { ok: false; message: string };

/** Whether the order itself is open to a return now: delivered, within the window, not asked. */
export function returnWindowCheck(order: {
  status: string;
  deliveredAt: Date | null;
  now: Date;
}): ReturnCheck {
  if (order.status === 'return_requested' || order.status === 'returned') {
    return { ok: false, message: returnMessages.alreadyRequested };
  }
  if (order.status !== 'delivered') return { ok: false, message: returnMessages.notDelivered };
  if (!order.deliveredAt || order.now.getTime() - order.deliveredAt.getTime() > RETURN_WINDOW_MS) {
    return { ok: false, message: returnMessages.windowClosed };
  }
  return { ok: true };
}

/** A bought line as the return rules read it. */
export interface OrderLineForReturn extends ReturnableItem {
  id: string;
  quantity: number;
  colorName: string;
  size: string;
  /** Asked for once already (and declined, or taken back): a line is asked for at most once. */
  alreadyAsked?: boolean | undefined;
}

/** One line of a shopper's request; leaving `quantity` out sends the whole line back. */
export interface ReturnRequestLine {
  itemId: string;
  quantity?: number | undefined;
  action: ReturnAction;
  size?: string | undefined;
  colorName?: string | undefined;
}

export interface PlannedReturnLine {
  itemId: string;
  quantity: number;
  action: ReturnAction;
  /** For an exchange: the colour and size sent in its place. */
  exchangeFor: { colorName: string; size: string } | null;
}

export interface DeclinedLine {
  itemId: string;
  productName: string;
  reason: string;
}

/**
 * The lines a request takes back and the ones it cannot, with why. Without `requested`, every
 * eligible line is returned whole (the request of a whole order). A malformed request (an item
 * not in the order, listed twice, too many units, an exchange for the same thing) is refused
 * whole, since the shopper's screen never sends one.
 */
export function planReturn(
  items: readonly OrderLineForReturn[],
  requested: readonly ReturnRequestLine[] | undefined,
): { accepted: PlannedReturnLine[]; declined: DeclinedLine[] } {
  const asked: readonly ReturnRequestLine[] =
    requested ?? items.map((item) => ({ itemId: item.id, action: 'return' }));
  const seen = new Set<string>();
  const accepted: PlannedReturnLine[] = [];
  const declined: DeclinedLine[] = [];
  for (const line of asked) {
    if (seen.has(line.itemId)) throw invalid(returnMessages.duplicateItem);
    seen.add(line.itemId);
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item) throw invalid(returnMessages.unknownItem);
    const quantity = line.quantity ?? item.quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > item.quantity) {
      throw invalid(returnMessages.quantity(item.quantity));
    }
    const eligibility: LineEligibility = item.alreadyAsked
      ? { eligible: false, reason: returnMessages.lineAlreadyAsked }
      : lineEligibility(item);
    if (!eligibility.eligible) {
      declined.push({ itemId: item.id, productName: item.productName, reason: eligibility.reason });
      continue;
    }
    let exchangeFor: PlannedReturnLine['exchangeFor'] = null;
    if (line.action === 'exchange') {
      const colorName = line.colorName?.trim() || item.colorName;
      const size = line.size?.trim() ? normalizeSize(line.size) : item.size;
      if (sameColorName(colorName, item.colorName) && sameSize(size, item.size)) {
        throw invalid(returnMessages.exchangeNeedsChoice);
      }
      exchangeFor = { colorName, size };
    }
    accepted.push({ itemId: item.id, quantity, action: line.action, exchangeFor });
  }
  return { accepted, declined };
}

/** A colour's size as the exchange screen offers it. */
export interface ExchangeSize {
  size: string;
  /** Enough units in stock for the ones sent back. */
  inStock: boolean;
  /** The very colour and size bought: exchanging for it changes nothing. */
  bought: boolean;
}

export interface ExchangeColor {
  colorName: string;
  colorHex: string;
  sizes: ExchangeSize[];
}

/**
 * What a bought line can be exchanged for: the product's colours, each with its sizes; a size
 * can be chosen when it is in stock for the units sent back and is not the colour and size
 * already bought. A colour with no size to choose is left out.
 */
export function exchangeChoices(
  colors: readonly {
    colorName: string;
    colorHex: string;
    sizeStock: readonly { size: string; stock: number }[];
  }[],
  line: { colorName: string; size: string; quantity: number },
): ExchangeColor[] {
  return colors
    .map((color) => ({
      colorName: color.colorName,
      colorHex: color.colorHex,
      sizes: color.sizeStock.map((entry) => ({
        size: entry.size,
        inStock: entry.stock >= line.quantity,
        bought: sameColorName(color.colorName, line.colorName) && sameSize(entry.size, line.size),
      })),
    }))
    .filter((color) => color.sizes.some(canChooseSize));
}

/** Whether an exchange can be for this size. */
export const canChooseSize = (size: ExchangeSize) => size.inStock && !size.bought;

/**
 * The first replacement offered: another size in the colour bought when there is one (a size
 * swap is the usual exchange), else the first colour that has a size to choose; null when
 * nothing can be chosen.
 */
export function firstExchangeChoice(
  choices: readonly ExchangeColor[],
  line: { colorName: string },
): { colorName: string; size: string } | null {
  const color =
    choices.find((candidate) => sameColorName(candidate.colorName, line.colorName)) ?? choices[0];
  const size = color?.sizes.find(canChooseSize);
  return color && size ? { colorName: color.colorName, size: size.size } : null;
}

/** An order's money as its refund rules read it. */
export interface OrderForRefund {
  items: readonly {
    id: string;
    quantity: number;
    itemTotalPaise: Paise;
    /** The line's units' shares of the offers they were grouped under (0 or absent: none). */
    offerDiscountPaise?: Paise;
  }[];
  /** The order's whole discount: its lines' offer shares and its codes. */
  discountPaise: Paise;
  totalPaise: Paise;
}

/** What the offers leave of a line: its total less its units' offer shares. */
const afterOffers = (item: OrderForRefund['items'][number]) =>
  item.itemTotalPaise - (item.offerDiscountPaise ?? 0);

/**
 * Each line's share of the order's codes (its discount less the offer shares; codes apply after
 * offers), in proportion
 * to what the offers leave of it, in whole paise that add up to the discount exactly (the largest
 * remainders take the odd paise).
 */
export function discountShares(order: OrderForRefund): Map<string, Paise> {
  const subtotal = order.items.reduce((sum, item) => sum + afterOffers(item), 0);
  const codesPaise =
    order.discountPaise -
    order.items.reduce((sum, item) => sum + (item.offerDiscountPaise ?? 0), 0);
  const shares = new Map<string, Paise>();
  if (subtotal === 0 || codesPaise <= 0) {
    for (const item of order.items) shares.set(item.id, 0);
    return shares;
  }
  const exact = order.items.map((item) => ({
    id: item.id,
    exact: (codesPaise * afterOffers(item)) / subtotal,
  }));
  let left = codesPaise;
  for (const share of exact) {
    shares.set(share.id, Math.floor(share.exact));
    left -= Math.floor(share.exact);
  }
  const byRemainder = [...exact].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)),
  );
  for (const share of byRemainder.slice(0, left)) shares.set(share.id, shares.get(share.id)! + 1);
  return shares;
}

/**
 * What returning these units gives back, line by line: each line's price less its offer shares and
 * its share of the order's codes (a discount is deducted from the refund of the item concerned;
 * a unit of an offer's group gives back its share of the group's price), for the units
 * sent back. Everything of the order sent back refunds the whole amount paid (the last line takes
 * what the lines alone leave, such as shipping).
 */
export function returnRefundShares(
  order: OrderForRefund,
  returned: readonly { itemId: string; quantity: number }[],
): Map<string, Paise> {
  const shares = discountShares(order);
  const refunds = new Map<string, Paise>();
  for (const line of returned) {
    const item = order.items.find((candidate) => candidate.id === line.itemId);
    if (!item) continue;
    const net = afterOffers(item) - (shares.get(item.id) ?? 0);
    const amount =
      line.quantity >= item.quantity ? net : Math.floor((net * line.quantity) / item.quantity);
    refunds.set(item.id, (refunds.get(item.id) ?? 0) + amount);
  }
  const everything = order.items.every(
    (item) =>
      returned
        .filter((line) => line.itemId === item.id)
        .reduce((sum, line) => sum + line.quantity, 0) >= item.quantity,
  );
  const sum = [...refunds.values()].reduce((total, amount) => total + amount, 0);
  const last = returned.at(-1)?.itemId;
  if (everything && last !== undefined && sum !== order.totalPaise) {
    refunds.set(last, refunds.get(last)! + order.totalPaise - sum);
  }
  return refunds;
}

/** The whole refund of returning these units (see returnRefundShares). */
export function returnRefundPaise(
  order: OrderForRefund,
  returned: readonly { itemId: string; quantity: number }[],
): Paise {
  const total = [...returnRefundShares(order, returned).values()].reduce((a, b) => a + b, 0);
  return Math.min(total, order.totalPaise);
}
