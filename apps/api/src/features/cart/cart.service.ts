import { isUuid } from '@shop/domain/ids';
import type {
  AppliedDiscount,
  Cart,
  CartDetails,
  CartIssue,
  CartItem,
  CartValidation,
  DiscountInfo,
  ProductSummary,
} from '@shop/contracts/cart';
import { cartMessages } from '@shop/contracts/cart';
import {
  cartTotals,
  lineIssues,
  lineTotalPaise,
  MAX_UNITS_PER_SIZE,
  mrpPaise,
  normalizeSize,
  sameColorName,
  sameSize,
  type CartLineIssue,
} from '@shop/domain/cart';
import {
  discountMessages,
  evaluateDiscount,
  normalizeDiscountCode,
  type DiscountCheck,
  type DiscountLine,
} from '@shop/domain/discounts';
import { invalid, notFound } from '@shop/domain/errors';
import { gstIncludedIn, GstRuleError, hsnOf, indianDayOf } from '@shop/domain/gst';
import { formatMoney, paiseToRupees } from '@shop/domain/money';
import type { Database } from '../../db/client.ts';
import type { ProductFacts } from '../catalogue/catalogue.service.ts';
import {
  toDiscountRule,
  type DiscountRow,
  type DiscountsRepository,
} from '../discounts/discounts.repository.ts';
import {
  heldKey,
  type CartItemRow,
  type CartOwner,
  type CartRepository,
  type CartRow,
  type LineChanges,
  type LineUpdate,
} from './cart.repository.ts';
import type { ProductFactsSource } from './product-facts.ts';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';

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

type ProductColor = ProductFacts['colors'][number];

/** A cart line with today's catalogue facts beside it. */
interface LoadedLine {
  row: CartItemRow;
  product: ProductFacts;
  color: ProductColor | undefined;
  stockEntry: { size: string; stock: number } | undefined;
}

interface LoadedCart {
  cart: CartRow | undefined;
  lines: LoadedLine[];
}

const rupees = (paise: number) => paiseToRupees(paise);

/** The shopper's stock message, with the size as the catalogue writes it ('34C', 'M'). */
export function stockMessage(available: number, size: string, alreadyInCart = 0): string {
  const base = `Only ${available} items available in size ${size.toUpperCase()}`;
  return alreadyInCart > 0 ? `${base} (${alreadyInCart} already in your cart)` : base;
}

export function summarizeProduct(product: ProductFacts): ProductSummary {
  return {
    _id: product.id,
    name: product.name,
    brand: product.brand,
    price: rupees(product.price_paise),
    originalPrice:
      product.original_price_paise === null ? null : rupees(product.original_price_paise),
    images: product.colors.flatMap((color) => color.images).slice(0, 8),
    colors: product.colors.map(({ colorName, colorHex, images, sizeStock }) => ({
      colorName,
      colorHex,
      images,
      sizeStock,
    })),
    category: product.category_id,
    categoryName: product.category_name,
    subcategory: product.subcategory_id,
    subcategoryName: product.subcategory_name,
    isActive: product.is_active,
  };
}

function findColor(product: ProductFacts, colorName: string) {
  return product.colors.find((color) => sameColorName(color.colorName, colorName));
}

function findSize(color: ProductColor | undefined, size: string) {
  return color?.sizeStock.find((entry) => sameSize(entry.size, size));
}

/** The image a line shows: the one chosen if it belongs to the colour, else the colour's first. */
function lineImage(color: ProductColor, chosen: string | undefined): string {
  if (chosen && color.images.includes(chosen)) return chosen;
  return color.images[0] ?? chosen ?? '';
}

