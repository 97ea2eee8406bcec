/**
 * The stock desk's rules: how a typed cell edit is read (`+12` after a delivery, `=0` after a
 * count), what a count means while orders keep taking stock, the order sizes are shown in, and
 * when a size counts as low or as sold out in a popular size.
 */
import { indiaToday } from './dashboard.ts';

/** Why the shop changed a size's stock by hand. */
export const adminStockReasons = ['delivery', 'count', 'damage', 'return'] as const;
export type AdminStockReason = (typeof adminStockReasons)[number];

/**
 * Every reason a movement can have: the shop's own, and the two the database records for orders
 * (`sale`: units an order took; `release`: units given back by an order cancelled, expired or
 * returned, or an exchange undone).
 */
export const stockMovementReasons = [...adminStockReasons, 'sale', 'release'] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

export const stockReasonLabels: Record<StockMovementReason, string> = {
  delivery: 'Delivery',
  count: 'Count',
  damage: 'Damaged',
  return: 'Returned to stock',
  sale: 'Order',
  release: 'Order given back',
};

/** The most units one edit may add, take away or set: a typo of a few zeros is refused. */
export const MAX_STOCK_EDIT_UNITS = 10_000;

export const stockEditMessages = {
  invalid: 'Write +12 to add, -2 to take away or =5 to set the count',
  zero: 'Adding or taking away 0 changes nothing',
  tooMany: `At most ${MAX_STOCK_EDIT_UNITS.toLocaleString('en-IN')} units in one edit`,
} as const;

/** A cell edit: `add` units (negative takes away), or `set` the count to `units`. */
export type StockEdit = { kind: 'add'; units: number } | { kind: 'set'; units: number };

export type StockEditParse = { ok: true; edit: StockEdit | null } | { ok: false; message: string };

/**
 * Reads what was typed in a cell: `+12` or `-3` changes the stock by that many, `=0` (or a bare
 * `7`) sets it to a count. Blank is no edit. Spaces are ignored; anything else is refused with
 * the message saying how to write it.
 */
export function parseStockEdit(text: string): StockEditParse {
  const typed = text.replace(/\s+/g, '');
  if (typed === '') return { ok: true, edit: null };
  const match = /^([+\-−=]?)(\d{1,7})$/.exec(typed);
  if (!match) return { ok: false, message: stockEditMessages.invalid };
  const sign = match[1]!;
  const units = Number(match[2]);
  if (units > MAX_STOCK_EDIT_UNITS) return { ok: false, message: stockEditMessages.tooMany };
  if (sign === '' || sign === '=') return { ok: true, edit: { kind: 'set', units } };
  if (units === 0) return { ok: false, message: stockEditMessages.zero };
  return { ok: true, edit: { kind: 'add', units: sign === '+' ? units : -units } };
}

/** The edit written back as typed text (`+12`, `-3`, `=0`). */
export function formatStockEdit(edit: StockEdit): string {
  if (edit.kind === 'set') return `=${edit.units}`;
  return edit.units > 0 ? `+${edit.units}` : `${edit.units}`;
}

/** The reason an edit has unless the shop names another: a count, a delivery, or damage. */
export function defaultReason(edit: StockEdit): AdminStockReason {
  if (edit.kind === 'set') return 'count';
  return edit.units > 0 ? 'delivery' : 'damage';
}

export type StockEditOutcome =
  | {
      ok: true;
      stockAfter: number;
      delta: number;
      /** Units orders took (less those they gave back) between the reading and the save. */
      soldSince: number;
    }
  | { ok: false; reason: 'short'; available: number };

/**
 * Applies an edit to a size holding `current` units, as read under its row lock.
 *
 * A count (`=N`) says what was on the shelf when the grid was read, not when it is saved: orders
 * may take units in between. `movedSince` is the net change orders made to the size since that
 * reading (negative when they took units), so the stock becomes the count less what was sold
 * since, `N + movedSince`, never below zero (units sold since beyond the count simply leave none).
 * An `add` changes what is there now; taking away more than is there is refused.
 */
export function applyStockEdit(current: number, edit: StockEdit, movedSince = 0): StockEditOutcome {
  if (edit.kind === 'add') {
    const stockAfter = current + edit.units;
    if (stockAfter < 0) return { ok: false, reason: 'short', available: current };
    return { ok: true, stockAfter, delta: edit.units, soldSince: 0 };
  }
  const stockAfter = Math.max(0, edit.units + movedSince);
  return { ok: true, stockAfter, delta: stockAfter - current, soldSince: -movedSince };
}

