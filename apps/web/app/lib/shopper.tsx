import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { AuthProvider, useAuth } from './auth-session';

export type SignInMode = 'login' | 'signup' | 'forgot';

/** What Add To Cart and Buy It Now send (brief, section 5: sizes travel in lower case). */
export interface AddToCartRequest {
  productId: string;
  name: string;
  quantity: number;
  size: string;
  color: { colorName: string; colorHex: string };
  selectedImage: string;
}

/** Until the cart issue lands, adding answers this (shown as an info toast). */
export class CartUnavailableError extends Error {
  constructor() {
    super('Your bag opens very soon. Thank you for waiting!');
    this.name = 'CartUnavailableError';
  }
}

/**
 * What the layout needs to know about the shopper: badge counts, whether signed in, and how to
 * open the sign-in dialog. The cart, wishlist and account issues fill these from their stores;
 * until then the counts are zero and nobody is signed in.
 */
export interface ShopperState {
  cartCount: number;
  wishlistCount: number;
  signedIn: boolean;
  signInDialog: SignInMode | null;
  openSignIn: (mode?: SignInMode) => void;
  closeSignIn: () => void;
  /** Adds to the shopper's cart; the cart issue implements it against the cart API. */
  addToCart: (request: AddToCartRequest) => Promise<void>;
}

const ShopperContext = createContext<ShopperState | null>(null);

export function ShopperProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ShopperStateProvider>{children}</ShopperStateProvider>
    </AuthProvider>
  );
}

function ShopperStateProvider({ children }: { children: ReactNode }) {
  const [signInDialog, setSignInDialog] = useState<SignInMode | null>(null);
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const value = useMemo<ShopperState>(
    () => ({
      cartCount: 0,
      wishlistCount: 0,
      signedIn,
      signInDialog,
      openSignIn: (mode = 'login') => setSignInDialog(mode),
      closeSignIn: () => setSignInDialog(null),
      addToCart: async () => {
        throw new CartUnavailableError();
      },
    }),
    [signInDialog, signedIn],
  );
  return <ShopperContext.Provider value={value}>{children}</ShopperContext.Provider>;
}

export function useShopper(): ShopperState {
  const state = useContext(ShopperContext);
  if (!state) throw new Error('useShopper needs a ShopperProvider');
  return state;
}
