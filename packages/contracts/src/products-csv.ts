// The products CSV: its columns (one row per product, colour and size), how a product's rows
// become the one product schema the form and the route save (so an import keeps every rule the
// form keeps, with the same words), and the import's answer. Rows are numbered as a spreadsheet
// shows them: the header is row 1.
import * as z from 'zod/mini';
import { productSlug } from '@shop/domain/products';
import { successEnvelope } from './common-mini.ts';
import { productInput, type ProductValues } from './products-admin.ts';

export const productCsvColumns = [
  'slug',
  'name',
  'category',
  'subcategory',
  'price',
  'mrp',
  'tags',
  'colour',
  'colour_hex',
  'photos',
  'size',
  'stock',
  'active',
  'hsn_code',
  'country_of_origin',
  'manufacturer',
  'generic_name',
  'net_quantity',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];
/**
 * Columns a file may leave out (files exported before they existed): a product keeps what it has,
 * a new one gets the form's defaults.
 */
export const optionalProductCsvColumns = [
  'generic_name',
  'net_quantity',
] as const satisfies readonly ProductCsvColumn[];
type OptionalProductCsvColumn = (typeof optionalProductCsvColumns)[number];
/** A row's cells; an optional column the file does not have is absent. */
export type ProductCsvCells = Record<Exclude<ProductCsvColumn, OptionalProductCsvColumn>, string> &
  Partial<Record<OptionalProductCsvColumn, string>>;

/** Tags and photo addresses share one cell each, separated by this. */
export const CSV_LIST_SEPARATOR = '|';
/** A product file larger than this is refused before it is parsed. */
export const MAX_PRODUCT_CSV_BYTES = 5 * 1024 * 1024;

/** The cells that belong to the product: the same on each of its rows. */
const productColumns = [
  'name',
  'category',
  'subcategory',
  'price',
  'mrp',
  'tags',
  'active',
  'hsn_code',
  'country_of_origin',
  'manufacturer',
  'generic_name',
  'net_quantity',
] as const satisfies readonly ProductCsvColumn[];
/** The cells that belong to a colour: the same on each of its rows. */
const colorColumns = ['colour_hex', 'photos'] as const satisfies readonly ProductCsvColumn[];

export const productCsvMessages = {
  missingColumn: (column: string) => `The file has no "${column}" column.`,
  unreadable: (reason: string) => `The file is not a readable CSV: ${reason}`,
  empty: 'The file has no product rows.',
  tooLarge: 'The file is larger than 5 MB; split it into smaller files.',
  missingFile: 'Choose a CSV file to import (form field "file").',
  differs: (firstRow: number) =>
    `Differs from row ${firstRow}: a product's (or colour's) fields must be the same on each of its rows.`,
  categoryUnknown: (value: string) => `No category is named "${value}".`,
  subcategoryUnknown: (value: string, category: string) =>
    `The category ${category} has no subcategory named "${value}".`,
  noPhoto: 'Give at least one photo URL for this colour (several separated by |).',
  active: 'Write yes or no.',
  changed: 'The file changed since its dry run: check it again before confirming.',
  hasErrors: 'The file has errors, so nothing was imported. Correct them and check it again.',
} as const;

/**
 * A cell as written to the file: one starting with =, +, - or @ (or a tab or carriage return)
 * would run as a formula in a spreadsheet, so it gets a leading single quote (OWASP's advice on
 * CSV injection).
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell as read back: the quote `csvSafeCell` added is taken off again. */
export function csvCellValue(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell.trim();
}

export const splitCsvList = (cell: string) =>
  cell
    .split(CSV_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');

export interface ProductImportIssue {
  row: number;
  column: string;
  message: string;
}

export interface CsvRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: ProductCsvCells;
}

/** A product's rows in the file, by the slug that keys it. */
export interface CsvProductRows {
  slug: string;
  rows: CsvRow[];
}

/** The rows grouped by product (slug, or the slug the name gives), in file order. */
export function groupProductRows(rows: CsvRow[]): CsvProductRows[] {
  const groups = new Map<string, CsvProductRows>();
  for (const row of rows) {
    const slug = productSlug(row.cells.name, row.cells.slug);
    const group = groups.get(slug) ?? { slug, rows: [] };
    group.rows.push(row);
    groups.set(slug, group);
  }
  return [...groups.values()];
}

/** Where the CSV holds a field of the product schema. */
const fieldColumns: Record<string, ProductCsvColumn> = {
  name: 'name',
  slug: 'slug',
  categoryId: 'category',
  subcategoryId: 'subcategory',
  price: 'price',
  originalPrice: 'mrp',
  tags: 'tags',
  isActive: 'active',
  countryOfOrigin: 'country_of_origin',
  hsnCode: 'hsn_code',
  manufacturer: 'manufacturer',
  genericName: 'generic_name',
  netQuantity: 'net_quantity',
  colorName: 'colour',
  colorHex: 'colour_hex',
  photos: 'photos',
  sizeStock: 'size',
  size: 'size',
  stock: 'stock',
};

