import type { Product } from '@shop/contracts/catalogue';
import { priceBandBounds, priceBandOf, type ProductSort } from '@shop/domain/catalogue';
import type { SizeChartData } from '@shop/domain/size-charts';
import { sizeMatchFor } from '@shop/domain/size-finder';
import { BitSets, countOf, holds, intersection } from './bit-sets.ts';
import type { Database } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import type { ParsedSearch } from '@shop/domain/search-terms';
import type {
  CatalogueRepository,
  FacetRow,
  IndexRow,
  ProductFilters,
} from './catalogue.repository.ts';
import {
  createProductSearch,
  type ProductSearch,
  type SearchableProduct,
  type SearchHit,
  type TermPlan,
} from './product-search.ts';

/** Documents loaded per query when warming up. */
const WARM_BATCH = 1_000;

/** A product as the API answers it, and the same as JSON text. */
export interface ProductDocument {
  product: Product;
  json: string;
}

/** What a list needs to know of an active product to filter, sort, page and count it. */
interface IndexedProduct {
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

type BrowseScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: string }
  | { kind: 'subcategory'; subcategoryId: string };
/** Which products a list starts from, before the shopper's filters: a browse scope or a search. */
export type IndexScope = BrowseScope | { kind: 'search'; search: ParsedSearch };
type SearchScope = Extract<IndexScope, { kind: 'search' }>;

/** Search answers kept between changes, by plan (each holds references to its matches). */
const MAX_SEARCH_RESULTS = 500;

/** A search's matches in relevance order, and what is derived from them on demand. */
interface SearchResult {
  relevance: IndexedProduct[];
  bySort: Partial<Record<ProductSort, IndexedProduct[]>>;
  facets?: FacetRow[];
}

const compareId = (a: IndexedProduct, b: IndexedProduct) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The same orders as the SQL of the list queries, ties broken by id. */
const orders: Record<ProductSort, (a: IndexedProduct, b: IndexedProduct) => number> = {
  recommended: (a, b) =>
    a.position - b.position || b.createdAtMs - a.createdAtMs || compareId(a, b),
  'price-asc': (a, b) => a.pricePaise - b.pricePaise || a.position - b.position || compareId(a, b),
  'price-desc': (a, b) => b.pricePaise - a.pricePaise || a.position - b.position || compareId(a, b),
  newest: (a, b) => b.createdAtMs - a.createdAtMs || compareId(a, b),
};

function toIndexed(row: IndexRow): IndexedProduct {
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

function inScope(product: IndexedProduct, scope: BrowseScope): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'category':
      return product.categoryId === scope.categoryId;
    case 'subcategory':
      return product.subcategoryId === scope.subcategoryId;
  }
}

