import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  cartMessages,
  createWishlistSchema,
  moveToCartResponse,
  moveToCartSchema,
  wishlistAddSchema,
  wishlistCheckResponse,
  wishlistCountResponse,
  wishlistResponse,
  wishlistToggleResponse,
} from '@shop/contracts/cart';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { WishlistService } from './wishlist.service.ts';

const tags = ['wishlist'];
const productParams = z.object({ productId: z.string() });

export function wishlistRoutes(
  wishlist: WishlistService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Every wishlist call needs a signed-in shopper.
    app.addHook('preHandler', guards.requireCallerWith(cartMessages.wishlistLogin));
    const userId = (request: Parameters<typeof callerOf>[0]) => callerOf(request).userId;

    app.post(
      '/wishlist/create',
      { schema: { tags, body: createWishlistSchema, response: { 200: wishlistResponse } } },
      async (request) =>
        ok(
          await wishlist.create(userId(request), {
            name: request.body?.name ?? 'My Wishlist',
            isPublic: request.body?.isPublic ?? false,
          }),
          'Wishlist saved',
        ),
    );

    app.get(
      '/wishlist',
      { schema: { tags, response: { 200: wishlistResponse } } },
      async (request) => ok(await wishlist.current(userId(request)), 'Wishlist fetched'),
    );

    app.post(
      '/wishlist/add',
      { schema: { tags, body: wishlistAddSchema, response: { 200: wishlistResponse } } },
      async (request) => {
        const {
          added,
          name,
          wishlist: updated,
        } = await wishlist.add(userId(request), request.body.productId);
        return ok(
          updated,
          added ? `${name} added to wishlist!` : `${name} is already in your wishlist`,
        );
      },
    );

    app.delete(
      '/wishlist/remove/:productId',
      { schema: { tags, params: productParams, response: { 200: wishlistResponse } } },
      async (request) =>
        ok(
          await wishlist.remove(userId(request), request.params.productId),
          'Item removed from wishlist',
        ),
    );

    app.post(
      '/wishlist/toggle',
      { schema: { tags, body: wishlistAddSchema, response: { 200: wishlistToggleResponse } } },
      async (request) => {
        const result = await wishlist.toggle(userId(request), request.body.productId);
        return ok(
          result,
          result.action === 'added' ? 'Added to wishlist' : 'Removed from wishlist',
        );
      },
    );

    app.get(
      '/wishlist/count',
      { schema: { tags, response: { 200: wishlistCountResponse } } },
      async (request) =>
        ok({ count: await wishlist.count(userId(request)) }, 'Wishlist count fetched'),
    );

    app.get(
      '/wishlist/check/:productId',
      { schema: { tags, params: productParams, response: { 200: wishlistCheckResponse } } },
      async (request) =>
        ok(
          { exists: await wishlist.contains(userId(request), request.params.productId) },
          'Checked',
        ),
    );

    app.post(
      '/wishlist/move-to-cart/:productId',
      {
        schema: {
          tags,
          params: productParams,
          body: moveToCartSchema,
          response: { 200: moveToCartResponse },
        },
      },
      async (request) => {
        const moved = await wishlist.moveToCart(userId(request), request.params.productId, {
          quantity: request.body?.quantity ?? 1,
          size: request.body?.size,
          colorName: request.body?.colorName,
          colorHex: request.body?.colorHex,
          selectedImage: request.body?.selectedImage,
        });
        return ok(
          { cart: moved.cart, wishlist: moved.wishlist },
          `${moved.name} - Item moved to cart!`,
        );
      },
    );

    app.delete(
      '/wishlist/clear',
      { schema: { tags, response: { 200: wishlistResponse } } },
      async (request) => {
        const { removed, wishlist: updated } = await wishlist.clear(userId(request));
        return ok(updated, removed > 0 ? 'Wishlist cleared!' : 'Your wishlist is already empty');
      },
    );
  };
}
