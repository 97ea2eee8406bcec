/**
 * The back office's customers screen: what a customer is worth to the shop, and how a typed phone
 * number is matched against the stored 10 digits. The SQL of the screen asks this module.
 */
import type { RefundReason } from './payments.ts';

/**
 * A customer's lifetime value is her paid orders' totals less the refunds given on them. Every
 * refund decided counts, sent or not: the money is owed back from the moment it is decided. These
 * are the refunds that give back part of a paid order's total; a late or duplicate payment's
 * refund returns money that never counted as an order's total, so it takes nothing off.
 */
export const valueRefundReasons = [
  'cancelled',
  'returned',
  'shop',
] as const satisfies readonly RefundReason[];

/**
 * The digits to look for among stored phones (10 digits, no country code) when a search looks
 * like a phone number: `+91 98765 43210`, `098765 43210` and `98765` all find `9876543210`.
 * Undefined when the text is not a phone number or has fewer than 4 digits (too many matches).
 */
export function phoneSearchDigits(q: string): string | undefined {
  const trimmed = q.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Only India's numbers are stored; +91 is the country code, never part of the number.
    if (!digits.startsWith('91')) return undefined;
    digits = digits.slice(2);
  } else if (digits.length > 10 && digits.startsWith('91')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    // The trunk prefix of a number dialled within India.
    digits = digits.replace(/^0+/, '');
  }
  if (digits.length < 4 || digits.length > 10) return undefined;
  return digits;
}
