import type { Paise } from './money.ts';

/** Sizes travel and are stored in lower case; stock rows keep the catalogue's case ('34C'). */
export function normalizeSize(size: string): string {
  return size.trim().toLowerCase();
}

export function sameSize(a: string, b: string): boolean {
  return normalizeSize(a) === normalizeSize(b);
}

/** Colour names match ignoring case and surrounding spaces. */
export function sameColorName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Guest carts are keyed by the id the browser makes: 'session_' + a seconds timestamp + a random
 * string (an underscore between the two is usual). Nothing else is a guest session id.
 */
export const GUEST_SESSION_ID = /^session_\d{9,13}_?[A-Za-z0-9]{4,64}$/;

export function isGuestSessionId(value: string): boolean {
  return GUEST_SESSION_ID.test(value);
}

/** Guest carts are forgotten after this long without a change. */
export const GUEST_CART_TTL_DAYS = 30;

/** When a product has no original price, the cart and the deals show an M.R.P. of 1.2 × price. */
export function mrpPaise(pricePaise: Paise, originalPricePaise: Paise | null | undefined): Paise {
  if (originalPricePaise && originalPricePaise > 0) return originalPricePaise;
  return Math.round(pricePaise * 1.2);
}

export interface PricedLine {
  unitPricePaise: Paise;
  quantity: number;
}

export interface CartTotals {
  subtotal: Paise;
  discountAmount: Paise;
  total: Paise;
  /** Units in the cart (the header badge counts lines instead). */
  itemCount: number;
}

/** A line total is the unit price times the quantity: whole paise, nothing to round. */
export function lineTotalPaise(line: PricedLine): Paise {
  return line.unitPricePaise * line.quantity;
}

/**
 * Subtotal, discount and total of a cart. The discount never exceeds the subtotal, so the
 * total is never negative; total = subtotal - discount.
 */
export function cartTotals(lines: readonly PricedLine[], discountPaise: Paise): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotalPaise(line), 0);
  const discountAmount = Math.min(Math.max(0, discountPaise), subtotal);
  return {
    subtotal,
    discountAmount,
    total: subtotal - discountAmount,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export type CartIssueKind = 'unavailable' | 'price_changed' | 'insufficient_stock';

export interface CartLineState {
  quantity: number;
  /** The unit price when the line was added or last changed. */
  pricePaiseWhenAdded: Paise;
  /** Today's catalogue facts; `exists` false when the product, colour or size is gone. */
  exists: boolean;
  isActive: boolean;
  currentPricePaise: Paise;
  stock: number;
}

export interface CartLineIssue {
  kind: CartIssueKind;
  available?: number;
  oldPricePaise?: Paise;
  newPricePaise?: Paise;
}

/** What is wrong with a line today: gone or deactivated, repriced, or short of stock. */
export function lineIssues(line: CartLineState): CartLineIssue[] {
  if (!line.exists || !line.isActive) return [{ kind: 'unavailable' }];
  const issues: CartLineIssue[] = [];
  if (line.currentPricePaise !== line.pricePaiseWhenAdded) {
    issues.push({
      kind: 'price_changed',
      oldPricePaise: line.pricePaiseWhenAdded,
      newPricePaise: line.currentPricePaise,
    });
  }
  if (line.stock < line.quantity) {
    issues.push({ kind: 'insufficient_stock', available: Math.max(0, line.stock) });
  }
  return issues;
}
