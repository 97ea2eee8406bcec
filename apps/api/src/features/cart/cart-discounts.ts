/**
 * The discount codes of a cart: applying and removing them, and looking a code up for a product
 * page. Codes are guessable, so every attempt by an account is counted (`discountAttempts`).
 */
import type { Cart, DiscountInfo } from '@shop/contracts/cart';
import { discountMessages } from '@shop/domain/discounts';
import { invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import type { Database } from '../../db/client.ts';
import type { DiscountChecks } from '../discounts/discounts.service.ts';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { LiveOffers } from '../offers/offers.service.ts';
import { codeLinesOf, discountLines, type LoadedCart } from './cart-lines.ts';
import type { CartOwner, CartRepository } from './cart.repository.ts';
import type { ProductFactsSource } from './product-facts.ts';

export interface CartDiscountsDeps {
  db: Database;
  carts: CartRepository;
  facts: ProductFactsSource;
  discounts: DiscountChecks;
  /** The live offers: a code applies to what they leave of the cart. */
  offers: LiveOffers;
  throttle: Throttle;
  limits: ShopperLimits;
  /** The owner's cart with its lines' facts (cached), as the cart service loads it. */
  load: (owner: CartOwner) => Promise<LoadedCart>;
  /** The owner's cart as she sees it. */
  current: (owner: CartOwner) => Promise<Cart>;
}

export function cartDiscounts(deps: CartDiscountsDeps) {
  const { db, carts, facts, discounts, load, current } = deps;
  const countAttempt = (userId: string) => deps.throttle.take(deps.limits.discountAttempts, userId);

  return {
    async applyDiscount(userId: string, code: string) {
      await countAttempt(userId);
      const row = await discounts.activeByCode(code);
      if (!row) throw invalid(discountMessages.invalid);
      const owner = { userId };
      const loaded = await load(owner);
      const linesFor = await codeLinesOf(deps.offers, loaded.lines);
      const check = await discounts.check(row, linesFor(row.code), userId);
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
      await countAttempt(userId);
      const row = await discounts.activeByCode(code);
      if (!row) {
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
      const check = await discounts.check(row, forLines, userId);
      return check.ok
        ? {
            canUse: true,
            message: 'Discount can be applied',
            discountAmount: paiseToRupees(check.amountPaise),
          }
        : { canUse: false, message: check.message, discountAmount: 0 };
    },

    /** A code's public facts; a lookup is an attempt at guessing codes like any other. */
    async discountInfo(userId: string, code: string): Promise<DiscountInfo> {
      await countAttempt(userId);
      const row = await discounts.activeByCode(code);
      if (!row) throw notFound(discountMessages.invalid);
      return {
        code: row.code,
        type: row.type === 'voucher' ? 'voucher' : 'coupon',
        description: row.description,
        percentOff: row.percentOff,
        amountOff: row.amountOffPaise === null ? null : paiseToRupees(row.amountOffPaise),
        minSubtotal: paiseToRupees(row.minSubtotalPaise),
        maxDiscount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      };
    },
  };
}