export function createCartService(deps: {
  db: Database;
  carts: CartRepository;
  facts: ProductFactsSource;
  discounts: DiscountsRepository;
  /** Counts discount-code attempts per account (codes are guessable). */
  throttle: Throttle;
  limits: ShopperLimits;
}) {
  const { db, carts, facts, discounts } = deps;

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

  const unitPrice = (line: LoadedLine) => line.product.price_paise;

  function issuesOf(line: LoadedLine): CartLineIssue[] {
    return lineIssues({
      quantity: line.row.quantity,
      pricePaiseWhenAdded: line.row.unitPricePaise,
      exists: line.stockEntry !== undefined,
      isActive: line.product.is_active,
      currentPricePaise: unitPrice(line),
      stock: line.stockEntry?.stock ?? 0,
    });
  }

  function issueMessage(line: LoadedLine, issue: CartLineIssue): string {
    const name = line.product.name;
    const size = line.row.size.toUpperCase();
    switch (issue.kind) {
      case 'unavailable':
        return `${name} (${line.row.colorName}, size ${size}) is no longer available`;
      case 'price_changed':
        return `The price of ${name} changed from ${formatMoney(issue.oldPricePaise ?? 0)} to ${formatMoney(issue.newPricePaise ?? 0)}`;
      case 'insufficient_stock':
        return issue.available === 0
          ? `${name} (${line.row.colorName}, size ${size}) is out of stock`
          : `${stockMessage(issue.available ?? 0, line.stockEntry?.size ?? size)} for ${name}`;
    }
  }

  function validationOf(lines: LoadedLine[]): CartValidation {
    const issues: CartIssue[] = lines.flatMap((line) =>
      issuesOf(line).map((issue) => ({
        itemId: line.row.id,
        productId: line.row.productId,
        name: line.product.name,
        size: line.row.size,
        colorName: line.row.colorName,
        type: issue.kind,
        message: issueMessage(line, issue),
        ...(issue.available !== undefined ? { available: issue.available } : {}),
        ...(issue.oldPricePaise !== undefined ? { oldPrice: rupees(issue.oldPricePaise) } : {}),
        ...(issue.newPricePaise !== undefined ? { newPrice: rupees(issue.newPricePaise) } : {}),
      })),
    );
    return { valid: issues.length === 0, issues };
  }

  function discountLines(lines: LoadedLine[]): DiscountLine[] {
    return lines.map((line) => ({
      productId: line.row.productId,
      categoryId: line.product.category_id,
      lineTotalPaise: lineTotalPaise({
        unitPricePaise: unitPrice(line),
        quantity: line.row.quantity,
      }),
    }));
  }

  async function checkDiscount(
    row: DiscountRow,
    lines: DiscountLine[],
    userId: string,
  ): Promise<DiscountCheck> {
    return evaluateDiscount(toDiscountRule(row), {
      lines,
      now: new Date(),
      timesUsed: row.timesUsed,
      ...(await discounts.shopperHistory(db, row.id, userId)),
    });
  }

  /**
   * The GST in the cart's total, by the invoice's own rules (the same module prices the invoice).
   * The split between CGST/SGST and IGST waits for the address; the amount does not depend on it.
   */
  function gstIncludedOf(lines: LoadedLine[], discountPaise: number): number | null {
    // An empty cart (every cart right after it is cleared or ordered) includes no tax.
    if (lines.length === 0) return 0;
    try {
      return gstIncludedIn({
        lines: lines.map((line) => ({
          description: line.product.name,
          hsn: hsnOf({
            name: line.product.name,
            hsnCode: line.product.hsn_code ?? '',
            categoryHsnCode: line.product.category_hsn_code ?? '',
          }),
          quantity: line.row.quantity,
          unitPricePaise: unitPrice(line),
        })),
        discountPaise,
        shippingPaise: 0,
        day: indianDayOf(new Date()),
        shopStateCode: '',
        placeOfSupplyCode: '',
      });
    } catch (error) {
      if (error instanceof GstRuleError) return null;
      throw error;
    }
  }

  /** The cart as the shopper sees it, priced from today's catalogue and discounts. */
  async function render(loaded: LoadedCart, userId?: string): Promise<Cart> {
    const { cart, lines } = loaded;
    const items: CartItem[] = lines.map((line) => {
      const price = unitPrice(line);
      return {
        _id: line.row.id,
        product: summarizeProduct(line.product),
        productId: line.row.productId,
        name: line.product.name,
        image: line.row.selectedImage,
        selectedImage: line.row.selectedImage,
        size: line.row.size,
        quantity: line.row.quantity,
        color: { colorName: line.row.colorName, colorHex: line.row.colorHex },
        price: rupees(price),
        originalPrice: rupees(mrpPaise(price, line.product.original_price_paise)),
        itemTotal: rupees(lineTotalPaise({ unitPricePaise: price, quantity: line.row.quantity })),
        stock: line.stockEntry?.stock ?? 0,
        addedAt: line.row.addedAt.toISOString(),
      };
    });

    const applied: { coupon: AppliedDiscount | null; voucher: AppliedDiscount | null } = {
      coupon: null,
      voucher: null,
    };
    let discountPaise = 0;
    const appliedIds = [cart?.appliedCouponId, cart?.appliedVoucherId].filter(
      (id): id is string => typeof id === 'string',
    );
    if (userId && appliedIds.length > 0) {
      const forLines = discountLines(lines);
      for (const row of await discounts.findByIds(db, appliedIds)) {
        const check = await checkDiscount(row, forLines, userId);
        const amount = check.ok ? check.amountPaise : 0;
        discountPaise += amount;
        const type = row.id === cart?.appliedVoucherId ? 'voucher' : 'coupon';
        applied[type] = {
          code: row.code,
          type,
          description: row.description,
          discountAmount: rupees(amount),
          valid: check.ok,
          message: check.ok ? 'Discount applied' : check.message,
        };
      }
    }
    const totals = cartTotals(
      lines.map((line) => ({ unitPricePaise: unitPrice(line), quantity: line.row.quantity })),
      discountPaise,
    );
    const hasDiscount = totals.discountAmount > 0;
    const gstIncluded = gstIncludedOf(lines, totals.discountAmount);
    return {
      _id: cart?.id ?? null,
      items,
      appliedCoupon: applied.coupon,
      appliedVoucher: applied.voucher,
      hasDiscount,
      appliedDiscount: applied.coupon ?? applied.voucher,
      cartValidation: validationOf(lines),
      subtotal: rupees(totals.subtotal),
      discountAmount: rupees(totals.discountAmount),
      total: rupees(totals.total),
      gstIncluded: gstIncluded === null ? null : rupees(gstIncluded),
      itemCount: totals.itemCount,
      updatedAt: cart?.updatedAt.toISOString() ?? null,
    };
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

    async applyDiscount(userId: string, code: string) {
      await deps.throttle.take(deps.limits.discountAttempts, userId);
      const row = await discounts.findByCode(db, normalizeDiscountCode(code));
      if (!row || !row.isActive) throw invalid(discountMessages.invalid);
      const owner = { userId };
      const loaded = await load(owner);
      const check = await checkDiscount(row, discountLines(loaded.lines), userId);
      if (!check.ok) throw invalid(check.message);
      const cart = loaded.cart ?? (await carts.ensureCart(db, owner));
      // The code decides whether it is a coupon or a voucher; the type a shopper sends is not needed.
      const type = row.type;
      await carts.setDiscounts(
        db,
        cart.id,
        type === 'voucher' ? { appliedVoucherId: row.id } : { appliedCouponId: row.id },
      );
      return current(owner);
    },

    async removeDiscount(userId: string, type: 'coupon' | 'voucher' | 'all') {
      const cart = await carts.findCart(db, { userId });
      if (cart) {
        await carts.setDiscounts(db, cart.id, {
          ...(type !== 'voucher' ? { appliedCouponId: null } : {}),
          ...(type !== 'coupon' ? { appliedVoucherId: null } : {}),
        });
      }
      return current({ userId });
    },

    /**
     * Whether a code can be used on these products: the cart's lines of them, and one of each
     * product not in the cart at today's price.
     */
    async checkDiscountFor(userId: string, code: string, productIds: string[]) {
      await deps.throttle.take(deps.limits.discountAttempts, userId);
      const row = await discounts.findByCode(db, normalizeDiscountCode(code));
      if (!row || !row.isActive) {
        return { canUse: false, message: discountMessages.invalid, discountAmount: 0 };
      }
      const { lines } = await load({ userId });
      const wanted = new Set(productIds.filter((id) => isUuid(id)));
      const chosen = wanted.size === 0 ? lines : lines.filter((l) => wanted.has(l.row.productId));
      const forLines = discountLines(chosen);
      const missing = [...wanted].filter((id) => !chosen.some((l) => l.row.productId === id));
      for (const product of (await facts.cached(missing)).values()) {
        forLines.push({
          productId: product.id,
          categoryId: product.category_id,
          lineTotalPaise: product.price_paise,
        });
      }
      const check = await checkDiscount(row, forLines, userId);
      return check.ok
        ? {
            canUse: true,
            message: 'Discount can be applied',
            discountAmount: rupees(check.amountPaise),
          }
        : { canUse: false, message: check.message, discountAmount: 0 };
    },

    /** A code's public facts; a lookup is an attempt at guessing codes like any other. */
    async discountInfo(userId: string, code: string): Promise<DiscountInfo> {
      await deps.throttle.take(deps.limits.discountAttempts, userId);
      const row = await discounts.findByCode(db, normalizeDiscountCode(code));
      if (!row || !row.isActive) throw notFound(discountMessages.invalid);
      return {
        code: row.code,
        type: row.type === 'voucher' ? 'voucher' : 'coupon',
        description: row.description,
        percentOff: row.percentOff,
        amountOff: row.amountOffPaise === null ? null : rupees(row.amountOffPaise),
        minSubtotal: rupees(row.minSubtotalPaise),
        maxDiscount: row.maxDiscountPaise === null ? null : rupees(row.maxDiscountPaise),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      };
    },

    /** Forgets guest carts nobody has touched for GUEST_CART_TTL_DAYS (signed-in carts stay). */
    sweepExpiredGuestCarts: () => carts.deleteExpiredGuestCarts(),
  };
}

export type CartService = ReturnType<typeof createCartService>;
