// The back office's stock desk: the product picker, a product's colour × size grid with the units
// unpaid orders hold, a batch of cell edits (`+12`, `-2`, `=0`, read by the domain's one rule, so
// the grid's cells and the route refuse the same text with the same message), the movements that
// explain every number, the low-stock threshold and the low-stock list. zod/mini: the grid ships
// to the browser.
import * as z from 'zod/mini';
import {
  adminStockReasons,
  MAX_LOW_STOCK_THRESHOLD,
  parseStockEdit,
  stockEditMessages,
  stockMovementReasons,
} from '@shop/domain/stock';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';
import { optionalText, plainText, requiredText, successEnvelope } from './common-mini.ts';

export const stockMessages = {
  productNotFound: 'Product not found',
  sizeNotFound: 'This product has no such colour and size',
  editsRequired: 'Change at least one size',
  duplicateCell: 'Each size once per save',
  countChanged:
    'This size was changed in the back office since you opened it. Reload to see the new stock, then count again.',
  invalidCursor: invalidCursorMessage,
  invalidQuery: 'Invalid q: must be text',
  invalidNote: 'The note must be plain text',
  thresholdInvalid: `Threshold: a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}`,
  short: (available: number) =>
    `Only ${available} left: cannot take away more than that (count with =N instead)`,
} as const;

/** `GET /admin/stock`: products by name (any case, part of it), a page at a time. */
export const stockProductsQuery = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(100), plainText(stockMessages.invalidQuery)),
    '',
  ),
  ...keysetPageQuery(20),
});
export type StockProductsQuery = z.output<typeof stockProductsQuery>;

export const stockProductRow = z.object({
  _id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  image: z.nullable(z.string()),
  /** Units free to sell, every colour and size. */
  units: z.number(),
  /** Sizes at the product's threshold or under. */
  lowSizes: z.number(),
  lowStockThreshold: z.number(),
});
export type StockProductRow = z.infer<typeof stockProductRow>;

export const stockProductsPage = z.object({
  products: z.array(stockProductRow),
  next: nextCursor,
});
export type StockProductsPage = z.infer<typeof stockProductsPage>;

export const stockCell = z.object({
  colorName: z.string(),
  size: z.string(),
  /** Units free to sell now. */
  stock: z.number(),
  /** Units unpaid orders hold (already out of `stock`; back in it if they expire). */
  held: z.number(),
  /** The size's last movement as read with `stock`: a count sends it back (see `seen`). */
  version: z.nullable(z.number()),
  low: z.boolean(),
});
export type StockCell = z.infer<typeof stockCell>;

/** `GET /admin/stock/{productId}`: colours × sizes, sizes in shelf order. */
export const stockGrid = z.object({
  product: z.object({
    _id: z.string(),
    name: z.string(),
    isActive: z.boolean(),
    lowStockThreshold: z.number(),
  }),
  colors: z.array(z.object({ colorName: z.string(), colorHex: z.string() })),
  sizes: z.array(z.string()),
  /** A bra's run: bands, each with its cups' sizes in order; null for any other run. */
  bands: z.nullable(z.array(z.object({ band: z.string(), sizes: z.array(z.string()) }))),
  /** One per colour and size the product has (a colour may lack a size). */
  cells: z.array(stockCell),
});
export type StockGrid = z.infer<typeof stockGrid>;

/** One cell's edit as typed: `+12`, `-2`, `=0` (or a bare `7`). */
export const stockChangeText = z.string().check(
  z.maxLength(20, { error: stockEditMessages.invalid }),
  z.refine((value) => {
    const parsed = parseStockEdit(value);
    return parsed.ok && parsed.edit !== null;
  }, stockEditMessages.invalid),
);

export const stockAdjustment = z.object({
  colorName: requiredText(stockMessages.sizeNotFound, 100),
  size: requiredText(stockMessages.sizeNotFound, 40),
  change: stockChangeText,
  /** Left out: a count for `=N`, a delivery for `+N`, damage for `-N`. */
  reason: z.optional(z.enum(adminStockReasons)),
  /**
   * The cell's `version` as the grid was read: a count is applied as of that reading, less the
   * units orders took since. Left out, a count means "this many now".
   */
  seen: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
});
export type StockAdjustment = z.input<typeof stockAdjustment>;

