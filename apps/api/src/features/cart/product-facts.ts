import { isUuid } from '@shop/domain/ids';
import type { Database } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import type { CatalogueFacts, ProductFacts } from '../catalogue/catalogue.service.ts';

/**
 * Product facts for showing carts and wishlists and for describing orders. `cached` serves them
 * from memory for as long as catalogue answers are (the read cache's TTL, emptied with the same
 * product's cached answers), since a cart is shown far more often than the catalogue changes.
 * `cachedIgnoringStock` also serves facts whose stock has changed since (every order changes it),
 * and keeps them for minutes rather than seconds: an order is described from them, and placing it
 * checks stock, prices and that the product is still sold in the database. Names, images and
 * categories are not checked there; a change to them reaches this copy as the catalogue's change
 * notice (here and, on PostgreSQL, from other processes), and the age limit covers a lost one.
 * `cachedAnyStock` serves facts as long as `cached` does, whatever their stock: adding to the
 * cart chooses the colour, size and price from them while its own statement checks the stock, and
 * answers every colour's stock of the cart's products, which `withTodaysStock` puts back here.
 * `fresh` always asks the database: validating a cart checks today's stock, not a copy.
 */
/** How long `cachedIgnoringStock` serves facts read once (a change to the product drops them). */
const ORDER_FACTS_MAX_AGE_MS = 5 * 60_000;

/** One colour's sizes and their stock, as a statement read them. */
export interface TodaysStock {
  productId: string;
  colorName: string;
  sizeStock: { size: string; stock: number }[];
}

export function createProductFacts(
  db: Database,
  catalogue: CatalogueFacts,
  options: {
    ttlMs: number;
    onInvalidate: (listener: (tags: CacheTag[] | undefined) => void) => void;
  },
) {
  const entries = new Map<
    string,
    {
      facts: ProductFacts;
      readAt: number;
      stockCurrent: boolean;
      /** The `changes` count when its stock was last read or heard to change. */
      changedAt: number;
    }
  >();
  /** Counts reads and stock changes, so stock read earlier never overwrites news heard since. */
  let changes = 0;
  // Facts go with the catalogue answers of the same product; a category change renames them all.
  // A change of stock alone keeps the rest of them, marked as no longer telling today's stock.
  options.onInvalidate((tags) => {
    if (!tags || tags.includes('categories')) return entries.clear();
    const stockOnly = tags.includes('stock');
    for (const tag of tags) {
      if (!tag.startsWith('product:')) continue;
      const id = tag.slice('product:'.length);
      const entry = entries.get(id);
      if (stockOnly && entry) {
        entry.stockCurrent = false;
        entry.changedAt = ++changes;
      } else entries.delete(id);
    }
  });

  function remember(list: ProductFacts[]) {
    if (options.ttlMs <= 0) return;
    const readAt = Date.now();
    for (const facts of list) {
      entries.set(facts.id, { facts, readAt, stockCurrent: true, changedAt: ++changes });
    }
    // Bounded: a catalogue of tens of thousands of products still fits; beyond, start over.
    if (entries.size > 50_000) entries.clear();
  }

  async function fresh(ids: string[]): Promise<Map<string, ProductFacts>> {
    const wanted = [...new Set(ids.filter((id) => isUuid(id)))];
    const list = await catalogue.findProductFacts(db, wanted);
    remember(list);
    return new Map(list.map((facts) => [facts.id, facts]));
  }

  async function fromMemory(
    ids: string[],
    stock: 'current' | 'any',
    maxAge: number,
  ): Promise<Map<string, ProductFacts>> {
    const oldest = Date.now() - maxAge;
    const found = new Map<string, ProductFacts>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const entry = entries.get(id);
      if (entry && entry.readAt > oldest && (stock === 'any' || entry.stockCurrent)) {
        found.set(id, entry.facts);
      } else missing.push(id);
    }
    if (missing.length > 0) for (const [id, facts] of await fresh(missing)) found.set(id, facts);
    return found;
  }

  /**
   * Puts the stock a statement read into the facts kept of those products, which then tell
   * today's stock again. `since` is `mark()` taken before the statement ran: a product whose
   * stock changed or was read again meanwhile keeps what it has (the statement's reading may be
   * the older one). Facts not kept, or older than a cart may show, are left to be read.
   */
  function withTodaysStock(stock: TodaysStock[], since: number) {
    const oldest = Date.now() - options.ttlMs;
    const byProduct = new Map<string, TodaysStock[]>();
    for (const color of stock) {
      const colors = byProduct.get(color.productId);
      if (colors) colors.push(color);
      else byProduct.set(color.productId, [color]);
    }
    for (const [id, colors] of byProduct) {
      const entry = entries.get(id);
      if (!entry || entry.readAt <= oldest || entry.changedAt > since) continue;
      const sizesOf = new Map(colors.map((color) => [color.colorName, color.sizeStock]));
      entry.facts = {
        ...entry.facts,
        colors: entry.facts.colors.map((color) => ({
          ...color,
          sizeStock: sizesOf.get(color.colorName) ?? color.sizeStock,
        })),
      };
      entry.stockCurrent = true;
    }
  }

  return {
    fresh,
    cached: (ids: string[]) => fromMemory(ids, 'current', options.ttlMs),
    cachedAnyStock: (ids: string[]) => fromMemory(ids, 'any', options.ttlMs),
    cachedIgnoringStock: (ids: string[]) =>
      fromMemory(ids, 'any', Math.max(ORDER_FACTS_MAX_AGE_MS, options.ttlMs)),
    /** Where the count of reads and stock changes stands: see `withTodaysStock`. */
    mark: () => changes,
    withTodaysStock,
  };
}

export type ProductFactsSource = ReturnType<typeof createProductFacts>;
