import type { Product } from '@shop/contracts/catalogue';
import { priceBandBounds, priceBandOf, type ProductSort } from '@shop/domain/catalogue';
import type { CacheTag } from '../../http/read-cache.ts';
import type {
  CatalogueRepository,
  FacetRow,
  IndexRow,
  ProductFilters,
  ProductScope,
} from './catalogue.repository.ts';

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
  colors: { name: string; lower: string; hex: string }[];
  tags: string[];
  /** Bit sets over the index's vocabularies, so a filter is a few integer operations a product. */
  sizeBits: number[];
  colorBits: number[];
  tagBits: number[];
}

/**
 * The distinct lower-case values of one kind (sizes in stock, colour names, tags), each with a bit
 * number. It only grows between full reloads, so bits already handed out keep their meaning.
 */
class Vocabulary {
  private readonly bitOf = new Map<string, number>();

  bit(value: string): number | undefined {
    return this.bitOf.get(value);
  }

  /** The bit set of `values`, adding new ones to the vocabulary. */
  bitsOf(values: Iterable<string>): number[] {
    const words: number[] = [];
    for (const value of values) {
      let bit = this.bitOf.get(value);
      if (bit === undefined) this.bitOf.set(value, (bit = this.bitOf.size));
      words[bit >>> 5] = (words[bit >>> 5] ?? 0) | (1 << (bit & 31));
    }
    return words;
  }

  /** The bit set of every known value that passes `test`. */
  matching(test: (value: string) => boolean): number[] {
    const words: number[] = [];
    for (const [value, bit] of this.bitOf) {
      if (test(value)) words[bit >>> 5] = (words[bit >>> 5] ?? 0) | (1 << (bit & 31));
    }
    return words;
  }
}

interface Vocabularies {
  sizes: Vocabulary;
  colors: Vocabulary;
  tags: Vocabulary;
}

const newVocabularies = (): Vocabularies => ({
  sizes: new Vocabulary(),
  colors: new Vocabulary(),
  tags: new Vocabulary(),
});

/** Whether two bit sets share a bit. */
function intersects(bits: number[], wanted: number[]): boolean {
  for (let word = 0; word < wanted.length; word += 1) {
    if (((bits[word] ?? 0) & (wanted[word] ?? 0)) !== 0) return true;
  }
  return false;
}

type BrowseScope = Exclude<ProductScope, { kind: 'search' }>;
/** A scope as the index sees it: a browse scope, or the ids a search matched (most relevant first). */
export type IndexScope = BrowseScope | { kind: 'ids'; ids: string[] };

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

