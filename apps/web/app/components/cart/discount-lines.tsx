import type { Cart } from '@shop/contracts/cart';
import type { Order } from '@shop/contracts/orders';
import { discountSummaryLines, type DiscountSummaryLine } from '@shop/domain/discount-summary';
import { formatMoney, rupeesToPaise } from '@shop/domain/money';

/** The cart's coupon, then its voucher, each with what it takes off. */
export function cartDiscountLines(cart: Cart): DiscountSummaryLine[] {
  const codes = [cart.appliedCoupon, cart.appliedVoucher].flatMap((applied) =>
    applied?.valid
      ? [{ code: applied.code, amountPaise: rupeesToPaise(applied.discountAmount) }]
      : [],
  );
  return discountSummaryLines(codes, rupeesToPaise(cart.discountAmount));
}

/** An order's codes as it was priced with them. */
export function orderDiscountLines(order: Order): DiscountSummaryLine[] {
  return discountSummaryLines(
    order.discounts.map((entry) => ({
      code: entry.code,
      amountPaise: rupeesToPaise(entry.amount),
    })),
    rupeesToPaise(order.totalDiscountAmount),
    order.discountCode,
  );
}

/** The discount rows of a summary's description list: `BRA15 −₹134.85`. */
export function DiscountRows({ lines }: { lines: readonly DiscountSummaryLine[] }) {
  return lines.map((line) => (
    <div
      key={line.label}
      className="flex justify-between gap-3 text-green-700"
      data-testid="discount-line"
    >
      <dt>{line.label}</dt>
      <dd>{formatMoney(-line.amountPaise)}</dd>
    </div>
  ));
}
