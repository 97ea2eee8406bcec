/** Money is integer paise inside the shop; rupees (at most two decimals) only on the wire. */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  if (!Number.isInteger(paise)) throw new RangeError(`Paise must be an integer: ${paise}`);
  return paise / 100;
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** The sign of an amount taken off or owed: U+2212, never a hyphen. */
export const MINUS_SIGN = '\u2212';

export interface MoneyFormat {
  /** Whole rupees without '.00' (catalogue price tags: ₹1,299); paise still show (₹1,299.50). */
  trimZeroPaise?: boolean;
}

/**
 * The shop's one way of writing money, from integer paise: Indian digit grouping and two
 * decimals (₹1,708.20, ₹1,13,829.30, ₹0.00); a negative amount reads −₹134.85. The rupees are
 * grouped by Intl and the paise written from the integer, so no float rounding shows.
 */
export function formatMoney(paise: Paise, { trimZeroPaise = false }: MoneyFormat = {}): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be an integer: ${paise}`);
  const magnitude = Math.abs(paise);
  const fraction = magnitude % 100;
  const rupees = wholeRupees.format((magnitude - fraction) / 100);
  const text =
    trimZeroPaise && fraction === 0 ? rupees : `${rupees}.${String(fraction).padStart(2, '0')}`;
  return paise < 0 ? `${MINUS_SIGN}${text}` : text;
}

/** The sum of amounts in paise: whole paise in, whole paise out, nothing rounded. */
export function sumPaise(amounts: readonly Paise[]): Paise {
  return amounts.reduce((sum, amount) => {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`Paise must be an integer: ${amount}`);
    return sum + amount;
  }, 0);
}

/** Rounded percentage saved against the M.R.P.; 0 when there is no saving. */
export function percentOff(price: number, originalPrice: number | null | undefined): number {
  if (!originalPrice || originalPrice <= price || originalPrice <= 0) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
