// The back office's products: the one schema of a product as the owner edits it (used by the
// form and by POST/PATCH /api/admin/products alike, with the domain's rules on their fields), the
// list's query and bulk actions, and the answers. zod/mini because the form ships it to the
// browser.
import * as z from 'zod/mini';
import { priceBands } from '@shop/domain/catalogue';
import {
  productIssues,
  productRuleMessages,
  SLUG_PATTERN,
  stockStates,
} from '@shop/domain/products';
import { rupeesToPaise } from '@shop/domain/money';
import { optionalText, plainText, requiredText, successEnvelope } from './common-mini.ts';
import { keysetPageQuery, nextCursor } from './keyset-page.ts';

export const productFormMessages = {
  name: 'Enter the product name.',
  slug: productRuleMessages.slugFormat,
  category: productRuleMessages.categoryUnknown,
  subcategory: 'Choose a subcategory of this category, or none.',
  sizeChart: 'Choose a size chart, or none.',
  price: 'Enter the price in rupees, e.g. 1299 or 1299.50.',
  originalPrice: 'Enter the MRP in rupees, or leave it empty.',
  tag: 'A tag is a short word or two.',
  tooManyTags: 'At most 20 tags.',
  specLabel: 'Name this specification, e.g. Fabric.',
  specText: 'Describe this specification.',
  noColors: 'Add at least one colour.',
  colorName: 'Name the colour.',
  colorHex: 'Pick the colour (#RRGGBB).',
  photoUrl: 'This photo has no address; upload it again.',
  photoAlt: 'Describe the photo for shoppers who cannot see it.',
  photoFocal: 'The focal point must lie inside the photo.',
  photoGone: (photo: number, colorName: string) =>
    `Photo ${photo} of ${colorName} is no longer in the photo library; remove it and upload it again.`,
  noSizes: 'Add at least one size to this colour.',
  size: 'Enter the size, e.g. 34B or M.',
  stock: 'Stock is a whole number, 0 or more.',
  country: 'Enter the country of origin.',
  hsn: 'The HSN code has 4, 6 or 8 digits.',
  netQuantity: "Enter the net quantity as the package says it, e.g. '1 N' or 'Pack of 3'.",
  text: 'Text must not contain control characters.',
} as const;

/** Rupees with at most two decimals, above zero and below ₹10,00,000. */
const rupees = (message: string) =>
  z.number({ error: message }).check(
    z.refine((value) => Number.isFinite(value) && value > 0 && value < 1_000_000, {
      error: message,
    }),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: message,
    }),
  );

const uuid = (message: string) => z.string({ error: message }).check(z.uuid({ error: message }));

/** A point of a photo as a fraction of its width or height: what a crop keeps in view. */
const focalFraction = z
  .number({ error: productFormMessages.photoFocal })
  .check(
    z.minimum(0, { error: productFormMessages.photoFocal }),
    z.maximum(1, { error: productFormMessages.photoFocal }),
  );

/** A photo of a colour: an uploaded image (its media id, when the upload gave one) and its alt text. */
export const productPhotoInput = z.object({
  mediaId: z._default(
    z.nullable(z.string().check(z.maxLength(100), plainText(productFormMessages.photoUrl))),
    null,
  ),
  url: requiredText(productFormMessages.photoUrl, 500).check(
    z.refine((value) => value.startsWith('/media/') || value.startsWith('https://'), {
      error: productFormMessages.photoUrl,
    }),
  ),
  alt: requiredText(productFormMessages.photoAlt, 200),
  // The centre until the owner picks a point: photos saved before focal points still validate.
  focalX: z._default(focalFraction, 0.5),
  focalY: z._default(focalFraction, 0.5),
});
export type ProductPhotoInput = z.input<typeof productPhotoInput>;

export const sizeStockInput = z.object({
  size: requiredText(productFormMessages.size, 20),
  stock: z
    .number({ error: productFormMessages.stock })
    .check(
      z.int({ error: productFormMessages.stock }),
      z.minimum(0, { error: productFormMessages.stock }),
      z.maximum(1_000_000, { error: productFormMessages.stock }),
    ),
  /**
   * The stock the form showed when it opened. A size whose stock was left as shown keeps the
   * shop's count as it is now, so a save never undoes the orders taken while the form was open.
   */
  stockWas: z.optional(z.nullable(z.number().check(z.int()))),
});

/** The most photos one colour shows (front, back, details, on model, in several lights). */
export const MAX_COLOR_PHOTOS = 20;

export const productColorInput = z.object({
  /** The colour's id when it already exists: it keeps its id (and what refers to it). */
  _id: z.optional(z.string().check(z.maxLength(100))),
  colorName: requiredText(productFormMessages.colorName, 50),
  colorHex: z
    .string({ error: productFormMessages.colorHex })
    .check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, { error: productFormMessages.colorHex })),
  photos: z
    .array(productPhotoInput)
    .check(
      z.maxLength(MAX_COLOR_PHOTOS, { error: `At most ${MAX_COLOR_PHOTOS} photos a colour.` }),
    ),
  sizeStock: z
    .array(sizeStockInput)
    .check(
      z.minLength(1, { error: productFormMessages.noSizes }),
      z.maxLength(60, { error: 'At most 60 sizes a colour.' }),
    ),
});
export type ProductColorInput = z.input<typeof productColorInput>;

