import { z } from 'zod';
import { plainText } from './common-mini.ts';
import { cataloguePageSize, priceBands, productSorts } from '@shop/domain/catalogue';
import { searchWords } from '@shop/domain/search-terms';
import {
  idParam,
  paginatedMeta,
  positiveIntegerParam,
  searchText,
  successEnvelope,
} from './common.ts';

// ---------- shapes of the catalogue's answers ----------

export const category = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
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

export const sizeStock = z.object({ size: z.string(), stock: z.number().int() });
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
  imageAlts: z.array(z.string()).optional(),
  sizeStock: z.array(sizeStock),
});
export type ProductColor = z.infer<typeof productColor>;

export const specification = z.object({
  label: z.string(),
  description: z.string(),
  order: z.number().int(),
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
  originalPrice: z.number().nullable(),
  /** Average of `ratings`, one decimal, 0 when unrated. */
  rating: z.number(),
  ratings: z.array(z.number().int()),
  reviewCount: z.number().int(),
  images: z.array(z.string()),
  /** The alt text of each of `images`, in order (optional, as on each colour). */
  imageAlts: z.array(z.string()).optional(),
  colors: z.array(productColor),
  tags: z.array(z.string()),
  specifications: z.array(specification),
  sizeChart: z.object({ image: z.string() }).nullable(),
  brand: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  categoryName: z.string(),
  subcategoryName: z.string().nullable(),
  categorySlug: z.string(),
  subcategorySlug: z.string().nullable(),
  inStock: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  // The package's declarations India's Legal Metrology rules ask an online shop to show; extra to
  // the core product fields, so optional for a reader that does not know them.
  countryOfOrigin: z.string().optional(),
  /** The manufacturer's or importer's name and address. */
  manufacturer: z.string().optional(),
  /** The goods' common name ('Brassiere'); the category's name when the owner left it empty. */
  genericName: z.string().optional(),
  /** '1 N', 'Pack of 3', '50 ml'. */
  netQuantity: z.string().optional(),
});
export type Product = z.infer<typeof product>;

const facetCount = z.object({ value: z.string(), count: z.number().int() });
export const productFacets = z.object({
  sizes: z.array(facetCount),
  colors: z.array(facetCount.extend({ colorHex: z.string() })),
  tags: z.array(facetCount),
  priceBands: z.array(facetCount),
});
export type ProductFacets = z.infer<typeof productFacets>;

export const productList = z.object({
  products: z.array(product),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  facets: productFacets,
});
export type ProductList = z.infer<typeof productList>;

export const colorSizes = z.object({
  colorName: z.string(),
  colorHex: z.string(),
  sizes: z.array(sizeStock),
});

// ---------- inputs ----------
//
// Catalogue answers are cached by their parsed query (apps/api/src/http/read-cache.ts), so every
// spelling of one query must parse to one value: surrounding spaces and case are folded where the
// catalogue ignores them, a blank value is absent, and `limit` becomes one of the served page sizes.

/** A query value trimmed and lower-cased, a blank one absent. */
function foldedOrAbsent(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const folded = value.trim().toLowerCase();
  return folded === '' ? undefined : folded;
}

/** An optional query parameter read through `foldedOrAbsent`. */
function queryValue<T extends z.ZodType>(schema: T) {
  return z.preprocess(foldedOrAbsent, schema.optional()).optional();
}

/** Page number: a whole number ≥ 1, 1 when absent or blank. */
const cataloguePage = () =>
  queryValue(positiveIntegerParam('page')).transform((value) => value ?? 1);

/** Page size: a whole number ≥ 1, served as the smallest listed page size holding it. */
const cataloguePageSizeParam = (defaultSize: number) =>
  queryValue(positiveIntegerParam('limit')).transform((value) =>
    cataloguePageSize(value ?? defaultSize),
  );

const filterText = (name: string, maxLength: number) =>
  queryValue(
    z
      .string()
      .max(maxLength, `Invalid ${name}: too long`)
      .check(plainText(`Invalid ${name}: must be text`)),
  );

const listingFilters = {
  price: queryValue(
    // An unencoded '5000+' in a URL arrives as '5000 ' (trimmed to '5000' by then).
    z.preprocess(
      (value) => (value === '5000' ? '5000+' : value),
      z.enum(priceBands, { error: `Invalid price: must be one of ${priceBands.join(', ')}` }),
    ),
  ),
  // Sizes match exactly and colours and tags by substring, all in any case.
  size: filterText('size', 20),
  color: filterText('color', 50),
  tag: filterText('tag', 50),
  sort: queryValue(
    z.enum(productSorts, { error: `Invalid sort: must be one of ${productSorts.join(', ')}` }),
  ).transform((value) => value ?? 'recommended'),
};

export const productListQuery = z.object({
  page: cataloguePage(),
  limit: cataloguePageSizeParam(12),
  ...listingFilters,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productSearchQuery = productListQuery.extend({
  // Search reads only the words of the text, in lower case: 'Lace  Bra!' searches as 'lace bra'.
  q: searchText()
    .optional()
    .transform((value) => searchWords(value ?? '').join(' ')),
});

export const subcategoryProductsQuery = productListQuery.extend({
  // Checked, then dropped: the list shows active products whatever isActive says.
  isActive: queryValue(
    z.enum(['true', 'false'], { error: 'Invalid isActive: must be true or false' }),
  ).transform(() => undefined),
});

export const productIdParams = z.object({ id: idParam('product') });
export const productColorParams = z.object({
  productId: idParam('product'),
  // Colour names match in any case.
  colorName: z
    .string()
    .trim()
    .min(1, 'Invalid colorName')
    .max(50, 'Invalid colorName')
    .check(plainText('Invalid colorName'))
    .toLowerCase(),
});
export const categoryIdParams = z.object({ categoryId: idParam('category') });
export const subcategoryIdParams = z.object({ subcategoryId: idParam('subcategory') });
export const idParams = (what: string) => z.object({ id: idParam(what) });

/** Categories: the whole list with neither parameter, a page (1 of 10 by default) with either. */
export const optionalPaginationQuery = z
  .object({
    page: queryValue(positiveIntegerParam('page')),
    limit: queryValue(positiveIntegerParam('limit')),
  })
  .transform(({ page, limit }) =>
    page === undefined && limit === undefined
      ? {}
      : { page: page ?? 1, limit: cataloguePageSize(limit ?? 10) },
  );

export const cataloguePaginationQuery = z.object({
  page: cataloguePage(),
  limit: cataloguePageSizeParam(10),
});

/** Category and subcategory names match in any case. */
const nameSearchText = () => queryValue(searchText());

export const subcategoryListQuery = z.object({
  q: nameSearchText(),
});
export const categorySearchQuery = z.object({
  q: nameSearchText().transform((value) => value ?? ''),
});

// ---------- answers ----------

export const productListResponse = successEnvelope(productList);
export const productResponse = successEnvelope(product);
export const categoryListResponse = successEnvelope(z.array(category));
export const categoryPageResponse = successEnvelope(z.array(category)).extend(paginatedMeta.shape);
export const categoryResponse = successEnvelope(category);
export const subcategoryListResponse = successEnvelope(z.array(subcategory));
export const subcategoryPageResponse = successEnvelope(z.array(subcategory)).extend(
  paginatedMeta.shape,
);
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
  originalPrice: z.number().nullable(),
  label: z.string(),
});
export type FeaturedCard = z.infer<typeof featuredCard>;
export const featuredProductsResponse = successEnvelope(z.array(featuredCard));