/** Letter sizes, smallest first. */
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '3XL', '4XL'];
const BRA_SIZE = /^(\d{2,3})\s*([A-K]{1,3})$/i;

/** A bra size read as its band and cup (`34B` → 34, 'B'); undefined for any other size. */
export function braSize(size: string): { band: number; cup: string } | undefined {
  const match = BRA_SIZE.exec(size.trim());
  if (!match) return undefined;
  return { band: Number(match[1]), cup: match[2]!.toUpperCase() };
}

/**
 * Sorts sizes as a shelf is laid out: letter sizes XXS to 4XL, then bra sizes by band and cup
 * (32B, 32C, 34B …; a double cup `DD` after `D`), then numbers, then the rest alphabetically.
 */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number, string] => {
    const upper = size.trim().toUpperCase();
    const letter = LETTER_SIZES.indexOf(upper);
    if (letter >= 0) return [0, letter, ''];
    const bra = braSize(upper);
    if (bra) return [1, bra.band, bra.cup.padEnd(3, ' ')];
    if (/^\d+$/.test(upper)) return [2, Number(upper), ''];
    return [3, 0, upper];
  };
  const [ka, na, ta] = rank(a);
  const [kb, nb, tb] = rank(b);
  return ka - kb || na - nb || (ta < tb ? -1 : ta > tb ? 1 : 0);
}

/** Sizes in shelf order, each once whatever its case (the first spelling seen is kept). */
export function sizeOrder(sizes: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const size of sizes) {
    const key = size.trim().toLowerCase();
    if (!seen.has(key)) seen.set(key, size.trim());
  }
  return [...seen.values()].sort(compareSizes);
}

/**
 * The grid's columns: the sizes in order, and for a bra's run (every size a band and cup) the
 * bands each grouping its cups, so the grid reads bands × cups.
 */
export function sizeColumns(sizes: Iterable<string>): {
  sizes: string[];
  bands: { band: string; sizes: string[] }[] | null;
} {
  const ordered = sizeOrder(sizes);
  if (ordered.length === 0 || !ordered.every((size) => braSize(size))) {
    return { sizes: ordered, bands: null };
  }
  const bands: { band: string; sizes: string[] }[] = [];
  for (const size of ordered) {
    const band = String(braSize(size)!.band);
    const last = bands.at(-1);
    if (last && last.band === band) last.sizes.push(size);
    else bands.push({ band, sizes: [size] });
  }
  return { sizes: ordered, bands };
}

/** A product's low-stock threshold unless the shop sets another. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
export const MAX_LOW_STOCK_THRESHOLD = 1000;

/** A size is low on stock at its product's threshold or under it (sold out included). */
export function isLowStock(stock: number, threshold: number): boolean {
  return stock <= threshold;
}

/** Sales are looked at over this many days for the popular-size flag. */
export const POPULAR_WINDOW_DAYS = 30;
/** A size that sold at least this many units in the window is popular. */
export const POPULAR_SOLD_UNITS = 3;

/** Sold out in a popular size: none left of a size that sold well in the last 30 days. */
export function soldOutPopular(stock: number, soldInWindow: number): boolean {
  return stock === 0 && soldInWindow >= POPULAR_SOLD_UNITS;
}

/** The low-stock mail goes out once a day, at the first run from this hour in India on. */
export const LOW_STOCK_MAIL_HOUR = 9;

/**
 * The India day whose low-stock mail is due at `now`, or undefined before the day's mail hour.
 * The day is claimed in the database, so the mail goes once whichever process gets there first.
 */
export function lowStockMailDay(now: Date, hour = LOW_STOCK_MAIL_HOUR): string | undefined {
  const indiaHour = new Date(now.getTime() + 5.5 * 60 * 60 * 1000).getUTCHours();
  return indiaHour >= hour ? indiaToday(now) : undefined;
}

/**
 * A size that fell low since the last mail: a movement since then brought it from above its
 * threshold to at or under it, and it is still there.
 */
export function fellLow(
  movement: { delta: number; stockAfter: number },
  stockNow: number,
  threshold: number,
): boolean {
  const before = movement.stockAfter - movement.delta;
  return (
    !isLowStock(before, threshold) &&
    isLowStock(movement.stockAfter, threshold) &&
    isLowStock(stockNow, threshold)
  );
}