export const specificationInput = z.object({
  label: requiredText(productFormMessages.specLabel, 80),
  description: requiredText(productFormMessages.specText, 500),
});

/**
 * A product as the back office saves it (POST creates, PATCH replaces the whole product page):
 * every field the storefront shows, the package declarations, and the active flag. The domain's
 * rules (GST gap, MRP, each colour and size once) are checked here on their own fields, so the
 * form shows them where they belong and the route refuses the same save with the same words.
 */
export const productInput = z
  .object({
    name: requiredText(productFormMessages.name, 200),
    /** Blank: derived from the name. */
    slug: z._default(
      z.string().check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(200),
        z.refine((value) => value === '' || SLUG_PATTERN.test(value), {
          error: productFormMessages.slug,
        }),
      ),
      '',
    ),
    subheading: optionalText(productFormMessages.text, 300),
    description: optionalText(productFormMessages.text, 5000, 'multiline'),
    brand: optionalText(productFormMessages.text, 100),
    categoryId: uuid(productFormMessages.category),
    subcategoryId: z._default(z.nullable(uuid(productFormMessages.subcategory)), null),
    sizeChartId: z._default(z.nullable(uuid(productFormMessages.sizeChart)), null),
    /** Rupees including GST. */
    price: rupees(productFormMessages.price),
    /** The MRP in rupees; null when the product sells at it. */
    originalPrice: z._default(z.nullable(rupees(productFormMessages.originalPrice)), null),
    tags: z._default(
      z
        .array(requiredText(productFormMessages.tag, 40))
        .check(z.maxLength(20, { error: productFormMessages.tooManyTags })),
      [],
    ),
    /** In the order shoppers read them. */
    specifications: z._default(
      z.array(specificationInput).check(z.maxLength(40, { error: 'At most 40 specifications.' })),
      [],
    ),
    colors: z
      .array(productColorInput)
      .check(
        z.minLength(1, { error: productFormMessages.noColors }),
        z.maxLength(30, { error: 'At most 30 colours.' }),
      ),
    isActive: z._default(z.boolean(), false),
    countryOfOrigin: requiredText(productFormMessages.country, 60),
    hsnCode: z._default(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || /^\d{4}(\d{2}){0,2}$/.test(value), {
          error: productFormMessages.hsn,
        }),
      ),
      '',
    ),
    /** The manufacturer's or importer's name and address, as the package declares it. */
    manufacturer: optionalText(productFormMessages.text, 500, 'multiline'),
    /** The goods' common name the package declares ('Brassiere'); '' leaves it unsaid. */
    genericName: optionalText(productFormMessages.text, 100),
    /** Net quantity as the package declares it: '1 N', 'Pack of 3', '50 ml'. */
    netQuantity: z._default(requiredText(productFormMessages.netQuantity, 40), '1 N'),
  })
  .check(
    z.superRefine((product, context) => {
      for (const issue of productIssues({
        pricePaise: rupeesToPaise(product.price),
        originalPricePaise:
          product.originalPrice === null ? null : rupeesToPaise(product.originalPrice),
        colors: product.colors,
      })) {
        context.addIssue({
          code: 'custom',
          path: issue.path,
          message: issue.message,
          input: product,
        });
      }
    }),
  );
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

// ---------- answers ----------

export const adminProductPhoto = z.object({
  mediaId: z.nullable(z.string()),
  url: z.string(),
  alt: z.string(),
  focalX: z.number(),
  focalY: z.number(),
});

export const adminProductColor = z.object({
  _id: z.string(),
  colorName: z.string(),
  colorHex: z.string(),
  /** The storefront's shape: the photos' addresses in order. */
  images: z.array(z.string()),
  photos: z.array(adminProductPhoto),
  sizeStock: z.array(z.object({ size: z.string(), stock: z.number() })),
});

/** The storefront's Product shape as the back office reads it, with the fields only it edits. */
export const adminProduct = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  subheading: z.string(),
  description: z.string(),
  brand: z.string(),
  category: z.string(),
  subcategory: z.nullable(z.string()),
  categoryName: z.string(),
  subcategoryName: z.nullable(z.string()),
  sizeChartId: z.nullable(z.string()),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  rating: z.number(),
  reviewCount: z.number(),
  images: z.array(z.string()),
  colors: z.array(adminProductColor),
  tags: z.array(z.string()),
  specifications: z.array(
    z.object({ label: z.string(), description: z.string(), order: z.number() }),
  ),
  inStock: z.boolean(),
  isActive: z.boolean(),
  countryOfOrigin: z.string(),
  hsnCode: z.string(),
  manufacturer: z.string(),
  genericName: z.string(),
  netQuantity: z.string(),
  /** Whether orders hold it: deleting it then deactivates it instead. */
  inPastOrders: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminProductResponse = successEnvelope(adminProduct);

