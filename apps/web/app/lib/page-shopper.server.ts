import type { User } from '@shop/contracts/auth';
import type { Cart, Wishlist } from '@shop/contracts/cart';
import { isGuestSessionId } from '@shop/domain/cart';
import type { AppLoadContext } from 'react-router';
import { ApiError, createApiClient, type ApiClient } from './api-client';
import { GUEST_CART_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth-storage';
import type { PageShopper } from './page-shopper';
import { fetchPopularDeals } from '../components/cart/popular-deals';

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim() || undefined;
    }
  }
  return undefined;
}

export interface ServerShopper {
  shopper: PageShopper;
  /** Her API client (with a token of her sign-in) when signed in. */
  api: ApiClient | undefined;
  /** A guest's cart id, from the cookie the storefront keeps beside its storage. */
  guestCartId: string | undefined;
  /** The API without a token (the guest cart). */
  publicApi: ApiClient;
}

/**
 * Who asks for this page: her session cookie names a live sign-in (signed in), or names one that
 * ended (signed out: a revoked session renders as signed out), or a guest cart cookie says a guest
 * is shopping (signed out). With neither, the browser's storage decides after hydration.
 */
export async function serverShopper(
  request: Request,
  context: AppLoadContext,
): Promise<ServerShopper> {
  const guestId = cookieValue(request, GUEST_CART_COOKIE);
  const guestCartId = guestId && isGuestSessionId(guestId) ? guestId : undefined;
  const hasSessionCookie =
    cookieValue(request, SECURE_SESSION_COOKIE) !== undefined ||
    cookieValue(request, SESSION_COOKIE) !== undefined;
  const publicApi = createApiClient({ fetch: context.apiFetch });
  const signedOut = (known: boolean): ServerShopper => ({
    shopper: { status: known ? 'signed-out' : 'unknown', user: null },
    api: undefined,
    guestCartId,
    publicApi,
  });
  const token = await context.pageSession();
  if (!token) return signedOut(hasSessionCookie || guestCartId !== undefined);
  const api = createApiClient({ fetch: context.apiFetch, token });
  try {
    const user: User = await api.profile();
    return { shopper: { status: 'signed-in', user }, api, guestCartId: undefined, publicApi };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signedOut(true);
    throw error;
  }
}

/** The cart the page shows: hers, or the guest cart; null when the server cannot know it. */
export async function serverCart(who: ServerShopper): Promise<Cart | null> {
  try {
    if (who.api) return await who.api.getCart();
    if (who.guestCartId) return await who.publicApi.getGuestCart(who.guestCartId);
  } catch {
    // The browser loads it as before.
  }
  return null;
}

export async function serverWishlist(who: ServerShopper): Promise<Wishlist | null> {
  if (!who.api) return null;
  return who.api.getWishlist().catch(() => null);
}

/**
 * What each of her pages renders with: who she is, her cart and her wishlist (the header's
 * badges show their counts, so they too must not change once the page hydrates).
 */
export async function shopperPageData(who: ServerShopper) {
  const [cart, wishlist] = await Promise.all([serverCart(who), serverWishlist(who)]);
  return { shopper: who.shopper, cart, wishlist };
}

/**
 * A shopper page's data with the Popular Deals shown under it (cart, wishlist): rendered on the
 * server too, since arriving after hydration they pushed the footer down. Failed deals are none.
 */
export async function shopperPageDataWithDeals(request: Request, context: AppLoadContext) {
  const who = await serverShopper(request, context);
  const [data, deals] = await Promise.all([
    shopperPageData(who),
    fetchPopularDeals(who.publicApi).catch(() => null),
  ]);
  return { ...data, deals };
}
