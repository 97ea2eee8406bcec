import type { Product } from '@shop/contracts/catalogue';
import type { ApiClient } from '../../lib/api-client';
import { cacheIsFresh } from './carousel-logic';

/** What a FEATURED PRODUCTS card shows: small enough to keep in localStorage. */
export interface FeaturedCard {
  _id: string;
  name: string;
  image: string;
  price: number;
  originalPrice: number | null;
  /** The subcategory's name, or the category's when it has no subcategories. */
  label: string;
}

export const FEATURED_CACHE_KEY = 'featuredProducts';

interface CacheEntry {
  timestamp: number;
  products: FeaturedCard[];
}

const toCard = (product: Product, label: string): FeaturedCard => ({
  _id: product._id,
  name: product.name,
  image: product.images[0] ?? '',
  price: product.price,
  originalPrice: product.originalPrice,
  label,
});

/** One query shape for every call: page 1, limit 1 (brief, section 7). */
const FIRST_ONLY = { page: 1, limit: 1 } as const;

/**
 * One product per subcategory, or per category that has no subcategories, in shop order. A
 * subcategory whose call fails is left out; the categories call failing fails the whole list.
 */
export async function loadFeaturedCards(api: ApiClient): Promise<FeaturedCard[]> {
  const categories = await api.listCategories();
  const groups = await Promise.all(
    categories.map(async (category) => {
      const subcategories = await api.listSubcategoriesOfCategory(category._id).catch(() => null);
      if (subcategories === null) return [];
      if (subcategories.length === 0) {
        const list = await api.listProductsByCategory(category._id, FIRST_ONLY).catch(() => null);
        return (list?.products ?? []).slice(0, 1).map((product) => toCard(product, category.name));
      }
      const lists = await Promise.all(
        subcategories.map(async (subcategory) => {
          const list = await api
            .listProductsBySubcategory(subcategory._id, { ...FIRST_ONLY, isActive: true })
            .catch(() => null);
          return (list?.products ?? [])
            .slice(0, 1)
            .map((product) => toCard(product, subcategory.name));
        }),
      );
      return lists.flat();
    }),
  );
  return groups.flat();
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