/** DELETE's answer: what was done (a product in past orders is deactivated, not deleted). */
export const productDeletionResponse = successEnvelope(
  z.object({ _id: z.string(), outcome: z.enum(['deleted', 'deactivated']) }),
);

/** The choices the form offers: categories with their subcategories, and size charts. */
export const productFormOptions = z.object({
  categories: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      isActive: z.boolean(),
      subcategories: z.array(
        z.object({ _id: z.string(), name: z.string(), isActive: z.boolean() }),
      ),
    }),
  ),
  sizeCharts: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type ProductFormOptions = z.infer<typeof productFormOptions>;
export const productFormOptionsResponse = successEnvelope(productFormOptions);

// ---------- the list ----------

export const adminProductSorts = ['updated', 'name', 'price-asc', 'price-desc'] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

const optionalId = (what: string) =>
  z.optional(z.string().check(z.uuid({ error: `Invalid ${what}: must be an id` })));

/**
 * `GET /admin/products`: search by name or address, filter by category, subcategory, active,
 * stock state and price band, sort, a keyset page at a time.
 */
export const adminProductsQuery = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(100), plainText('Invalid q: must be text')),
    '',
  ),
  category: optionalId('category'),
  subcategory: optionalId('subcategory'),
  active: z.optional(z.enum(['true', 'false'], { error: 'Invalid active: must be true or false' })),
  stock: z.optional(
    z.enum(stockStates, { error: `Invalid stock: must be one of ${stockStates.join(', ')}` }),
  ),
  price: z.optional(
    z.enum(priceBands, { error: `Invalid price: must be one of ${priceBands.join(', ')}` }),
  ),
  sort: z._default(
    z.enum(adminProductSorts, {
      error: `Invalid sort: must be one of ${adminProductSorts.join(', ')}`,
    }),
    'updated',
  ),
  ...keysetPageQuery(25),
});
export type AdminProductsQueryInput = z.input<typeof adminProductsQuery>;
export type AdminProductsQuery = z.output<typeof adminProductsQuery>;

export const adminProductRow = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.nullable(z.string()),
  categoryName: z.string(),
  subcategoryName: z.nullable(z.string()),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  isActive: z.boolean(),
  stockState: z.enum(stockStates),
  /** Units in stock over every colour and size. */
  stock: z.number(),
  tags: z.array(z.string()),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductsPage = z.object({ products: z.array(adminProductRow), next: nextCursor });
export type AdminProductsPage = z.output<typeof adminProductsPage>;
export const adminProductsPageResponse = successEnvelope(adminProductsPage);

// ---------- bulk actions ----------

export const productBulkActions = [
  'activate',
  'deactivate',
  'move',
  'add-tag',
  'remove-tag',
] as const;

const bulkIds = z
  .array(uuid('Invalid ids: must be product ids'))
  .check(
    z.minLength(1, { error: 'Tick at least one product.' }),
    z.maxLength(100, { error: 'At most 100 products at once.' }),
  );

/** `POST /admin/products/bulk`: one action over the ticked products, in one transaction. */
export const productBulkInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), ids: bulkIds }),
  z.object({ action: z.literal('deactivate'), ids: bulkIds }),
  z.object({
    action: z.literal('move'),
    ids: bulkIds,
    categoryId: uuid(productFormMessages.category),
    subcategoryId: z._default(z.nullable(uuid(productFormMessages.subcategory)), null),
  }),
  z.object({
    action: z.literal('add-tag'),
    ids: bulkIds,
    tag: requiredText(productFormMessages.tag, 40),
  }),
  z.object({
    action: z.literal('remove-tag'),
    ids: bulkIds,
    tag: requiredText(productFormMessages.tag, 40),
  }),
]);
export type ProductBulkInput = z.input<typeof productBulkInput>;

export const productBulkResponse = successEnvelope(z.object({ updated: z.number() }));

/**
 * A product as read, as the values a save takes: what the form opens with, and what a bulk action
 * writes back with one field changed. Each size carries the stock shown (`stockWas`), so a save
 * that leaves it keeps the shop's count as it is by then.
 */
export function productInputOf(product: AdminProduct): ProductValues {
  return {
    name: product.name,
    slug: product.slug,
    subheading: product.subheading,
    description: product.description,
    brand: product.brand,
    categoryId: product.category,
    subcategoryId: product.subcategory,
    sizeChartId: product.sizeChartId,
    price: product.price,
    originalPrice: product.originalPrice,
    tags: product.tags,
    specifications: product.specifications.map(({ label, description }) => ({
      label,
      description,
    })),
    colors: product.colors.map((color) => ({
      _id: color._id,
      colorName: color.colorName,
      colorHex: color.colorHex,
      photos: color.photos,
      sizeStock: color.sizeStock.map((entry) => ({ ...entry, stockWas: entry.stock })),
    })),
    isActive: product.isActive,
    countryOfOrigin: product.countryOfOrigin,
    hsnCode: product.hsnCode,
    manufacturer: product.manufacturer,
    genericName: product.genericName,
    netQuantity: product.netQuantity,
  };
}
