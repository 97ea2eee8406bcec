import { isUuid } from '@shop/domain/ids';
import type { Cart, CartDetails, CartValidation } from '@shop/contracts/cart';
import { cartMessages } from '@shop/contracts/cart';
import { MAX_UNITS_PER_SIZE, normalizeSize, sameColorName, sameSize } from '@shop/domain/cart';
import { invalid, notFound } from '@shop/domain/errors';
import type { Database } from '../../db/client.ts';
import type { ProductFacts } from '../catalogue/catalogue.service.ts';
import type { DiscountChecks } from '../discounts/discounts.service.ts';
import type { LiveOffers } from '../offers/offers.service.ts';
import { cartDiscounts } from './cart-discounts.ts';
import {
  findColor,
  findSize,
  lineImage,
  stockMessage,
  validationOf,
  type LoadedCart,
  type LoadedLine,
} from './cart-lines.ts';
import { renderCart } from './cart-view.ts';
import {
  heldKey,
  type CartItemRow,
  type CartOwner,
  type CartRepository,
  type LineChanges,
  type LineUpdate,
} from './cart.repository.ts';
import type { ProductFactsSource } from './product-facts.ts';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';

// The wishlist shows products and refuses quantities as the cart does.
export { stockMessage, summarizeProduct } from './cart-lines.ts';

export interface AddToCartCommand {
  productId: string;
  size: string;
  color: { colorName: string; colorHex: string };
  selectedImage: string;
  quantity: number;
}

export interface UpdateCartItemCommand {
  quantity: number;
  size?: string | undefined;
  color?: { colorName: string; colorHex: string } | undefined;
  selectedImage?: string | undefined;
}