/** Facet counts over a set of products, in the rows the facet query answers. */
export function facetRowsOf(products: Iterable<IndexedProduct>): FacetRow[] {
  const sizes = new Map<string, { value: string; count: number }>();
  const colors = new Map<string, { value: string; hex: string; count: number }>();
  const tags = new Map<string, number>();
  const bands = new Map<string, number>();
  for (const product of products) {
    for (const [lower, size] of product.sizesInStock) {
      const entry = sizes.get(lower);
      if (!entry) sizes.set(lower, { value: size, count: 1 });
      else {
        entry.count += 1;
        if (size < entry.value) entry.value = size;
      }
    }
    for (const color of product.distinctColors) {
      const entry = colors.get(color.lower);
      if (!entry) colors.set(color.lower, { value: color.name, hex: color.hex, count: 1 });
      else {
        entry.count += 1;
        if (color.name < entry.value) entry.value = color.name;
        if (color.hex < entry.hex) entry.hex = color.hex;
      }
    }
    for (const tag of product.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    bands.set(product.priceBand, (bands.get(product.priceBand) ?? 0) + 1);
  }
  return [
    ...[...sizes.values()].map(({ value, count }) => ({
      facet: 'size' as const,
      value,
      color_hex: null,
      count,
    })),
    ...[...colors.values()].map(({ value, hex, count }) => ({
      facet: 'color' as const,
      value,
      color_hex: hex,
      count,
    })),
    ...[...tags].map(([value, count]) => ({
      facet: 'tag' as const,
      value,
      color_hex: null,
      count,
    })),
    ...[...bands].map(([value, count]) => ({
      facet: 'price' as const,
      value,
      color_hex: null,
      count,
    })),
  ];
}

/**
 * The catalogue's read model in memory: every active product's list facts (for filtering,
 * sorting, paging and facet counts without a database query) and, least recently used first out,
 * the finished product documents the API answers with. The catalogue is read far more often
 * than it changes; every change reaches this model through the read cache's invalidations (here
 * and, through change notices, in other processes), and the next read reloads what changed before
 * it answers.
 */
export function createCatalogueIndex(
  db: Database,
  repository: CatalogueRepository,
  options: {
    toProduct: (
      row: Awaited<ReturnType<CatalogueRepository['findProductsByIds']>>[number],
    ) => Product;
    maxDocuments: number;
    /** Every size chart by id, read again after a chart changes (none: sizes match by name). */
    loadCharts?: () => Promise<Map<string, SizeChartData>>;
  },
) {
  let products = new Map<string, IndexedProduct>();
  /** The list filters and scopes as bit sets over every active product, made after a change. */
  let bitSets: BitSets<IndexedProduct> | undefined;
  /** The search engine's index of every active product, built on the first search after a reload. */
  let engine: ProductSearch | undefined;
  /**
   * The engine's answers by the query's terms, kept until the words of a product change (a
   * change of stock, price or order keeps them: only the size filter and the order are redone).
   */
  const hitsByTerms = new Map<string, Map<string, SearchHit> | undefined>();
  const searchResults = new Map<string, SearchResult>();
  /** Every product in each sort order, rebuilt lazily after a change. */
  let sorted: Partial<Record<ProductSort, IndexedProduct[]>> = {};
  const facetsByScope = new Map<string, FacetRow[]>();
  /** Each browse scope's products per sort order, kept until the next change. */
  const scopeLists = new Map<string, IndexedProduct[]>();
  let loadedOnce = false;
  let reloadAll = true;
  let charts = new Map<string, SizeChartData>();
  let chartsStale = true;
  const dirty = new Set<string>();
  let loading: Promise<void> | undefined;

  /** Each document with its JSON text, serialized once: lists are answered by joining texts. */
  const documents = new Map<string, ProductDocument>();
  let documentsGeneration = 0;

  function changed() {
    sorted = {};
    facetsByScope.clear();
    scopeLists.clear();
    searchResults.clear();
    bitSets = undefined;
  }

  function bitSetsOf(): BitSets<IndexedProduct> {
    if (bitSets) return bitSets;
    const all = [...products.values()];
    all.forEach((product, slot) => (product.slot = slot));
    return (bitSets = new BitSets(all));
  }

  /**
   * The product's size in stock matching hers, read in its own chart (a bra size in any chart's
   * spelling; letter sizes by name), or a sister size in stock when sisters are asked for.
   */
  function matchOf(product: IndexedProduct, size: string, sisters: boolean) {
    const chart = product.sizeChartId === null ? null : (charts.get(product.sizeChartId) ?? null);
    return sizeMatchFor(chart, size, product.stockSizes, sisters);
  }

  /**
   * The products the list filters let through, or undefined when there are none: price band
   * bounds, a size in stock matching hers (any case; by each product's chart, with its sister
   * sizes when asked), a colour or tag containing the text (any case).
   */
  function filterSet(filters: ProductFilters): Uint32Array | undefined {
    const sets = bitSetsOf();
    const wanted: Uint32Array[] = [];
    if (filters.price) {
      const { aboveExclusive: above, atMostInclusive: atMost } = priceBandBounds(filters.price);
      wanted.push(
        sets.of(
          `price:${filters.price}`,
          (product) =>
            (above === null || product.pricePaise > above) &&
            (atMost === null || product.pricePaise <= atMost),
        ),
      );
    }
    const size = filters.size?.toLowerCase();
    if (size) {
      const sisters = filters.sisterSizes === true;
      wanted.push(
        sets.of(`size:${size}:${sisters}`, (product) => matchOf(product, size, sisters) !== null),
      );
    }
    const color = filters.color?.toLowerCase();
    if (color) {
      wanted.push(
        sets.of(`color:${color}`, (product) =>
          product.colors.some((entry) => entry.lower.includes(color)),
        ),
      );
    }
    const tag = filters.tag?.toLowerCase();
    if (tag) {
      wanted.push(
        sets.of(`tag:${tag}`, (product) =>
          product.tags.some((name) => name.toLowerCase().includes(tag)),
        ),
      );
    }
    const offer = filters.offer;
    if (offer) {
      wanted.push(
        sets.of(`offer:${offer.key}`, (product) =>
          offer.covers({
            productId: product.id,
            categoryId: product.categoryId,
            subcategoryId: product.subcategoryId,
            tags: product.tags,
          }),
        ),
      );
    }
    if (wanted.length === 0) return undefined;
    return wanted.length === 1 ? wanted[0] : intersection(wanted);
  }

  /** A browse scope's products as a bit set (undefined for all products). */
  function scopeSet(scope: BrowseScope): Uint32Array | undefined {
    if (scope.kind === 'all') return undefined;
    return bitSetsOf().of(`${scope.kind}:${JSON.stringify(scope)}`, (product) =>
      inScope(product, scope),
    );
  }

  function engineOf(): ProductSearch {
    return (engine ??= createProductSearch(
      [...products.values()].map((product) => product.searchable),
    ));
  }

  /**
   * The active products a search finds, most relevant first: every term matches the product's
   * words and, when the query names sizes, one of them is in stock; then by how many terms name
   * the product's category or subcategory, the engine's relevance, position and id.
   */
  function findMatches(scope: SearchScope): IndexedProduct[] {
    const wantedSizes = scope.search.sizes.map((size) => size.toLowerCase());
    const inStock = (product: IndexedProduct) =>
      wantedSizes.length === 0 || wantedSizes.some((size) => product.sizesInStock.has(size));
    const key = JSON.stringify(scope.search.terms);
    let hits = hitsByTerms.get(key);
    if (!hitsByTerms.has(key)) {
      hits = engineOf().find(scope.search);
      while (hitsByTerms.size >= MAX_SEARCH_RESULTS) {
        const oldest = hitsByTerms.keys().next().value;
        if (oldest === undefined) break;
        hitsByTerms.delete(oldest);
      }
      hitsByTerms.set(key, hits);
    }
    if (!hits) return sortedBy('recommended').filter(inStock);
    const found: { product: IndexedProduct; kinds: number; score: number }[] = [];
    for (const [id, hit] of hits) {
      const product = products.get(id);
      if (product && inStock(product)) found.push({ product, ...hit });
    }
    found.sort(
      (a, b) =>
        b.kinds - a.kinds ||
        b.score - a.score ||
        a.product.position - b.product.position ||
        compareId(a.product, b.product),
    );
    return found.map(({ product }) => product);
  }

  /** A search's result, kept (up to a bound) until the next change. */
  function searchResult(scope: SearchScope): SearchResult {
    const key = JSON.stringify([scope.search.terms, scope.search.sizes]);
    let result = searchResults.get(key);
    if (result) {
      // Refresh recency.
      searchResults.delete(key);
    } else {
      result = { relevance: findMatches(scope), bySort: {} };
      while (searchResults.size >= MAX_SEARCH_RESULTS) {
        const oldest = searchResults.keys().next().value;
        if (oldest === undefined) break;
        searchResults.delete(oldest);
      }
    }
    searchResults.set(key, result);
    return result;
  }

  async function refresh(): Promise<void> {
    while (reloadAll || dirty.size > 0 || chartsStale) {
      if (chartsStale) {
        chartsStale = false;
        charts = options.loadCharts ? await options.loadCharts() : new Map();
      }
      if (reloadAll) {
        reloadAll = false;
        dirty.clear();
        const rows = await repository.findIndexRows(db);
        products = new Map(rows.map((row) => [row.id, toIndexed(row)]));
        engine = undefined;
        hitsByTerms.clear();
        loadedOnce = true;
      } else if (dirty.size > 0) {
        const ids = [...dirty];
        dirty.clear();
        const rows = await repository.findIndexRows(db, ids);
        const before = new Map(ids.map((id) => [id, products.get(id)?.searchable]));
        for (const id of ids) products.delete(id);
        for (const row of rows) products.set(row.id, toIndexed(row));
        for (const id of ids) {
          const now = products.get(id)?.searchable;
          const was = before.get(id);
          // A change of stock or price leaves the engine's words as they were.
          if (!now) {
            engine?.remove(id);
            hitsByTerms.clear();
          } else if (
            now.name !== was?.name ||
            now.text !== was.text ||
            now.kinds.join('\n') !== was.kinds.join('\n')
          ) {
            engine?.put(now);
            hitsByTerms.clear();
          }
        }
      }
      changed();
    }
  }

  /** Brings the model up to date; concurrent callers share one reload. */
  async function current() {
    if (!reloadAll && dirty.size === 0 && !chartsStale) return;
    loading ??= refresh().finally(() => {
      loading = undefined;
    });
    await loading;
    // A change that arrived during the reload is picked up by the next loop or the next call.
    if (reloadAll || dirty.size > 0 || chartsStale) await current();
  }

  function sortedBy(sort: ProductSort): IndexedProduct[] {
    return (sorted[sort] ??= [...products.values()].sort(orders[sort]));
  }

  /** The products of a scope in the order asked (ids no longer active are skipped). */
  function candidates(scope: IndexScope, sort: ProductSort): IndexedProduct[] {
    if (scope.kind === 'search') {
      const result = searchResult(scope);
      if (sort === 'recommended') return result.relevance;
      return (result.bySort[sort] ??= [...result.relevance].sort(orders[sort]));
    }
    const key = `${JSON.stringify(scope)}|${sort}`;
    let list = scopeLists.get(key);
    if (!list) {
      list =
        scope.kind === 'all'
          ? sortedBy(sort)
          : sortedBy(sort).filter((product) => inScope(product, scope));
      scopeLists.set(key, list);
    }
    return list;
  }

  return {
    /**
     * Loads the index, the search engine's index and the documents of active products (up to
     * the cap) now, at start, so shoppers do not wait for them.
     */
    async warm() {
      await current();
      engineOf();
      const ids = [...products.keys()].slice(0, options.maxDocuments);
      for (let start = 0; start < ids.length; start += WARM_BATCH) {
        await this.documents(ids.slice(start, start + WARM_BATCH));
      }
    },

    /** Empties what the tags name (undefined: everything). */
    invalidate(tags: CacheTag[] | undefined) {
      documentsGeneration += 1;
      if (!tags || tags.includes('size-charts')) chartsStale = true;
      if (!tags || tags.includes('categories')) {
        reloadAll = true;
        documents.clear();
        return;
      }
      for (const tag of tags) {
        if (!tag.startsWith('product:')) continue;
        const id = tag.slice('product:'.length);
        documents.delete(id);
        if (loadedOnce) dirty.add(id);
      }
    },

    /**
     * One page of a scope, with its total; ids in the list's order. Matched search ids keep their
     * relevance order under 'recommended'; other sorts order them as lists do.
     */
    async page(
      scope: IndexScope,
      filters: ProductFilters,
      sort: ProductSort,
      page: number,
      limit: number,
    ) {
      await current();
      const start = (page - 1) * limit;
      const list = candidates(scope, sort);
      const wanted = filterSet(filters);
      if (!wanted) {
        return {
          ids: list.slice(start, start + limit).map((product) => product.id),
          total: list.length,
        };
      }
      const ids: string[] = [];
      if (scope.kind === 'all' || scope.kind === 'category' || scope.kind === 'subcategory') {
        // A browse scope counts by bits and walks its sorted list only as far as the page.
        const inScope = scopeSet(scope);
        const total = countOf(inScope ? intersection([wanted, inScope]) : wanted);
        let seen = 0;
        for (const product of start < total ? list : []) {
          if (!holds(wanted, product.slot)) continue;
          seen += 1;
          if (seen <= start) continue;
          ids.push(product.id);
          if (ids.length === limit) break;
        }
        return { ids, total };
      }
      let total = 0;
      for (const product of list) {
        if (!holds(wanted, product.slot)) continue;
        if (total >= start && ids.length < limit) ids.push(product.id);
        total += 1;
      }
      return { ids, total };
    },

    /** For a list filtered by her size: each product's matching size or sister size in stock. */
    sizeMatch(id: string, size: string, sisters: boolean) {
      const product = products.get(id);
      return product ? matchOf(product, size.toLowerCase(), sisters) : null;
    },

    /** The ids of a search's matches, most relevant first. */
    async search(search: ParsedSearch): Promise<string[]> {
      await current();
      return candidates({ kind: 'search', search }, 'recommended').map((product) => product.id);
    },

    /** How each term of a search matches the catalogue's words (typo corrections, prefixes). */
    async searchPlan(search: ParsedSearch): Promise<TermPlan[]> {
      await current();
      return engineOf().plan(search);
    },

    /** Facet counts of a scope (not narrowed by the shopper's filters); browse scopes' are kept. */
    async facets(scope: IndexScope): Promise<FacetRow[]> {
      await current();
      if (scope.kind === 'search') {
        const result = searchResult(scope);
        return (result.facets ??= facetRowsOf(result.relevance));
      }
      const key = JSON.stringify(scope);
      let rows = facetsByScope.get(key);
      if (!rows) {
        rows = facetRowsOf(candidates(scope, 'recommended'));
        facetsByScope.set(key, rows);
      }
      return rows;
    },

    /** Active products' documents in the order of `ids`; unknown or inactive ids are left out. */
    async documents(ids: string[]): Promise<ProductDocument[]> {
      const missing = ids.filter((id) => !documents.has(id));
      let loaded = new Map<string, ProductDocument>();
      if (missing.length > 0) {
        const generation = documentsGeneration;
        const rows = await repository.findProductsByIds(db, missing);
        loaded = new Map(
          rows
            .filter((row) => row.is_active)
            .map((row) => {
              const product = options.toProduct(row);
              return [row.id, { product, json: JSON.stringify(product) }];
            }),
        );
        // Documents read across a change may predate it: use them for this answer only.
        if (generation === documentsGeneration) {
          for (const [id, document] of loaded) documents.set(id, document);
          while (documents.size > options.maxDocuments) {
            const oldest = documents.keys().next().value;
            if (oldest === undefined) break;
            documents.delete(oldest);
          }
        }
      }
      return ids.flatMap((id) => {
        const document = loaded.get(id) ?? documents.get(id);
        if (!document) return [];
        // Refresh recency, which matters only once the cap is near.
        if (!loaded.has(id) && documents.size >= options.maxDocuments * 0.9) {
          documents.delete(id);
          documents.set(id, document);
        }
        return [document];
      });
    },
  };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
