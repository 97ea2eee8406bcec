import { MAX_UNITS_PER_SIZE } from './cart.ts';

/** The choice a shopper makes on a product: colour, size and quantity. */
export interface SelectableColor {
  colorName: string;
  colorHex: string;
  sizeStock: readonly { size: string; stock: number }[];
}

export interface Selection {
  colorIndex: number;
  size: string | null;
}

/** The first size of a colour with stock above 0, or null when the colour is sold out. */
export function firstInStockSize(color: SelectableColor | undefined): string | null {
  return color?.sizeStock.find((entry) => entry.stock > 0)?.size ?? null;
}

/**
 * What the product page and the home page's featured block preselect: the first colour and its
 * first size with stock above 0.
 */
export function initialSelection(colors: readonly SelectableColor[]): Selection {
  return { colorIndex: 0, size: firstInStockSize(colors[0]) };
}

/**
 * The one colour and size a product comes in, or null when the shopper has a choice to make
 * (more than one colour, or more than one size): nothing picks one for her silently.
 */
export function onlyVariant(colors: readonly SelectableColor[]): Selection | null {
  const [only, ...others] = colors;
  if (!only || others.length > 0 || only.sizeStock.length !== 1) return null;
  return { colorIndex: 0, size: only.sizeStock[0]!.size };
}

/** Stock of one size of a colour (sizes match ignoring case); 0 when unknown. */
export function stockOf(color: SelectableColor | undefined, size: string | null): number {
  if (!color || !size) return 0;
  const wanted = size.toLowerCase();
  return color.sizeStock.find((entry) => entry.size.toLowerCase() === wanted)?.stock ?? 0;
}

/** Keeps the chosen size when the new colour has it in stock, else its first in-stock size. */
export function selectColor(
  colors: readonly SelectableColor[],
  colorIndex: number,
  size: string | null,
): Selection {
  const color = colors[colorIndex];
  return { colorIndex, size: stockOf(color, size) > 0 ? size : firstInStockSize(color) };
}

/**
 * Quantity stays between 1 and the stock of the chosen size (at least 1), and never above
 * MAX_UNITS_PER_SIZE.
 */
export function clampQuantity(quantity: number, stock: number): number {
  const upper = Math.max(1, Math.min(stock, MAX_UNITS_PER_SIZE));
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(upper, Math.max(1, Math.floor(quantity)));
}
