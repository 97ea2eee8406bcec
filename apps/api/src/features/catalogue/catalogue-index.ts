import type { ProductSort } from '@shop/domain/catalogue';
import type { SizeChartData } from '@shop/domain/size-charts';
import { sizeMatchFor } from '@shop/domain/size-finder';
import type { ParsedSearch } from '@shop/domain/search-terms';
import type { Database } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { BitSets, countOf, holds, intersection } from './bit-sets.ts';
import type { CatalogueRepository, FacetRow, ProductFilters } from './catalogue.repository.ts';
import { facetRowsOf } from './facet-counts.ts';
import {
  compareId,
  inScope,
  productOrders,
  toIndexed,
  type BrowseScope,
  type IndexedProduct,
  type IndexScope,
  type SearchScope,
} from './indexed-product.ts';
import { filterSetOf } from './list-filter-sets.ts';
import {
  createProductDocuments,
  type ProductDocument,
  type ProductDocumentsOptions,
} from './product-documents.ts';
import {
  createProductSearch,
  type ProductSearch,
  type SearchHit,
  type TermPlan,
} from './product-search.ts';

export type { IndexScope } from './indexed-product.ts';
export type { ProductDocument } from './product-documents.ts';

/** Documents loaded per query when warming up. */
const WARM_BATCH = 1_000;

/** Search answers kept between changes, by plan (each holds references to its matches). */
const MAX_SEARCH_RESULTS = 500;

/** A search's matches in relevance order, and what is derived from them on demand. */
interface SearchResult {
  relevance: IndexedProduct[];
  bySort: Partial<Record<ProductSort, IndexedProduct[]>>;
  facets?: FacetRow[];
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
  options: ProductDocumentsOptions & {
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

  const productDocuments = createProductDocuments(db, repository, options);

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
    return (sorted[sort] ??= [...products.values()].sort(productOrders[sort]));
  }

  /** The products of a scope in the order asked (ids no longer active are skipped). */
  function candidates(scope: IndexScope, sort: ProductSort): IndexedProduct[] {
    if (scope.kind === 'search') {
      const result = searchResult(scope);
      if (sort === 'recommended') return result.relevance;
      return (result.bySort[sort] ??= [...result.relevance].sort(productOrders[sort]));
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
      productDocuments.invalidate(tags);
      if (!tags || tags.includes('size-charts')) chartsStale = true;
      if (!tags || tags.includes('categories')) {
        reloadAll = true;
        return;
      }
      for (const tag of tags) {
        if (tag.startsWith('product:') && loadedOnce) dirty.add(tag.slice('product:'.length));
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
      const wanted = filterSetOf(
        bitSetsOf(),
        filters,
        (product, size, sisters) => matchOf(product, size, sisters) !== null,
      );
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
    documents: (ids: string[]): Promise<ProductDocument[]> => productDocuments.documents(ids),
  };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
