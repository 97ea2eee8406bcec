import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Cart, CartItem } from '@shop/contracts/cart';
import { isGuestSessionId, lineTotalPaise, newGuestSessionId } from '@shop/domain/cart';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import { ApiError, createApiClient, type CartLineRequest } from './api-client';
import { useAuth } from './auth-session';
import { STORAGE_KEYS } from './auth-storage';

/**
 * The stored guest cart id. One the server refuses (the short Math.random ids this storefront
 * used to make) is forgotten: its cart cannot be read any more, and the next add makes a fresh id.
 */
function storedGuestId(): string | null {
  try {
    const id = window.localStorage.getItem(STORAGE_KEYS.guestSessionId);
    if (id !== null && !isGuestSessionId(id)) {
      window.localStorage.removeItem(STORAGE_KEYS.guestSessionId);
      return null;
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * A random UUID from the browser's CSPRNG. `crypto.randomUUID` exists only on https and
 * localhost; a shop opened over plain http elsewhere (a phone on the LAN) gets the same 122
 * random bits from `crypto.getRandomValues`, never from Math.random.
 */
function randomUUID(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The guest cart's key, made on the first add: 'session_' + seconds + a random UUID's digits. */
function guestId(): string {
  let id = storedGuestId();
  if (!id) {
    id = newGuestSessionId(randomUUID);
    window.localStorage.setItem(STORAGE_KEYS.guestSessionId, id);
  }
  return id;
}

export interface AddLine extends CartLineRequest {
  productId: string;
  name: string;
  price?: number;
}

type Operation = 'load' | 'add' | 'update' | 'remove' | 'clear' | 'discount' | 'merge';

export interface CartStore {
  cart: Cart | null;
  /** Lines in the cart: the header badge. */
  count: number;
  loading: Partial<Record<Operation, boolean>>;
  errors: Partial<Record<Operation, string>>;
  reload: () => Promise<void>;
  add: (line: AddLine) => Promise<void>;
  setQuantity: (item: CartItem, quantity: number) => Promise<void>;
  remove: (item: CartItem) => Promise<void>;
  clear: () => Promise<void>;
  /**
   * After an order is paid: the server has taken the ordered lines out of the cart, and lines
   * added since (in another tab) stay. A cart left empty lets go of its codes as well.
   */
  afterOrderPaid: () => Promise<void>;
  applyDiscount: (code: string) => Promise<Cart>;
  /** Takes off the applied coupon or voucher. */
  removeDiscount: (type: 'coupon' | 'voucher') => Promise<Cart>;
}

const CartContext = createContext<CartStore | null>(null);

const emptyCart: Cart = {
  _id: null,
  items: [],
  appliedCoupon: null,
  appliedVoucher: null,
  hasDiscount: false,
  appliedDiscount: null,
  cartValidation: { valid: true, issues: [] },
  subtotal: 0,
  discountAmount: 0,
  total: 0,
  gstIncluded: null,
  itemCount: 0,
  updatedAt: null,
};

/** A line total in rupees, multiplied in paise. */
const lineTotal = (price: number, quantity: number) =>
  paiseToRupees(lineTotalPaise({ unitPricePaise: rupeesToPaise(price), quantity }));

/** A line shown at once while the server is asked (replaced by the server's cart, or rolled back). */
function provisional(cart: Cart, line: AddLine): Cart {
  const existing = cart.items.find(
    (item) =>
      item.productId === line.productId &&
      item.size === line.size &&
      item.color.colorName.toLowerCase() === line.color.colorName.toLowerCase(),
  );
  const items = existing
    ? cart.items.map((item) =>
        item === existing
          ? {
              ...item,
              quantity: item.quantity + line.quantity,
              itemTotal: lineTotal(item.price, item.quantity + line.quantity),
            }
          : item,
      )
    : [
        ...cart.items,
        {
          _id: `pending-${Date.now()}`,
          product: {
            _id: line.productId,
            name: line.name,
            brand: '',
            price: line.price ?? 0,
            originalPrice: null,
            images: [line.selectedImage],
            colors: [],
            category: '',
            categoryName: '',
            subcategory: null,
            subcategoryName: null,
            isActive: true,
          },
          productId: line.productId,
          name: line.name,
          image: line.selectedImage,
          selectedImage: line.selectedImage,
          size: line.size,
          quantity: line.quantity,
          color: line.color,
          price: line.price ?? 0,
          originalPrice: line.price ?? 0,
          itemTotal: lineTotal(line.price ?? 0, line.quantity),
          stock: line.quantity,
          addedAt: new Date().toISOString(),
        },
      ];
  return { ...cart, items };
}

/**
 * The shopper's cart: a guest's (keyed by the browser's guest session id) or a signed-in
 * shopper's. Adding, changing and removing show at once and are then confirmed by the server;
 * a failed add is rolled back, a failed change or removal reloads the cart. On sign-in the
 * guest cart is merged into the shopper's and its id forgotten.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { status, authed } = useAuth();
  const [cart, setCart] = useState<Cart | null>(null);
  const [loading, setLoading] = useState<Partial<Record<Operation, boolean>>>({});
  const [errors, setErrors] = useState<Partial<Record<Operation, string>>>({});
  // The latest cart for handlers, so a rollback restores what was showing when they began.
  const cartRef = useRef<Cart | null>(null);
  useEffect(() => {
    cartRef.current = cart;
  }, [cart]);
  const signedIn = status === 'signed-in';

  const track = useCallback(
    async <T,>(operation: Operation, work: () => Promise<T>): Promise<T> => {
      setLoading((current) => ({ ...current, [operation]: true }));
      setErrors((current) => ({ ...current, [operation]: undefined }));
      try {
        return await work();
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Something went wrong';
        setErrors((current) => ({ ...current, [operation]: message }));
        throw error;
      } finally {
        setLoading((current) => ({ ...current, [operation]: false }));
      }
    },
    [],
  );

  const fetchCart = useCallback(async (): Promise<Cart> => {
    if (signedIn) return authed((api) => api.getCart());
    const id = storedGuestId();
    if (!id) return emptyCart;
    try {
      return await createApiClient().getGuestCart(id);
    } catch (error) {
      // A guest cart the server no longer knows is simply empty.
      if (error instanceof ApiError && /not found/i.test(error.message)) return emptyCart;
      throw error;
    }
  }, [signedIn, authed]);

  const reload = useCallback(async () => {
    await track('load', async () => setCart(await fetchCart())).catch(() => undefined);
  }, [track, fetchCart]);

  // Whenever who is shopping changes: merge a guest cart into a new sign-in, then load.
  useEffect(() => {
    if (status === 'unknown') return;
    let live = true;
    (async () => {
      const guest = storedGuestId();
      if (status === 'signed-in' && guest) {
        await track('merge', () => authed((api) => api.mergeCart(guest))).catch(() => undefined);
        window.localStorage.removeItem(STORAGE_KEYS.guestSessionId);
      }
      const loaded = await fetchCart().catch(() => null);
      if (live && loaded) setCart(loaded);
    })();
    return () => {
      live = false;
    };
  }, [status, authed, fetchCart, track]);

  // Another tab changed the guest cart's id (cleared it, or made one): follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.guestSessionId && !signedIn) void reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [reload, signedIn]);

  const store = useMemo<CartStore>(() => {
    const current = () => cartRef.current ?? emptyCart;
    return {
      cart,
      count: cart?.items.length ?? 0,
      loading,
      errors,
      reload,
      async add(line) {
        const before = current();
        setCart(provisional(before, line));
        try {
          const { productId, name: _name, price: _price, ...request } = line;
          const { data } = await track('add', () =>
            signedIn
              ? authed((api) => api.addToCart({ product: productId, ...request }))
              : createApiClient().addToGuestCart(guestId(), productId, request),
          );
          setCart(data);
        } catch (error) {
          setCart(before);
          throw error;
        }
      },
      async setQuantity(item, quantity) {
        const before = current();
        setCart({
          ...before,
          items:
            quantity <= 0
              ? before.items.filter((line) => line._id !== item._id)
              : before.items.map((line) => (line._id === item._id ? { ...line, quantity } : line)),
        });
        try {
          const { data } = await track('update', () =>
            signedIn
              ? authed((api) => api.updateCartItem(item._id, quantity))
              : createApiClient().updateGuestCartItem(guestId(), item._id, quantity),
          );
          setCart(data);
        } catch (error) {
          await reload();
          throw error;
        }
      },
      async remove(item) {
        const before = current();
        setCart({ ...before, items: before.items.filter((line) => line._id !== item._id) });
        try {
          const { data } = await track('remove', () =>
            signedIn
              ? authed((api) => api.removeFromCart(item.productId, item.size, item.color.colorName))
              : createApiClient().removeFromGuestCart(
                  guestId(),
                  item.productId,
                  item.size,
                  item.color.colorName,
                ),
          );
          setCart(data);
        } catch (error) {
          await reload();
          throw error;
        }
      },
      async clear() {
        await track('clear', async () => {
          if (signedIn) {
            setCart((await authed((api) => api.clearCart())).data);
          } else {
            // A guest's cart is cleared by forgetting its id.
            window.localStorage.removeItem(STORAGE_KEYS.guestSessionId);
            setCart(emptyCart);
          }
        });
      },
      async afterOrderPaid() {
        await track('load', async () => {
          const loaded = await fetchCart();
          const emptied = signedIn && loaded.items.length === 0;
          setCart(emptied ? (await authed((api) => api.clearCart())).data : loaded);
        });
      },
      async applyDiscount(code) {
        const { data } = await track('discount', () => authed((api) => api.applyDiscount(code)));
        setCart(data);
        return data;
      },
      async removeDiscount(type) {
        const { data } = await track('discount', () => authed((api) => api.removeDiscount(type)));
        setCart(data);
        return data;
      },
    };
  }, [cart, loading, errors, reload, track, signedIn, authed, fetchCart]);

  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

export function useCart(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error('useCart needs a CartProvider');
  return store;
}
