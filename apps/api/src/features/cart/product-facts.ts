import { isUuid } from '@shop/domain/ids';
import type { CacheTag } from '../../http/read-cache.ts';
import type { CatalogueRepository, ProductFacts } from '../catalogue/catalogue.repository.ts';

/**
 * Product facts for showing carts and wishlists. `cached` serves them from memory for as long as
 * catalogue answers are (the read cache's TTL, emptied with the same product's cached answers), since
 * a cart is shown far more often than the catalogue changes. `fresh` always asks the database:
 * adding to the cart and validating it check today's stock, not a copy.
 */
export function createProductFacts(
  catalogue: CatalogueRepository,
  options: {
    ttlMs: number;
    onInvalidate: (listener: (tags: CacheTag[] | undefined) => void) => void;
  },
) {
  const entries = new Map<string, { facts: ProductFacts; expiresAt: number }>();
  // Facts go with the catalogue answers of the same product; a category change renames them all.
  options.onInvalidate((tags) => {
    if (!tags || tags.includes('categories')) return entries.clear();
    for (const tag of tags) if (tag.startsWith('product:')) entries.delete(tag.slice(8));
  });

  function remember(list: ProductFacts[]) {
    if (options.ttlMs <= 0) return;
    const expiresAt = Date.now() + options.ttlMs;
    for (const facts of list) entries.set(facts.id, { facts, expiresAt });
    // Bounded: a catalogue of tens of thousands of products still fits; beyond, start over.
    if (entries.size > 50_000) entries.clear();
  }

  async function fresh(ids: string[]): Promise<Map<string, ProductFacts>> {
    const wanted = [...new Set(ids.filter((id) => isUuid(id)))];
    const list = await catalogue.findProductFacts(wanted);
    remember(list);
    return new Map(list.map((facts) => [facts.id, facts]));
  }

  return {
    fresh,
    async cached(ids: string[]): Promise<Map<string, ProductFacts>> {
      const now = Date.now();
      const found = new Map<string, ProductFacts>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const entry = entries.get(id);
        if (entry && entry.expiresAt > now) found.set(id, entry.facts);
        else missing.push(id);
      }
      if (missing.length > 0) for (const [id, facts] of await fresh(missing)) found.set(id, facts);
      return found;
    },
  };
}

export type ProductFactsSource = ReturnType<typeof createProductFacts>;
