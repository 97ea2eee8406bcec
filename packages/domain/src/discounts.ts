import { formatMoney, type Paise } from './money.ts';

export const discountTypes = ['coupon', 'voucher'] as const;
export type DiscountType = (typeof discountTypes)[number];

/** A discount as the shop defines it. Exactly one of percentOff and amountOffPaise is set. */
export interface DiscountRule {
  code: string;
  type: DiscountType;
  description: string;
  /** Whole percent, 1-100. */
  percentOff: number | null;
  amountOffPaise: Paise | null;
  minSubtotalPaise: Paise;
  maxDiscountPaise: Paise | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  /** Uses across all shoppers; null for no limit. */
  usageLimit: number | null;
  perUserLimit: number | null;
  /** Empty lists mean every product; otherwise only lines in these categories or products count. */
  eligibleCategoryIds: readonly string[];
  eligibleProductIds: readonly string[];
  isActive: boolean;
  /** Refused once the shopper has a paid order. */
  firstOrderOnly: boolean;
}

export interface DiscountLine {
  productId: string;
  categoryId: string;
  /** What the line costs after any offer (codes apply after offers). */
  lineTotalPaise: Paise;
  /** False for units of an offer that does not let this code stack (offers.ts). */
  codeMayApply?: boolean;
}

export interface DiscountContext {
  lines: readonly DiscountLine[];
  now: Date;
  /** Orders placed with this code so far, by anyone and by this shopper. */
  timesUsed: number;
  timesUsedByShopper: number;
  /** Whether the shopper has an earlier paid order (one not cancelled). */
  hasPaidOrder: boolean;
}

export type DiscountCheck = { ok: true; amountPaise: Paise } | { ok: false; message: string };

export const discountMessages = {
  invalid: 'Invalid discount code',
  notStarted: 'This discount code is not active yet',
  expired: 'This discount code has expired',
  exhausted: 'This discount code is no longer available',
  alreadyUsed: 'You have already used this discount code',
  firstOrderOnly: 'This discount is for your first order only',
  notEligible: 'This discount code does not apply to the items in your cart',
  emptyCart: 'Add something to your cart to use a discount code',
} as const;

/** Codes are matched trimmed and in upper case: 'new10 ' is NEW10. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isEligible(
  rule: DiscountRule,
  line: Pick<DiscountLine, 'productId' | 'categoryId'>,
) {
  if (rule.eligibleProductIds.length === 0 && rule.eligibleCategoryIds.length === 0) return true;
  return (
    rule.eligibleProductIds.includes(line.productId) ||
    rule.eligibleCategoryIds.includes(line.categoryId)
  );
}

/**
 * Whether a discount applies to a cart, and how much it takes off. Percentages are taken of the
 * eligible lines' subtotal and rounded half up to the paisa, once; then capped by the maximum
 * discount and by the eligible subtotal itself. The minimum order counts the whole cart.
 */
export function evaluateDiscount(rule: DiscountRule, context: DiscountContext): DiscountCheck {
  if (!rule.isActive) return { ok: false, message: discountMessages.invalid };
  if (rule.startsAt && context.now < rule.startsAt) {
    return { ok: false, message: discountMessages.notStarted };
  }
  if (rule.expiresAt && context.now >= rule.expiresAt) {
    return { ok: false, message: discountMessages.expired };
  }
  if (rule.perUserLimit !== null && context.timesUsedByShopper >= rule.perUserLimit) {
    return { ok: false, message: discountMessages.alreadyUsed };
  }
  if (rule.firstOrderOnly && context.hasPaidOrder) {
    return { ok: false, message: discountMessages.firstOrderOnly };
  }
  if (rule.usageLimit !== null && context.timesUsed >= rule.usageLimit) {
    return { ok: false, message: discountMessages.exhausted };
  }
  if (context.lines.length === 0) return { ok: false, message: discountMessages.emptyCart };
  const subtotal = context.lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  if (subtotal < rule.minSubtotalPaise) {
    const short = formatMoney(rule.minSubtotalPaise - subtotal);
    const minimum = formatMoney(rule.minSubtotalPaise);
    return {
      ok: false,
      message: `This discount code needs a minimum order of ${minimum}: add ${short} more to use it`,
    };
  }
  const eligible = context.lines
    .filter((line) => line.codeMayApply !== false && isEligible(rule, line))
    .reduce((sum, line) => sum + line.lineTotalPaise, 0);
  if (eligible === 0) return { ok: false, message: discountMessages.notEligible };

  let amount =
    rule.percentOff !== null
      ? Math.floor((eligible * rule.percentOff + 50) / 100)
      : (rule.amountOffPaise ?? 0);
  if (rule.maxDiscountPaise !== null) amount = Math.min(amount, rule.maxDiscountPaise);
  return { ok: true, amountPaise: Math.min(amount, eligible) };
}
