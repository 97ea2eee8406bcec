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

const inrFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** ₹1,23,456 or ₹1,234.50 — Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return inrFormatter.format(rupees);
}

/** Rounded percentage saved against the M.R.P.; 0 when there is no saving. */
export function percentOff(price: number, originalPrice: number | null | undefined): number {
  if (!originalPrice || originalPrice <= price || originalPrice <= 0) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