/**
 * The import form's file as the browser holds it: one chosen, no larger than the route takes.
 * The route reads it as a multipart stream, not a body this schema could parse: its multipart
 * limit is the same MAX_PRODUCT_CSV_BYTES, refused with the same `tooLarge` words.
 */
export const productCsvFileSchema = z.object({
  file: z
    .custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
      error: productCsvMessages.missingFile,
    })
    .check(
      z.refine((file) => file.size <= MAX_PRODUCT_CSV_BYTES, {
        error: productCsvMessages.tooLarge,
      }),
    ),
});
export type ProductCsvFileInput = z.input<typeof productCsvFileSchema>;

const rupeesCell = (cell: string) =>
  cell.trim() === '' ? Number.NaN : Number(cell.replace(/[,\s₹]/g, ''));
const stockCell = (cell: string) => (cell.trim() === '' ? Number.NaN : Number(cell.trim()));

export interface ProductRowsContext {
  categoryId: string;
  subcategoryId: string | null;
  /** The product as saved today, when the slug is the shop's already: what the file leaves out
   * (description, specifications, photos' alt text…) is kept from it. */
  existing: ProductValues | undefined;
}

/**
 * A product's rows as the values of one save, checked by the product schema itself (every rule of
 * the form: prices, the GST gap, the MRP, each colour and size once, photo addresses); each
 * problem is pinned to the row and column that hold it.
 */
export function productValuesFromRows(
  group: CsvProductRows,
  context: ProductRowsContext,
): { values: ProductValues | undefined; issues: ProductImportIssue[] } {
  const issues: ProductImportIssue[] = [];
  const first = group.rows[0]!;
  for (const { row, cells } of group.rows.slice(1)) {
    for (const column of productColumns) {
      if (cells[column] !== first.cells[column]) {
        issues.push({ row, column, message: productCsvMessages.differs(first.row) });
      }
    }
  }
  const colors: { name: string; rows: CsvRow[] }[] = [];
  for (const row of group.rows) {
    const key = row.cells.colour.toLowerCase();
    const color = colors.find((entry) => entry.name.toLowerCase() === key);
    if (color) {
      for (const column of colorColumns) {
        if (row.cells[column] !== color.rows[0]!.cells[column]) {
          issues.push({
            row: row.row,
            column,
            message: productCsvMessages.differs(color.rows[0]!.row),
          });
        }
      }
      color.rows.push(row);
    } else colors.push({ name: row.cells.colour, rows: [row] });
  }
  const active = first.cells.active.toLowerCase();
  if (!['yes', 'no', 'true', 'false', '1', '0'].includes(active)) {
    issues.push({ row: first.row, column: 'active', message: productCsvMessages.active });
  }
  const existing = context.existing;
  const input = {
    ...(existing ?? { subheading: '', description: '', brand: '', sizeChartId: null }),
    specifications: existing?.specifications ?? [],
    name: first.cells.name,
    slug: group.slug,
    categoryId: context.categoryId,
    subcategoryId: context.subcategoryId,
    price: rupeesCell(first.cells.price),
    originalPrice: first.cells.mrp.trim() === '' ? null : rupeesCell(first.cells.mrp),
    tags: splitCsvList(first.cells.tags),
    isActive: ['yes', 'true', '1'].includes(active),
    countryOfOrigin: first.cells.country_of_origin,
    hsnCode: first.cells.hsn_code,
    manufacturer: first.cells.manufacturer,
    genericName: first.cells.generic_name ?? existing?.genericName ?? '',
    // Every package declares a net quantity: a blank cell keeps the product's, or the form's '1 N'.
    netQuantity: first.cells.net_quantity?.trim() || existing?.netQuantity || '1 N',
    colors: colors.map((color) => {
      const cells = color.rows[0]!.cells;
      const was = existing?.colors.find(
        (entry) => entry.colorName.toLowerCase() === color.name.toLowerCase(),
      );
      const urls = splitCsvList(cells.photos);
      if (urls.length === 0) {
        issues.push({
          row: color.rows[0]!.row,
          column: 'photos',
          message: productCsvMessages.noPhoto,
        });
      }
      return {
        ...(was?._id ? { _id: was._id } : {}),
        colorName: color.name,
        colorHex: cells.colour_hex,
        photos: urls.map((url) => {
          const photo = was?.photos.find((entry) => entry.url === url);
          return {
            mediaId: photo?.mediaId ?? null,
            url,
            alt: photo?.alt ?? `${first.cells.name.trim()}, ${color.name.trim()}`,
          };
        }),
        sizeStock: color.rows.map(({ cells: sizeCells }) => {
          const stock = stockCell(sizeCells.stock);
          const stockWas = was?.sizeStock.find(
            (entry) => entry.size.toLowerCase() === sizeCells.size.trim().toLowerCase(),
          )?.stock;
          // A size whose count is as the shop has it is left alone (no stock movement).
          return { size: sizeCells.size, stock, ...(stockWas === stock ? { stockWas } : {}) };
        }),
      };
    }),
  };
  const parsed = productInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ ...placeOf(issue.path, group, colors), message: issue.message });
    }
  }
  return { values: parsed.success && issues.length === 0 ? parsed.data : undefined, issues };
}

