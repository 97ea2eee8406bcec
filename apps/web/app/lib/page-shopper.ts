import { useMatches } from 'react-router';
import type { Cart, Wishlist } from '@shop/contracts/cart';
import type { User } from '@shop/contracts/auth';

/**
 * What the server knew about the shopper when it rendered a page of her own (cart, checkout,
 * wishlist, profile, order success), from her session cookie and the guest cart cookie:
 * `unknown` when the request carried neither (the browser's storage decides after hydration).
 */
export interface PageShopper {
  status: 'signed-in' | 'signed-out' | 'unknown';
  user: User | null;
}

/** The data those pages' loaders hand the stores, so the first HTML shows it. */
export interface ShopperPageData {
  shopper: PageShopper;
  /** The cart the page was rendered with; null when the server could not know it. */
  cart?: Cart | null;
  wishlist?: Wishlist | null;
}

function isShopperPageData(data: unknown): data is ShopperPageData {
  return typeof data === 'object' && data !== null && 'shopper' in data;
}

/**
 * The server's view of the shopper for this document (on the server and while hydrating), from
 * the deepest route that loaded one; undefined on pages that do not (the catalogue).
 */
export function usePageShopperData(): ShopperPageData | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]?.loaderData;
    if (isShopperPageData(data)) return data;
  }
  return undefined;
}

/**
 * The shopper's pages render from the server only for the document: a later visit within the
 * app keeps the stores it already has (as before), so no second server round trip is made.
 */
export function clientShopperPageData(): Partial<ShopperPageData> {
  return {};
}

/** Per-shopper HTML is never kept by a shared cache. */
export function shopperPageHeaders() {
  return { 'Cache-Control': 'private, no-store' };
}
