import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Wishlist, WishlistItem } from '@shop/contracts/cart';
import { ApiError } from './api-client';
import { useAuth } from './auth-session';
import { useCart } from './cart-store';
import { usePageShopperData } from './page-shopper';

/** The colour and size a wishlist entry goes into the cart in (sizes travel in lower case). */
export interface MoveChoice {
  colorName: string;
  colorHex: string;
  size: string;
  selectedImage?: string;
}

export interface WishlistStore {
  wishlist: Wishlist | null;
  count: number;
  has: (productId: string) => boolean;
  /** Adds or removes at once, then asks the server; a failure puts it back. Answers the action. */
  toggle: (productId: string) => Promise<'added' | 'removed'>;
  /** Without a choice the server picks the first colour and size M (Move All to Cart). */
  moveToCart: (item: WishlistItem, choice?: MoveChoice) => Promise<void>;
  clear: () => Promise<number>;
  reload: () => Promise<void>;
}

const WishlistContext = createContext<WishlistStore | null>(null);

/** The signed-in shopper's wishlist (guests have none). */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const { status, authed } = useAuth();
  const { reload: reloadCart } = useCart();
  // The wishlist the server rendered the page with.
  const serverWishlist = usePageShopperData()?.wishlist ?? null;
  const [loaded, setLoaded] = useState<{ wishlist: Wishlist; ids: Set<string> } | null>(() =>
    serverWishlist
      ? {
          wishlist: serverWishlist,
          ids: new Set(serverWishlist.items.map((item) => item.productId)),
        }
      : null,
  );
  const signedIn = status === 'signed-in';

  const take = useCallback((wishlist: Wishlist) => {
    setLoaded({ wishlist, ids: new Set(wishlist.items.map((item) => item.productId)) });
  }, []);

  const reload = useCallback(async () => {
    try {
      take(await authed((api) => api.getWishlist()));
    } catch (error) {
      // A wishlist the server cannot find is an empty one.
      if (error instanceof ApiError && /not found/i.test(error.message)) setLoaded(null);
    }
  }, [authed, take]);

  // Signed in (here or in another tab): load her wishlist.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    authed((api) => api.getWishlist())
      .then((wishlist) => live && take(wishlist))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedIn, authed, take]);

  const store = useMemo<WishlistStore>(() => {
    const shown = signedIn ? loaded : null;
    return {
      wishlist: shown?.wishlist ?? null,
      count: shown?.wishlist.count ?? 0,
      has: (productId) => shown?.ids.has(productId) ?? false,
      reload,
      async toggle(productId) {
        const before = loaded;
        const adding = !before?.ids.has(productId);
        if (before) {
          const ids = new Set(before.ids);
          if (adding) ids.add(productId);
          else ids.delete(productId);
          setLoaded({ ...before, ids, wishlist: { ...before.wishlist, count: ids.size } });
        }
        try {
          const { data } = await authed((api) => api.toggleWishlist(productId));
          take(data.wishlist);
          return data.action;
        } catch (error) {
          setLoaded(before);
          throw error;
        }
      },
      async moveToCart(item, choice) {
        const { data } = await authed((api) =>
          api.moveWishlistItemToCart(item.productId, {
            quantity: 1,
            ...(choice ? { ...choice, size: choice.size.toLowerCase() } : {}),
          }),
        );
        take(data.wishlist);
        await reloadCart();
      },
      async clear() {
        const count = loaded?.wishlist.count ?? 0;
        take((await authed((api) => api.clearWishlist())).data);
        return count;
      },
    };
  }, [signedIn, loaded, reload, authed, take, reloadCart]);

  return <WishlistContext.Provider value={store}>{children}</WishlistContext.Provider>;
}

export function useWishlist(): WishlistStore {
  const store = useContext(WishlistContext);
  if (!store) throw new Error('useWishlist needs a WishlistProvider');
  return store;
}