/** `POST /admin/stock/{productId}/adjustments`: a batch of cell edits, saved all or none. */
export const stockAdjustmentsSchema = z.object({
  edits: z
    .array(stockAdjustment)
    .check(
      z.minLength(1, { error: stockMessages.editsRequired }),
      z.maxLength(500, { error: 'At most 500 sizes in one save' }),
    ),
  note: optionalText(stockMessages.invalidNote, 500, 'multiline'),
});
export type StockAdjustmentsInput = z.input<typeof stockAdjustmentsSchema>;

export const stockAdjustmentResult = z.object({
  colorName: z.string(),
  size: z.string(),
  change: z.string(),
  reason: z.enum(adminStockReasons),
  stockBefore: z.number(),
  stockAfter: z.number(),
  /** Units orders took (less those given back) between the grid's reading and the save. */
  soldSince: z.number(),
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResult>;

export const stockAdjustmentsAnswer = z.object({
  applied: z.array(stockAdjustmentResult),
  grid: stockGrid,
});

/** `GET /admin/stock/{productId}/movements`: newest first; one size with colorName and size. */
export const stockMovementsQuery = z.object({
  colorName: z.optional(z.string().check(z.maxLength(100), plainText(stockMessages.sizeNotFound))),
  size: z.optional(z.string().check(z.maxLength(40), plainText(stockMessages.sizeNotFound))),
  ...keysetPageQuery(50),
});
export type StockMovementsQuery = z.output<typeof stockMovementsQuery>;

export const stockMovement = z.object({
  _id: z.string(),
  colorName: z.string(),
  size: z.string(),
  delta: z.number(),
  stockAfter: z.number(),
  reason: z.enum(stockMovementReasons),
  note: z.string(),
  /** Who: a person's email, or null for an order's movement. */
  by: z.nullable(z.string()),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const stockMovementsPage = z.object({
  movements: z.array(stockMovement),
  next: nextCursor,
});
export type StockMovementsPage = z.infer<typeof stockMovementsPage>;

/** `PATCH /admin/stock/{productId}/threshold`. */
export const stockThresholdSchema = z.object({
  threshold: z
    .number({ error: stockMessages.thresholdInvalid })
    .check(
      z.int({ error: stockMessages.thresholdInvalid }),
      z.minimum(0, { error: stockMessages.thresholdInvalid }),
      z.maximum(MAX_LOW_STOCK_THRESHOLD, { error: stockMessages.thresholdInvalid }),
    ),
});
export type StockThresholdInput = z.input<typeof stockThresholdSchema>;

/** `GET /admin/stock/low`: sizes at their product's threshold or under, fewest units first. */
export const lowStockQuery = z.object({
  popular: z._default(z.enum(['0', '1']), '0'),
  ...keysetPageQuery(50),
});
export type LowStockQuery = z.output<typeof lowStockQuery>;
export type LowStockQueryInput = z.input<typeof lowStockQuery>;

export const lowStockRow = z.object({
  productId: z.string(),
  productName: z.string(),
  colorName: z.string(),
  colorHex: z.string(),
  size: z.string(),
  stock: z.number(),
  held: z.number(),
  threshold: z.number(),
  /** Units sold in the last 30 days (orders' units less those given back). */
  sold30: z.number(),
  /** None left of a size that sold well in the last 30 days. */
  popularSoldOut: z.boolean(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;

export const lowStockPage = z.object({
  sizes: z.array(lowStockRow),
  next: nextCursor,
});
export type LowStockPage = z.infer<typeof lowStockPage>;

export const stockProductsResponse = successEnvelope(stockProductsPage);
export const stockGridResponse = successEnvelope(stockGrid);
export const stockAdjustmentsResponse = successEnvelope(stockAdjustmentsAnswer);
export const stockMovementsResponse = successEnvelope(stockMovementsPage);
export const stockThresholdResponse = successEnvelope(z.object({ lowStockThreshold: z.number() }));
export const lowStockResponse = successEnvelope(lowStockPage);
