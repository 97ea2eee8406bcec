// The catalogue's answers: what the storefront reads of products, categories
// and subcategories. zod/mini because the storefront parses them in the browser; part of the
// catalogue contract (catalogue.ts exports them with its inputs).
import * as z from 'zod/mini';
import { successEnvelope } from './common-mini.ts';
import { sizeMatch } from './fit.ts';
import { offerBadge } from './offer-answers.ts';

export const category = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.nullable(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof category>;

export const categoryRef = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

export const subcategory = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: categoryRef,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Subcategory = z.infer<typeof subcategory>;

export const sizeStock = z.object({ size: z.string(), stock: z.int() });
export type SizeStock = z.infer<typeof sizeStock>;

export const productColor = z.object({
  _id: z.string(),
  colorName: z.string(),
  colorHex: z.string(),
  images: z.array(z.string()),
  /**
   * Each image's alt text, in the order of `images` (the owner writes one per photo). Optional:
   * a reader without it falls back to the product and colour name.
   */
  imageAlts: z.optional(z.array(z.string())),
  sizeStock: z.array(sizeStock),
});
export type ProductColor = z.infer<typeof productColor>;

export const specification = z.object({
  label: z.string(),
  description: z.string(),
  order: z.int(),
});

export const product = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  subheading: z.string(),
  description: z.string(),
  /** Rupees. */
  price: z.number(),
  /** Rupees; null when the product is not discounted. */
  originalPrice: z.nullable(z.number()),
  /** Average of `ratings`, one decimal, 0 when unrated. */
  rating: z.number(),
  ratings: z.array(z.int()),
  reviewCount: z.int(),
  images: z.array(z.string()),
  /** The alt text of each of `images`, in order (optional, as on each colour). */
  imageAlts: z.optional(z.array(z.string())),
  colors: z.array(productColor),
  tags: z.array(z.string()),
  specifications: z.array(specification),
  sizeChart: z.nullable(z.object({ image: z.string() })),
  /** The product's size chart (`GET /api/size-chart/{id}`), null when it has none. */
  sizeChartId: z.nullable(z.string()),
  /**
   * On a list filtered by `size`: the product's size in stock that matches hers, or the sister
   * size in stock (`sister: true`) when sister sizes were asked for.
   */
  sizeMatch: z.optional(sizeMatch),
  brand: z.string(),
  category: z.string(),
  subcategory: z.nullable(z.string()),
  categoryName: z.string(),
  subcategoryName: z.nullable(z.string()),
  categorySlug: z.string(),
  subcategorySlug: z.nullable(z.string()),
  inStock: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  // The package's declarations India's Legal Metrology rules ask an online shop to show; extra to
  // the core product fields, so optional for a reader that does not know them.
  countryOfOrigin: z.optional(z.string()),
  /** The manufacturer's or importer's name and address. */
  manufacturer: z.optional(z.string()),
  /** The goods' common name ('Brassiere'); the category's name when the owner left it empty. */
  genericName: z.optional(z.string()),
  /** '1 N', 'Pack of 3', '50 ml'. */
  netQuantity: z.optional(z.string()),
  /** The badge: the best live offer the product is eligible for ('3 for ₹999'), or null. */
  offer: z.optional(offerBadge),
});
export type Product = z.infer<typeof product>;

const facetCount = z.object({ value: z.string(), count: z.int() });
export const productFacets = z.object({
  sizes: z.array(facetCount),
  colors: z.array(z.extend(facetCount, { colorHex: z.string() })),
  tags: z.array(facetCount),
  priceBands: z.array(facetCount),
});
export type ProductFacets = z.infer<typeof productFacets>;

export const productList = z.object({
  products: z.array(product),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
  facets: productFacets,
});
export type ProductList = z.infer<typeof productList>;

export const colorSizes = z.object({
  colorName: z.string(),
  colorHex: z.string(),
  sizes: z.array(sizeStock),
});

export const productListResponse = successEnvelope(productList);
export const productResponse = successEnvelope(product);
export const categoryListResponse = successEnvelope(z.array(category));
export const categoryResponse = successEnvelope(category);
export const subcategoryListResponse = successEnvelope(z.array(subcategory));
export const subcategoryResponse = successEnvelope(subcategory);
export const colorSizesResponse = successEnvelope(colorSizes);

/**
 * One card of the home page's FEATURED PRODUCTS carousel: the first product of each subcategory,
 * or of each category without subcategories, in shop order; `label` names that group.
 */
export const featuredCard = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  label: z.string(),
  /** The badge of the best live offer the product is eligible for, or null. */
  offer: z.optional(offerBadge),
});
export type FeaturedCard = z.infer<typeof featuredCard>;
export const featuredProductsResponse = successEnvelope(z.array(featuredCard));
