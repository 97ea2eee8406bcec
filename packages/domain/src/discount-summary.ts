import { sumPaise, type Paise } from './money.ts';

/** One discount line of a cart, order or mail summary: a code (or 'Discount') and what it took off. */
export interface DiscountSummaryLine {
  label: string;
  amountPaise: Paise;
}

export interface AppliedCodeAmount {
  code: string;
  amountPaise: Paise;
}

/**
 * Each applied code that takes something off gets its own line, in the order given. Without the
 * codes' own amounts (an order priced before they were kept), `fallbackCode` names the whole
 * discount. The lines always add up to the discount taken off the total: when the codes' amounts
 * do not (a discount capped at the subtotal), one line names them all with that discount.
 */
export function discountSummaryLines(
  codes: readonly AppliedCodeAmount[],
  totalDiscountPaise: Paise,
  fallbackCode: string | null = null,
): DiscountSummaryLine[] {
  if (totalDiscountPaise <= 0) return [];
  const known =
    codes.length === 0 && fallbackCode
      ? [{ code: fallbackCode, amountPaise: totalDiscountPaise }]
      : codes;
  const taking = known.filter((entry) => entry.amountPaise > 0);
  if (
    taking.length > 0 &&
    sumPaise(taking.map((entry) => entry.amountPaise)) === totalDiscountPaise
  ) {
    return taking.map((entry) => ({ label: entry.code, amountPaise: entry.amountPaise }));
  }
  const names = taking.map((entry) => entry.code).join(', ');
  return [{ label: names ? `Discount (${names})` : 'Discount', amountPaise: totalDiscountPaise }];
}