export function createCartService(deps: {
  db: Database;
  carts: CartRepository;
  facts: ProductFactsSource;
  /** The codes a cart applies, checked by the discounts feature. */
  discounts: DiscountChecks;
  /** The offers a cart is grouped under, on every answer (never a grouping kept from before). */
  offers: LiveOffers;
  /** Counts discount-code attempts per account (codes are guessable). */
  throttle: Throttle;
  limits: ShopperLimits;
}) {
  const { db, carts, facts } = deps;
  const render = (loaded: LoadedCart, userId?: string) =>
    renderCart(deps.discounts, deps.offers, loaded, userId);

  /** Lines beside their products' facts: cached to show a cart, fresh to validate one. */
  async function withFacts(rows: CartItemRow[], source: 'cached' | 'fresh'): Promise<LoadedLine[]> {
    const byId = await facts[source](rows.map((row) => row.productId));
    return rows.flatMap((row) => {
      const product = byId.get(row.productId);
      if (!product) return [];
      const color = findColor(product, row.colorName);
      return [{ row, product, color, stockEntry: findSize(color, row.size) }];
    });
  }

  async function load(
    owner: CartOwner,
    source: 'cached' | 'fresh' = 'cached',
  ): Promise<LoadedCart> {
    const loaded = await carts.loadCart(owner);
    if (!loaded) return { cart: undefined, lines: [] };
    const lines = await withFacts(loaded.items, source);
    return {
      cart: loaded.cart,
      lines: 'userId' in owner ? await withHeld(owner.userId, lines) : lines,
    };
  }

  /**
   * The lines with the units her own unpaid order holds counted as stock: ordering the cart again
   * replaces that order, so her cart is not short of what she is holding herself.
   */
  async function withHeld(
    userId: string,
    lines: LoadedLine[],
    known?: Map<string, number>,
  ): Promise<LoadedLine[]> {
    if (lines.length === 0) return lines;
    const held = known ?? (await carts.heldByOpenOrders(userId));
    if (held.size === 0) return lines;
    return lines.map((line) => {
      const units = held.get(heldKey(line.row.productId, line.row.colorName, line.row.size)) ?? 0;
      if (!line.stockEntry || units === 0) return line;
      return { ...line, stockEntry: { ...line.stockEntry, stock: line.stockEntry.stock + units } };
    });
  }

  const userOf = (owner: CartOwner) => ('userId' in owner ? owner.userId : undefined);

  async function current(owner: CartOwner): Promise<Cart> {
    return render(await load(owner), userOf(owner));
  }

  /**
   * Applies `changes` to the owner's cart in one statement and renders the cart from the lines
   * that statement answers, without reading the cart again.
   */
  async function changeAndRender(
    owner: CartOwner,
    cartId: string,
    changes: LineChanges,
  ): Promise<Cart> {
    const changed = await carts.changeLines(cartId, changes);
    // The cart went meanwhile (a guest cart swept, an account deleted): show what is there now.
    if (!changed) return current(owner);
    const lines = await withFacts(changed.items, 'cached');
    const userId = userOf(owner);
    return render(
      { cart: changed.cart, lines: userId ? await withHeld(userId, lines) : lines },
      userId,
    );
  }

  async function requireItem(owner: CartOwner, itemId: string) {
    if (!itemId.trim()) throw invalid(cartMessages.itemRequired);
    const cart = await carts.findCart(db, owner);
    const item = cart && isUuid(itemId) ? await carts.findItem(db, cart.id, itemId) : undefined;
    if (!cart || !item) throw notFound(cartMessages.itemNotFound);
    return { cart, item };
  }

  /** Today's facts of a product being added or changed, straight from the database. */
  async function activeProduct(productId: string): Promise<ProductFacts> {
    const product = (await facts.fresh([productId])).get(productId);
    if (!product || !product.is_active) throw notFound('Product not found');
    return product;
  }

  /** The colour and size of a product a line asks for, or a 400 naming what is missing. */
  function variantOf(product: ProductFacts, colorName: string, size: string) {
    const color = findColor(product, colorName);
    if (!color) throw invalid(`Colour ${colorName} is not available for ${product.name}`);
    const stockEntry = findSize(color, size);
    if (!stockEntry) {
      throw invalid(
        `Size ${size.toUpperCase()} is not available for ${product.name} in ${color.colorName}`,
      );
    }
    return { color, stockEntry };
  }

  async function addItem(owner: CartOwner, command: AddToCartCommand): Promise<Cart> {
    // Which colour and size the product has, and its price: the cached facts suffice, whatever
    // stock they tell, because the database checks the stock in the statement that adds the line.
    const product = (await facts.cachedAnyStock([command.productId])).get(command.productId);
    if (!product || !product.is_active) throw notFound('Product not found');
    const { color, stockEntry } = variantOf(product, command.color.colorName, command.size);
    const size = normalizeSize(stockEntry.size);
    const stockMark = facts.mark();
    const { cart, quantity, items, held, stock } = await carts.addToCart(owner, {
      productId: product.id,
      // The catalogue's own colour name and hex, whatever case or hex the browser sent.
      colorName: color.colorName,
      colorHex: color.colorHex,
      size,
      quantity: command.quantity,
      selectedImage: lineImage(color, command.selectedImage),
      unitPricePaise: product.price_paise,
    });
    if (quantity === undefined) {
      // Nothing was added: a guest cart this add made (or one left empty) is not kept.
      if ('guestSessionId' in owner) await carts.deleteGuestCartIfEmpty(cart.id);
      const today = findSize(findColor(await activeProduct(product.id), color.colorName), size);
      const inCart = (await carts.items(db, cart.id)).find(
        (row) =>
          row.productId === product.id &&
          sameColorName(row.colorName, color.colorName) &&
          row.size === size,
      );
      if ((inCart?.quantity ?? 0) + command.quantity > MAX_UNITS_PER_SIZE)
        throw invalid(cartMessages.tooManyOfOneSize);
      throw invalid(stockMessage(today?.stock ?? 0, stockEntry.size, inCart?.quantity ?? 0));
    }
    // The adding statement answered the cart's lines and its products' stock as they are now.
    if (items) {
      if (stock) facts.withTodaysStock(stock, stockMark);
      const lines = await withFacts(items, 'cached');
      const userId = userOf(owner);
      return render({ cart, lines: userId ? await withHeld(userId, lines, held) : lines }, userId);
    }
    return current(owner);
  }

  return {
    current,
    addItem,

    async details(owner: CartOwner): Promise<CartDetails> {
      const cart = await current(owner);
      return {
        cart,
        items: cart.items,
        totals: {
          subtotal: cart.subtotal,
          offerDiscount: cart.offerDiscount ?? 0,
          discountAmount: cart.discountAmount,
          total: cart.total,
          itemCount: cart.itemCount,
        },
      };
    },

    async updateItem(owner: CartOwner, itemId: string, command: UpdateCartItemCommand) {
      const { cart, item } = await requireItem(owner, itemId);
      if (command.quantity <= 0) return changeAndRender(owner, cart.id, { remove: [item.id] });
      const product = await activeProduct(item.productId);
      const { color, stockEntry } = variantOf(
        product,
        command.color?.colorName ?? item.colorName,
        command.size ?? item.size,
      );
      const size = normalizeSize(stockEntry.size);
      const sameVariant = sameColorName(color.colorName, item.colorName) && size === item.size;
      const twin = sameVariant
        ? undefined
        : (await carts.items(db, cart.id)).find(
            (row) =>
              row.id !== item.id &&
              row.productId === item.productId &&
              sameColorName(row.colorName, color.colorName) &&
              row.size === size,
          );
      const quantity = command.quantity + (twin?.quantity ?? 0);
      if (quantity > MAX_UNITS_PER_SIZE) throw invalid(cartMessages.tooManyOfOneSize);
      const held =
        'userId' in owner
          ? ((await carts.heldByOpenOrders(owner.userId)).get(
              heldKey(item.productId, color.colorName, size),
            ) ?? 0)
          : 0;
      if (quantity > stockEntry.stock + held)
        throw invalid(stockMessage(stockEntry.stock + held, stockEntry.size));
      const selectedImage = lineImage(color, command.selectedImage ?? item.selectedImage);
      // Changing to a colour and size already in the cart joins the two lines.
      const changes: LineChanges = twin
        ? { remove: [item.id], update: [{ id: twin.id, quantity, selectedImage }] }
        : {
            update: [
              {
                id: item.id,
                quantity,
                colorName: color.colorName,
                colorHex: color.colorHex,
                size,
                selectedImage,
                ...(sameVariant ? {} : { unitPricePaise: product.price_paise }),
              },
            ],
          };
      return changeAndRender(owner, cart.id, changes);
    },

    async removeProduct(
      owner: CartOwner,
      productId: string,
      filter: { size?: string | undefined; colorName?: string | undefined },
    ) {
      if (!productId.trim()) throw invalid('Product ID not found');
      const cart = await carts.findCart(db, owner);
      const rows = cart ? await carts.items(db, cart.id) : [];
      const doomed = rows.filter(
        (row) =>
          row.productId === productId &&
          (!filter.size || sameSize(row.size, filter.size)) &&
          (!filter.colorName || sameColorName(row.colorName, filter.colorName)),
      );
      if (!cart || doomed.length === 0) throw notFound(cartMessages.itemNotFound);
      return changeAndRender(owner, cart.id, { remove: doomed.map((row) => row.id) });
    },

    /** One statement empties the cart and drops its discounts; the empty cart is rendered from it. */
    async clear(owner: CartOwner) {
      return render({ cart: await carts.clearCart(owner), lines: [] }, userOf(owner));
    },

    async validate(userId: string | undefined): Promise<CartValidation> {
      if (!userId) return { valid: true, issues: [], message: cartMessages.guestValidation };
      const { lines } = await load({ userId }, 'fresh');
      return validationOf(lines);
    },

    /**
     * Moves a guest cart into the shopper's. The same product, colour and size add up, capped at
     * the stock and at MAX_UNITS_PER_SIZE, but never below what either cart held (nothing the
     * shopper chose is dropped; validation flags a line above the stock). Answers whether there
     * was anything to merge.
     */
    async merge(userId: string, guestSessionId: string): Promise<{ merged: boolean; cart: Cart }> {
      const guest = await load({ guestSessionId });
      if (!guest.cart || guest.lines.length === 0) {
        if (guest.cart) await carts.deleteCart(db, guest.cart.id);
        return { merged: false, cart: await current({ userId }) };
      }
      const userCart = await carts.ensureCart(db, { userId });
      const own = await carts.items(db, userCart.id);
      const updates: LineUpdate[] = [];
      const inserts: CartItemRow[] = [];
      for (const line of guest.lines) {
        const twin = own.find(
          (row) =>
            row.productId === line.row.productId &&
            sameColorName(row.colorName, line.row.colorName) &&
            row.size === line.row.size,
        );
        if (!twin) {
          inserts.push(line.row);
          continue;
        }
        const stock = line.stockEntry?.stock ?? 0;
        const cap = Math.max(Math.min(stock, MAX_UNITS_PER_SIZE), twin.quantity, line.row.quantity);
        updates.push({ id: twin.id, quantity: Math.min(twin.quantity + line.row.quantity, cap) });
      }
      // The guest cart goes in the same statement that moves its lines.
      const cart = await changeAndRender({ userId }, userCart.id, {
        update: updates,
        insert: inserts,
        dropCart: guest.cart.id,
      });
      return { merged: true, cart };
    },

    ...cartDiscounts({ ...deps, load: (owner) => load(owner), current }),

    /** Forgets guest carts nobody has touched for GUEST_CART_TTL_DAYS (signed-in carts stay). */
    sweepExpiredGuestCarts: () => carts.deleteExpiredGuestCarts(),
  };
}

export type CartService = ReturnType<typeof createCartService>;
