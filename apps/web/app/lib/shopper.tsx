import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { AuthProvider, useAuth } from './auth-session';
import { CartProvider, useCart, type AddLine } from './cart-store';
import { useWishlist, WishlistProvider } from './wishlist-store';

export type SignInMode = 'login' | 'signup' | 'forgot' | 'phone';

/** What Add To Cart and Buy It Now send (sizes travel in lower case): the cart store's line. */
export type AddToCartRequest = AddLine;

/**
 * What the layout needs to know about the shopper: badge counts, whether signed in, and how to
 * open the sign-in dialog. The counts come from the cart and wishlist stores.
 */
export interface ShopperState {
  cartCount: number;
  wishlistCount: number;
  signedIn: boolean;
  signInDialog: SignInMode | null;
  openSignIn: (mode?: SignInMode) => void;
  closeSignIn: () => void;
  /** Adds to the shopper's cart (optimistically; rolled back if the server refuses). */
  addToCart: (request: AddToCartRequest) => Promise<void>;
}

const ShopperContext = createContext<ShopperState | null>(null);

export function ShopperProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <CartProvider>
        <WishlistProvider>
          <ShopperStateProvider>{children}</ShopperStateProvider>
        </WishlistProvider>
      </CartProvider>
    </AuthProvider>
  );
}

function ShopperStateProvider({ children }: { children: ReactNode }) {
  const [signInDialog, setSignInDialog] = useState<SignInMode | null>(null);
  const { status } = useAuth();
  const { count: cartCount, add } = useCart();
  const { count: wishlistCount } = useWishlist();
  const signedIn = status === 'signed-in';
  const value = useMemo<ShopperState>(
    () => ({
      cartCount,
      wishlistCount,
      signedIn,
      signInDialog,
      openSignIn: (mode = 'login') => setSignInDialog(mode),
      closeSignIn: () => setSignInDialog(null),
      addToCart: (request) => add(request),
    }),
    [signInDialog, signedIn, cartCount, wishlistCount, add],
  );
  return <ShopperContext.Provider value={value}>{children}</ShopperContext.Provider>;
}

export function useShopper(): ShopperState {
  const state = useContext(ShopperContext);
  if (!state) throw new Error('useShopper needs a ShopperProvider');
  return state;
}
