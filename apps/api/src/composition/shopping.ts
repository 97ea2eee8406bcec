import type { ProductFactsSource } from '../features/cart/product-facts.ts';
import { createCartRepository } from '../features/cart/cart.repository.ts';
import { cartRoutes } from '../features/cart/cart.routes.ts';
import { createCartService, type CartService } from '../features/cart/cart.service.ts';
import { createDiscountsAdminService } from '../features/discounts/discounts-admin.service.ts';
import { discountsAdminRoutes } from '../features/discounts/discounts.admin-routes.ts';
import { createDiscountChecks } from '../features/discounts/discounts.service.ts';
import {
  createDiscountsRepository,
  type DiscountsRepository,
} from '../features/discounts/discounts.repository.ts';
import { wishlistRoutes } from '../features/wishlist/wishlist.routes.ts';
import { createWishlistRepository } from '../features/wishlist/wishlist.repository.ts';
import { createWishlistService } from '../features/wishlist/wishlist.service.ts';
import type { LiveOffers } from '../features/offers/offers.service.ts';
import type { AuthGuards } from '../http/authenticate.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { ShopContext } from './shop-context.ts';

export interface ShoppingServices {
  cart: CartService;
  discounts: DiscountsRepository;
}

/** Carts, wishlists and the discount codes they apply. */
export function shoppingFeatures(
  ctx: ShopContext,
  needs: { guards: AuthGuards; productFacts: ProductFactsSource; offers: LiveOffers },
): FeatureGroup<ShoppingServices, 'sweepGuestCarts'> {
  const { db, throttle } = ctx;
  const { guards, productFacts } = needs;
  const discounts = createDiscountsRepository();
  const cart = createCartService({
    db,
    carts: createCartRepository(db),
    facts: productFacts,
    discounts: createDiscountChecks(db, discounts),
    offers: needs.offers,
    throttle,
    limits: ctx.limits,
  });
  const wishlist = createWishlistService({
    db,
    wishlists: createWishlistRepository(db),
    facts: productFacts,
    cart,
  });
  return {
    services: { cart, discounts },
    routes: [
      cartRoutes(cart, guards, { throttle, rule: ctx.lookupLimits.guestCartRequests }),
      wishlistRoutes(wishlist, guards),
    ],
    adminRoutes: [discountsAdminRoutes(createDiscountsAdminService({ db }), guards)],
    jobs: {
      sweepGuestCarts: {
        run: () => cart.sweepExpiredGuestCarts(),
        everyMs: 60 * 60_000,
        name: 'forgetting old guest carts',
      },
    },
  };
}