/** The row and column of a field of the product schema. */
function placeOf(
  path: PropertyKey[],
  group: CsvProductRows,
  colors: { rows: CsvRow[] }[],
): { row: number; column: string } {
  const [field, colorIndex, nested, sizeIndex, sizeField] = path;
  if (field === 'colors' && typeof colorIndex === 'number') {
    const color = colors[colorIndex]!;
    if (nested === 'sizeStock' && typeof sizeIndex === 'number') {
      return {
        row: color.rows[sizeIndex]!.row,
        column: fieldColumns[String(sizeField)] ?? 'size',
      };
    }
    return { row: color.rows[0]!.row, column: fieldColumns[String(nested)] ?? 'colour' };
  }
  return {
    row: group.rows[0]!.row,
    column: field === 'colors' ? 'colour' : (fieldColumns[String(field)] ?? String(field)),
  };
}

/** The fields an import compares: what the file holds, as the shop reads it. */
export function comparableProduct(values: ProductValues) {
  return {
    name: values.name.trim(),
    slug: values.slug,
    category: values.categoryId,
    subcategory: values.subcategoryId,
    price: values.price,
    mrp: values.originalPrice,
    tags: values.tags.map((tag) => tag.trim()),
    active: values.isActive,
    hsn: values.hsnCode.trim(),
    country: values.countryOfOrigin.trim(),
    manufacturer: values.manufacturer.trim(),
    genericName: values.genericName.trim(),
    netQuantity: values.netQuantity.trim(),
    colors: values.colors.map((color) => ({
      name: color.colorName.trim(),
      hex: color.colorHex.trim().toUpperCase(),
      photos: color.photos.map((photo) => photo.url),
      sizes: color.sizeStock.map((entry) => `${entry.size.trim()}=${entry.stock}`),
    })),
  };
}

/** What an import would change in a product, in words ("price: 1299 → 1199"). */
export function productChanges(before: ProductValues, after: ProductValues): string[] {
  const was = comparableProduct(before);
  const will = comparableProduct(after);
  const changes: string[] = [];
  for (const key of Object.keys(will) as (keyof typeof will)[]) {
    if (key === 'colors') continue;
    if (JSON.stringify(was[key]) !== JSON.stringify(will[key])) {
      changes.push(`${key}: ${String(was[key] ?? '—')} → ${String(will[key] ?? '—')}`);
    }
  }
  for (const color of will.colors) {
    const old = was.colors.find((entry) => entry.name.toLowerCase() === color.name.toLowerCase());
    if (!old) {
      changes.push(`new colour ${color.name}`);
      continue;
    }
    if (old.hex !== color.hex) changes.push(`${color.name} colour: ${old.hex} → ${color.hex}`);
    if (old.photos.join() !== color.photos.join()) changes.push(`${color.name} photos`);
    if (old.sizes.join() !== color.sizes.join()) {
      changes.push(`${color.name} sizes: ${old.sizes.join(' ')} → ${color.sizes.join(' ')}`);
    }
  }
  for (const color of was.colors) {
    if (!will.colors.some((entry) => entry.name.toLowerCase() === color.name.toLowerCase())) {
      changes.push(`colour ${color.name} removed`);
    }
  }
  return changes;
}

// ---------- answers ----------

export const productImportPlan = z.object({
  /** The file's fingerprint (SHA-256 of its bytes): confirming names it. */
  importId: z.string(),
  /** Whether the import was written (false: a dry run). */
  confirmed: z.boolean(),
  rows: z.object({
    total: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
  }),
  products: z.object({ create: z.number(), update: z.number(), unchanged: z.number() }),
  /** The products created or updated, with what changes (the first 500). */
  changes: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      action: z.enum(['create', 'update']),
      firstRow: z.number(),
      changes: z.array(z.string()),
    }),
  ),
  /** Every problem with its row and column (the first 1,000). */
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
});
export type ProductImportPlan = z.infer<typeof productImportPlan>;
export const productImportResponse = successEnvelope(productImportPlan);

export const productImportQuery = z.object({
  /** The import id of the dry run of this very file: runs the import. */
  confirm: z.optional(
    z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: 'Invalid confirm: must be an import id' })),
  ),
});
