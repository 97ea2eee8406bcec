import type { Product } from '@shop/contracts/catalogue';
import type { ApiClient } from '../../lib/api-client';
import { toCardProduct, type CardProduct } from '../listing/listing-query';

/** Related products shown under a product. */
export const SIMILAR_PRODUCTS_LIMIT = 8;

/**
 * Products from the same subcategory, then from the same category. One more
 * than needed is asked for because the product itself is in its own subcategory. Subcategories
 * here hold 2 to 5 products, so the category tops the row up rather than only replacing an empty
 * one. Never rejects: the row is a bonus, and its failure must not disturb the page. Only the
 * cards' fields are kept: the row's data is streamed into the page's HTML, and whole products
 * (every colour, size and description) made it several times the product's own, which the phone
 * parses before it paints the product's picture.
 */
export async function loadSimilarProducts(
  api: ApiClient,
  product: Pick<Product, '_id' | 'category' | 'subcategory'>,
): Promise<CardProduct[]> {
  const chosen: Product[] = [];
  const take = (products: Product[]) => {
    for (const candidate of products) {
      if (chosen.length >= SIMILAR_PRODUCTS_LIMIT) return;
      if (candidate._id === product._id) continue;
      if (chosen.some((item) => item._id === candidate._id)) continue;
      chosen.push(candidate);
    }
  };
  const query = { page: 1, limit: SIMILAR_PRODUCTS_LIMIT + 1 };
  try {
    if (product.subcategory) {
      take((await api.listProductsBySubcategory(product.subcategory, query)).products);
    }
    if (chosen.length < SIMILAR_PRODUCTS_LIMIT) {
      // Enough to fill the row even when the whole subcategory comes back again.
      const fill = { page: 1, limit: SIMILAR_PRODUCTS_LIMIT * 2 + 1 };
      take((await api.listProductsByCategory(product.category, fill)).products);
    }
  } catch {
    // Keep what was found; an empty row is hidden.
  }
  return chosen.map(toCardProduct);
}