function toIndexed(row: IndexRow, vocabularies: Vocabularies): IndexedProduct {
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
  return {
    id: row.id,
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id,
    pricePaise: row.price_paise,
    position: row.position,
    createdAtMs: new Date(row.created_at).getTime(),
    sizesInStock,
    colors: row.colors.map((color) => ({
      name: color.name,
      lower: color.name.toLowerCase(),
      hex: color.hex,
    })),
    tags: row.tags,
    sizeBits: vocabularies.sizes.bitsOf(sizesInStock.keys()),
    colorBits: vocabularies.colors.bitsOf(row.colors.map((color) => color.name.toLowerCase())),
    tagBits: vocabularies.tags.bitsOf(row.tags.map((tag) => tag.toLowerCase())),
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

/**
 * The list filters: price band bounds, a size in stock (any case), a colour or tag containing the
 * text (any case). Undefined when there is nothing to filter by.
 */
function matcher(
  filters: ProductFilters,
  vocabularies: Vocabularies,
): ((product: IndexedProduct) => boolean) | undefined {
  const bounds = filters.price ? priceBandBounds(filters.price) : undefined;
  const above = bounds?.aboveExclusive ?? null;
  const atMost = bounds?.atMostInclusive ?? null;
  const size = filters.size?.toLowerCase();
  const color = filters.color?.toLowerCase();
  const tag = filters.tag?.toLowerCase();
  if (above === null && atMost === null && !size && !color && !tag) return undefined;
  // A size no product has in stock, or a text no colour or tag contains, matches nothing.
  const sizeBit = size ? vocabularies.sizes.bit(size) : undefined;
  if (size && sizeBit === undefined) return () => false;
  const sizeWord = sizeBit === undefined ? 0 : sizeBit >>> 5;
  const sizeMask = sizeBit === undefined ? 0 : 1 << (sizeBit & 31);
  const colorBits = color ? vocabularies.colors.matching((name) => name.includes(color)) : [];
  const tagBits = tag ? vocabularies.tags.matching((name) => name.includes(tag)) : [];
  if ((color && colorBits.length === 0) || (tag && tagBits.length === 0)) return () => false;
  return (product) =>
    (above === null || product.pricePaise > above) &&
    (atMost === null || product.pricePaise <= atMost) &&
    (sizeBit === undefined || ((product.sizeBits[sizeWord] ?? 0) & sizeMask) !== 0) &&
    (!color || intersects(product.colorBits, colorBits)) &&
    (!tag || intersects(product.tagBits, tagBits));
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
    const seenColors = new Set<string>();
    for (const color of product.colors) {
      if (seenColors.has(color.lower)) continue;
      seenColors.add(color.lower);
      const entry = colors.get(color.lower);
      if (!entry) colors.set(color.lower, { value: color.name, hex: color.hex, count: 1 });
      else {
        entry.count += 1;
        if (color.name < entry.value) entry.value = color.name;
        if (color.hex < entry.hex) entry.hex = color.hex;
      }
    }
    for (const tag of product.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    const band = priceBandOf(product.pricePaise);
    bands.set(band, (bands.get(band) ?? 0) + 1);
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
  repository: CatalogueRepository,
  options: {
    toProduct: (
      row: Awaited<ReturnType<CatalogueRepository['findProductsByIds']>>[number],
    ) => Product;
    maxDocuments: number;
  },
) {
  let products = new Map<string, IndexedProduct>();
  let vocabularies = newVocabularies();
  /** Every product in each sort order, rebuilt lazily after a change. */
  let sorted: Partial<Record<ProductSort, IndexedProduct[]>> = {};
  const facetsByScope = new Map<string, FacetRow[]>();
  /** Each browse scope's products per sort order, kept until the next change. */
  const scopeLists = new Map<string, IndexedProduct[]>();
  let loadedOnce = false;
  let reloadAll = true;
  const dirty = new Set<string>();
  let loading: Promise<void> | undefined;

  /** Each document with its JSON text, serialized once: lists are answered by joining texts. */
  const documents = new Map<string, ProductDocument>();
  let documentsGeneration = 0;

  function changed() {
    sorted = {};
    facetsByScope.clear();
    scopeLists.clear();
  }

  async function refresh(): Promise<void> {
    while (reloadAll || dirty.size > 0) {
      if (reloadAll) {
        reloadAll = false;
        dirty.clear();
        const rows = await repository.findIndexRows();
        vocabularies = newVocabularies();
        products = new Map(rows.map((row) => [row.id, toIndexed(row, vocabularies)]));
        loadedOnce = true;
      } else {
        const ids = [...dirty];
        dirty.clear();
        const rows = await repository.findIndexRows(ids);
        for (const id of ids) products.delete(id);
        for (const row of rows) products.set(row.id, toIndexed(row, vocabularies));
      }
      changed();
    }
  }

  /** Brings the model up to date; concurrent callers share one reload. */
  async function current() {
    if (!reloadAll && dirty.size === 0) return;
    loading ??= refresh().finally(() => {
      loading = undefined;
    });
    await loading;
    // A change that arrived during the reload is picked up by the next loop or the next call.
    if (reloadAll || dirty.size > 0) await current();
  }

  function sortedBy(sort: ProductSort): IndexedProduct[] {
    return (sorted[sort] ??= [...products.values()].sort(orders[sort]));
  }

  /** The products of a scope in the order asked (ids no longer active are skipped). */
  function candidates(scope: IndexScope, sort: ProductSort): IndexedProduct[] {
    if (scope.kind !== 'ids') {
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
    const found = scope.ids.flatMap((id) => products.get(id) ?? []);
    return sort === 'recommended' ? found : found.sort(orders[sort]);
  }

  return {
    /**
     * Loads the index and the documents of active products (up to the cap) now, at start, so
     * shoppers do not wait for them.
     */
    async warm() {
      await current();
      const ids = [...products.keys()].slice(0, options.maxDocuments);
      for (let start = 0; start < ids.length; start += WARM_BATCH) {
        await this.documents(ids.slice(start, start + WARM_BATCH));
      }
    },

    /** Empties what the tags name (undefined: everything). */
    invalidate(tags: CacheTag[] | undefined) {
      documentsGeneration += 1;
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
      const matches = matcher(filters, vocabularies);
      const start = (page - 1) * limit;
      const list = candidates(scope, sort);
      if (!matches) {
        return {
          ids: list.slice(start, start + limit).map((product) => product.id),
          total: list.length,
        };
      }
      const ids: string[] = [];
      let total = 0;
      for (const product of list) {
        if (!matches(product)) continue;
        if (total >= start && ids.length < limit) ids.push(product.id);
        total += 1;
      }
      return { ids, total };
    },

    /** Facet counts of a scope (not narrowed by the shopper's filters); browse scopes' are kept. */
    async facets(scope: IndexScope): Promise<FacetRow[]> {
      await current();
      if (scope.kind === 'ids') return facetRowsOf(candidates(scope, 'recommended'));
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
        const rows = await repository.findProductsByIds(missing);
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
        if (!loaded.has(id)) {
          // Refresh recency.
          documents.delete(id);
          documents.set(id, document);
        }
        return [document];
      });
    },
  };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
