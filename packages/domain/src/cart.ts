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
 * string (an underscore between the two is usual). The random part is at least
 * GUEST_SESSION_RANDOM_LENGTH letters or digits, so nobody can guess another guest's cart; the
 * storefront makes it from `crypto.randomUUID()` (32 hex digits). Nothing else is a guest session id.
 */
export const GUEST_SESSION_RANDOM_LENGTH = 20;
export const GUEST_SESSION_ID = new RegExp(
  `^session_\\d{9,13}_?[A-Za-z0-9]{${GUEST_SESSION_RANDOM_LENGTH},64}$`,
);
const GUEST_SESSION_ID_ANY_LENGTH = /^session_\d{9,13}_?[A-Za-z0-9]{1,64}$/;

export function isGuestSessionId(value: string): boolean {
  return GUEST_SESSION_ID.test(value);
}

/** Why a text is not a guest session id: its shape, or a random part too short to be unguessable. */
export function guestSessionIdProblem(value: unknown): 'shape' | 'too-short' | undefined {
  if (typeof value !== 'string' || !GUEST_SESSION_ID_ANY_LENGTH.test(value)) return 'shape';
  return GUEST_SESSION_ID.test(value) ? undefined : 'too-short';
}

/** A new guest session id: 'session_' + the seconds timestamp + the 32 hex digits of a random UUID. */
export function newGuestSessionId(randomUUID: () => string, now = Date.now()): string {
  return `session_${Math.floor(now / 1000)}_${randomUUID().replace(/-/g, '')}`;
}

/**
 * At most this many units of one product, colour and size in a cart or an order: an unpaid order
 * holds its stock until it is paid or expires, and no shopper may hold a size's whole stock.
 */
export const MAX_UNITS_PER_SIZE = 10;
export const unitsPerSizeMessage = `You can add at most ${MAX_UNITS_PER_SIZE} of one size`;

export interface SizeUnits {
  product: string;
  colorName: string;
  size: string;
  quantity: number;
}

/**
 * Whether lines ask for more than MAX_UNITS_PER_SIZE of one product, colour and size, counting
 * every line of it (an order may name the same size twice).
 */
export function exceedsUnitsPerSize(lines: readonly SizeUnits[]): boolean {
  for (const units of unitsByLine(lines).values()) if (units > MAX_UNITS_PER_SIZE) return true;
  return false;
}

/** Units of each product, colour and size the lines ask for, counting repeated lines together. */
function unitsByLine(lines: readonly SizeUnits[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    const key = JSON.stringify([
      line.product,
      line.colorName.trim().toLowerCase(),
      normalizeSize(line.size),
    ]);
    units.set(key, (units.get(key) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * Whether an order names exactly the cart's lines: the same products, colours and sizes in the
 * same quantities (in any order, a line named in parts counting as one). An order is placed from
 * the cart as the shopper last saw it, or not at all.
 */
export function sameLines(cart: readonly SizeUnits[], order: readonly SizeUnits[]): boolean {
  const inCart = unitsByLine(cart);
  const inOrder = unitsByLine(order);
  if (inCart.size !== inOrder.size) return false;
  for (const [key, units] of inCart) if (inOrder.get(key) !== units) return false;
  return true;
}

/**
 * What a cart line says when the stock of its size fell below its quantity since it was added
 * (`Only 2 left`, or `Out of stock`); undefined while the stock covers it. Such a line must be
 * changed before the cart can be ordered.
 */
export function stockShortfall(line: { quantity: number; stock: number }): string | undefined {
  if (line.stock >= line.quantity) return undefined;
  return line.stock <= 0 ? 'Out of stock' : `Only ${line.stock} left`;
}

/** Guest carts untouched this long (no add, change or removal) are forgotten; signed-in carts stay. */
export const GUEST_CART_TTL_DAYS = 7;

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
