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

// The answers' shapes live in catalogue-answers.ts (zod/mini: the storefront reads them in the
// browser); they are part of this contract.
export * from './catalogue-answers.ts';
import { category, subcategory } from './catalogue-answers.ts';

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
  // Colours and tags match by substring in any case. A size matches in each product's own size
  // chart (a bra size in any chart's spelling, letter sizes by name); with sisterSizes=true a
  // sister size in stock counts too, and each card then says which size matched (`sizeMatch`).
  size: filterText('size', 20),
  sisterSizes: queryValue(
    z.enum(['true', 'false'], { error: 'Invalid sisterSizes: must be true or false' }),
  ).transform((value) => (value === undefined ? undefined : value === 'true')),
  color: filterText('color', 50),
  tag: filterText('tag', 50),
  /** A live offer's address: only the products it covers (its page, `/offers/{slug}`). */
  offer: filterText('offer', 80),
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

// The pages of categories and subcategories: classic zod for the route's `.or` (the storefront
// reads neither).
export const categoryPageResponse = successEnvelope(z.array(category)).extend(paginatedMeta.shape);
export const subcategoryPageResponse = successEnvelope(z.array(subcategory)).extend(
  paginatedMeta.shape,
);
