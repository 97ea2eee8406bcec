/**
 * An active product as the catalogue's read model holds it: what a list needs to filter, sort,
 * page and count it, the scopes a list starts from, and the orders the list queries sort by.
 */
import { priceBandOf, type ProductSort } from '@shop/domain/catalogue';
import type { ParsedSearch } from '@shop/domain/search-terms';
import type { IndexRow } from './catalogue.repository.ts';
import type { SearchableProduct } from './product-search.ts';

/** What a list needs to know of an active product to filter, sort, page and count it. */
export interface IndexedProduct {
  id: string;
  categoryId: string;
  subcategoryId: string | null;
  pricePaise: number;
  position: number;
  createdAtMs: number;
  /** Lower-case size → the size as the catalogue spells it, for sizes with stock. */
  sizesInStock: Map<string, string>;
  /** The same sizes as a list, for the size filter's matching by chart. */
  stockSizes: string[];
  sizeChartId: string | null;
  colors: { name: string; lower: string; hex: string }[];
  /** Its colours once each by lower-case name (a facet counts a product once per colour). */
  distinctColors: { name: string; lower: string; hex: string }[];
  tags: string[];
  priceBand: string;
  /** Its bit in the model's filter sets (assigned when they are made after a change). */
  slot: number;
  /** The texts search finds it by. */
  searchable: SearchableProduct;
}

export type BrowseScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: string }
  | { kind: 'subcategory'; subcategoryId: string };
/** Which products a list starts from, before the shopper's filters: a browse scope or a search. */
export type IndexScope = BrowseScope | { kind: 'search'; search: ParsedSearch };
export type SearchScope = Extract<IndexScope, { kind: 'search' }>;

export const compareId = (a: IndexedProduct, b: IndexedProduct) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The same orders as the SQL of the list queries, ties broken by id. */
export const productOrders: Record<ProductSort, (a: IndexedProduct, b: IndexedProduct) => number> =
  {
    recommended: (a, b) =>
      a.position - b.position || b.createdAtMs - a.createdAtMs || compareId(a, b),
    'price-asc': (a, b) =>
      a.pricePaise - b.pricePaise || a.position - b.position || compareId(a, b),
    'price-desc': (a, b) =>
      b.pricePaise - a.pricePaise || a.position - b.position || compareId(a, b),
    newest: (a, b) => b.createdAtMs - a.createdAtMs || compareId(a, b),
  };

/** A product row's list facts; its bit slot is assigned when the filter sets are made. */
export function toIndexed(row: IndexRow): IndexedProduct {
  const sizesInStock = new Map<string, string>();
  for (const color of row.colors) {
    for (const entry of color.sizes) {
      if (entry.stock <= 0) continue;
      const lower = entry.size.toLowerCase();
      const known = sizesInStock.get(lower);
      // The facet shows the smallest spelling, as SQL's min() would.
      if (known === undefined || entry.size < known) sizesInStock.set(lower, entry.size);
    }
  }
  const colors = row.colors.map((color) => ({
    name: color.name,
    lower: color.name.toLowerCase(),
    hex: color.hex,
  }));
  return {
    id: row.id,
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id,
    pricePaise: row.price_paise,
    position: row.position,
    createdAtMs: new Date(row.created_at).getTime(),
    sizesInStock,
    stockSizes: [...sizesInStock.values()],
    sizeChartId: row.size_chart_id,
    colors,
    distinctColors: colors.filter(
      (color, at) => colors.findIndex((other) => other.lower === color.lower) === at,
    ),
    tags: row.tags,
    priceBand: priceBandOf(row.price_paise),
    slot: -1,
    searchable: {
      id: row.id,
      name: row.name,
      text: row.search_text,
      kinds: row.subcategory_name ? [row.category_name, row.subcategory_name] : [row.category_name],
    },
  };
}

/** Whether a product is in a browse scope. */
export function inScope(product: IndexedProduct, scope: BrowseScope): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'category':
      return product.categoryId === scope.categoryId;
    case 'subcategory':
      return product.subcategoryId === scope.subcategoryId;
  }
}
