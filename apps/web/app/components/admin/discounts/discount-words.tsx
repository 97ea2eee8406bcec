import type { AdminDiscount } from '@shop/contracts/admin-discounts';
import type { DiscountState } from '@shop/domain/discount-definitions';
import { formatIndiaDateTime, formatRupees } from '../admin-format';

export const STATE_WORDS: Record<DiscountState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Deactivated',
};

/** "10% off, up to ₹500" or "₹200 off". */
export function offerWords(discount: Pick<AdminDiscount, 'kind' | 'value' | 'maxDiscount'>) {
  if (discount.kind === 'flat') return `${formatRupees(discount.value)} off`;
  const cap = discount.maxDiscount === null ? '' : `, up to ${formatRupees(discount.maxDiscount)}`;
  return `${discount.value}% off${cap}`;
}

/** The code's conditions in a line: minimum, dates, limits, first order. */
export function conditionWords(discount: AdminDiscount): string {
  const parts: string[] = [];
  if (discount.minOrder > 0) parts.push(`orders from ${formatRupees(discount.minOrder)}`);
  if (discount.startsAt) parts.push(`from ${formatIndiaDateTime(discount.startsAt)}`);
  if (discount.expiresAt) parts.push(`until ${formatIndiaDateTime(discount.expiresAt)}`);
  if (discount.perUserLimit !== null) parts.push(`${discount.perUserLimit} per shopper`);
  if (discount.firstOrderOnly) parts.push('first order only');
  if (discount.eligibleCategoryIds.length > 0 || discount.eligibleProductIds.length > 0) {
    parts.push('some products only');
  }
  return parts.length > 0 ? parts.join(' · ') : 'Any order';
}

export const usesWords = (discount: AdminDiscount) =>
  discount.usageLimit === null
    ? `${discount.timesUsed}`
    : `${discount.timesUsed} of ${discount.usageLimit}`;

export function StateBadge({ state }: { state: DiscountState }) {
  const tone =
    state === 'active'
      ? 'bg-green-100 text-green-900'
      : state === 'scheduled'
        ? 'bg-blue-100 text-blue-900'
        : 'bg-blush text-ink';
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {STATE_WORDS[state]}
    </span>
  );
}
