import type { FeaturedCard } from '@shop/contracts/catalogue';
import type { ApiClient } from '../../lib/api-client';
import { cacheIsFresh } from './carousel-logic';

/** What a FEATURED PRODUCTS card shows: small enough to keep in localStorage. */
export type { FeaturedCard };

export const FEATURED_CACHE_KEY = 'featuredProducts';

interface CacheEntry {
  timestamp: number;
  products: FeaturedCard[];
}

/**
 * One product per subcategory, or per category that has no subcategories, in shop order: the
 * server assembles the list in one call.
 */
export async function loadFeaturedCards(api: ApiClient): Promise<FeaturedCard[]> {
  return api.featuredProducts();
}

/** The cached list when it is under an hour old; null when missing, stale or unreadable. */
export function readFeaturedCache(now: number): FeaturedCard[] | null {
  try {
    const raw = window.localStorage.getItem(FEATURED_CACHE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as Partial<CacheEntry>;
    if (typeof entry.timestamp !== 'number' || !Array.isArray(entry.products)) return null;
    return cacheIsFresh(entry.timestamp, now) ? entry.products : null;
  } catch {
    return null;
  }
}

export function writeFeaturedCache(products: FeaturedCard[], now: number) {
  try {
    const entry: CacheEntry = { timestamp: now, products };
    window.localStorage.setItem(FEATURED_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or blocked (private mode): the list is simply fetched again next time.
  }
}
