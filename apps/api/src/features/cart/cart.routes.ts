import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  addToCartSchema,
  applyDiscountSchema,
  cartDetailsResponse,
  cartMessages,
  cartResponse,
  cartValidationResponse,
  discountCodeParams,
  discountInfoResponse,
  discountUsabilityResponse,
  guestAddToCartSchema,
  guestSessionParams,
  mergeCartSchema,
  removeDiscountSchema,
  removeFromCartQuery,
  updateCartItemSchema,
  validateDiscountSchema,
} from '@shop/contracts/cart';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { Throttle, ThrottleRule } from '../throttle/throttle.ts';
import type { CartOwner } from './cart.repository.ts';
import type { CartService } from './cart.service.ts';

const tags = ['cart'];
const guestProductParams = z.object({
  sessionId: guestSessionParams.shape.sessionId,
  productId: z.string(),
});
const guestItemParams = z.object({
  sessionId: guestSessionParams.shape.sessionId,
  itemId: z.string(),
});

/** Guest-cart requests are counted per client network before any query (a flood is refused). */
export interface GuestCartLimit {
  throttle: Throttle;
  rule: ThrottleRule;
}

export function cartRoutes(
  cart: CartService,
  guards: AuthGuards,
  guestLimit: GuestCartLimit,
): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: guards.requireCaller };
    const forDiscounts = { preHandler: guards.requireCallerWith(cartMessages.discountLogin) };
    const user = (request: Parameters<typeof callerOf>[0]): CartOwner => ({
      userId: callerOf(request).userId,
    });
    // Guest carts carry no session but must not be kept by any cache either; each costs a query
    // no cache answers, so each is counted per client network first.
    const guestRequest = {
      onRequest: async (request: { ip: string }) => {
        await guestLimit.throttle.take(guestLimit.rule, request.ip);
      },
      onSend: async (_request: unknown, reply: { header: (k: string, v: string) => void }) => {
        reply.header('cache-control', 'no-store');
      },
    };

    // ----- guest cart, keyed by the browser's guest session id -----
    app.post(
      '/cart/guest/:sessionId/product/:productId',
      {
        ...guestRequest,
        schema: {
          tags,
          params: guestProductParams,
          body: guestAddToCartSchema,
          response: { 200: cartResponse },
        },
      },
      async (request) => {
        const { sessionId, productId } = request.params;
        const updated = await cart.addItem(
          { guestSessionId: sessionId },
          { ...request.body, productId },
        );
        return ok(updated, 'Item added to cart');
      },
    );

    app.put(
      '/cart/guest/:sessionId/item/:itemId',
      {
        ...guestRequest,
        schema: {
          tags,
          params: guestItemParams,
          body: updateCartItemSchema,
          response: { 200: cartResponse },
        },
      },
      async (request) => {
        const { sessionId, itemId } = request.params;
        return ok(
          await cart.updateItem({ guestSessionId: sessionId }, itemId, request.body),
          'Cart updated',
        );
      },
    );

    app.delete(
      '/cart/guest/:sessionId/product/:productId',
      {
        ...guestRequest,
        schema: {
          tags,
          params: guestProductParams,
          querystring: removeFromCartQuery,
          response: { 200: cartResponse },
        },
      },
      async (request) => {
        const { sessionId, productId } = request.params;
        return ok(
          await cart.removeProduct({ guestSessionId: sessionId }, productId, request.query),
          'Item removed from cart',
        );
      },
    );

    app.get(
      '/cart/guest/:sessionId',
      {
        ...guestRequest,
        schema: { tags, params: guestSessionParams, response: { 200: cartResponse } },
      },
      async (request) =>
        ok(await cart.current({ guestSessionId: request.params.sessionId }), 'Cart fetched'),
    );

    app.get(
      '/cart/guest/:sessionId/details',
      {
        ...guestRequest,
        schema: { tags, params: guestSessionParams, response: { 200: cartDetailsResponse } },
      },
      async (request) =>
        ok(
          await cart.details({ guestSessionId: request.params.sessionId }),
          'Cart details fetched',
        ),
    );

    // ----- signed-in cart -----
    app.post(
      '/cart',
      { ...signedIn, schema: { tags, body: addToCartSchema, response: { 200: cartResponse } } },
      async (request) => {
        const { product, ...line } = request.body;
        return ok(
          await cart.addItem(user(request), { ...line, productId: product }),
          'Item added to cart',
        );
      },
    );

    app.get(
      '/cart',
      { ...signedIn, schema: { tags, response: { 200: cartResponse } } },
      async (request) => ok(await cart.current(user(request)), 'Cart fetched'),
    );

    app.get(
      '/cart/details',
      { ...signedIn, schema: { tags, response: { 200: cartDetailsResponse } } },
      async (request) => ok(await cart.details(user(request)), 'Cart details fetched'),
    );

    app.put(
      '/cart/item/:itemId',
      {
        ...signedIn,
        schema: {
          tags,
          params: z.object({ itemId: z.string() }),
          body: updateCartItemSchema,
          response: { 200: cartResponse },
        },
      },
      async (request) =>
        ok(
          await cart.updateItem(user(request), request.params.itemId, request.body),
          'Cart updated',
        ),
    );

    app.delete(
      '/cart/product/:productId',
      {
        ...signedIn,
        schema: {
          tags,
          params: z.object({ productId: z.string() }),
          querystring: removeFromCartQuery,
          response: { 200: cartResponse },
        },
      },
      async (request) =>
        ok(
          await cart.removeProduct(user(request), request.params.productId, request.query),
          'Item removed from cart',
        ),
    );

    app.delete(
      '/cart/clear',
      { ...signedIn, schema: { tags, response: { 200: cartResponse } } },
      async (request) => ok(await cart.clear(user(request)), 'Cart cleared successfully!'),
    );

    app.post(
      '/cart/validate',
      {
        // Guests may call it too: they hear that validation is for signed-in shoppers.
        preHandler: guards.optionalCaller,
        schema: { tags, response: { 200: cartValidationResponse } },
      },
      async (request) => {
        const validation = await cart.validate(request.caller?.userId);
        return ok(
          validation,
          validation.message ?? (validation.valid ? 'Cart is valid' : 'Cart has issues'),
        );
      },
    );

    app.post(
      '/cart/merge',
      { ...signedIn, schema: { tags, body: mergeCartSchema, response: { 200: cartResponse } } },
      async (request) => {
        const { merged, cart: updated } = await cart.merge(
          callerOf(request).userId,
          request.body.sessionId,
        );
        return ok(updated, merged ? 'Cart merged successfully!' : cartMessages.noGuestCart);
      },
    );

    // ----- discounts -----
    app.post(
      '/cart/apply-discount',
      {
        ...forDiscounts,
        schema: { tags, body: applyDiscountSchema, response: { 200: cartResponse } },
      },
      async (request) =>
        ok(
          await cart.applyDiscount(callerOf(request).userId, request.body.code),
          'Discount applied successfully!',
        ),
    );

    app.delete(
      '/cart/remove-discount',
      {
        preHandler: guards.requireCallerWith('Please login to manage discounts'),
        schema: { tags, body: removeDiscountSchema, response: { 200: cartResponse } },
      },
      async (request) =>
        ok(
          await cart.removeDiscount(callerOf(request).userId, request.body?.type ?? 'all'),
          'Discount removed successfully!',
        ),
    );

    app.post(
      '/cart/validate-discount',
      {
        ...forDiscounts,
        schema: {
          tags,
          body: validateDiscountSchema,
          response: { 200: discountUsabilityResponse },
        },
      },
      async (request) => {
        const usability = await cart.checkDiscountFor(
          callerOf(request).userId,
          request.body.code,
          request.body.productIds,
        );
        return ok(usability, usability.message);
      },
    );

    app.get(
      '/discount/code/:code',
      {
        ...forDiscounts,
        schema: {
          tags,
          params: discountCodeParams,
          response: { 200: discountInfoResponse },
        },
      },
      async (request) =>
        ok(
          await cart.discountInfo(callerOf(request).userId, request.params.code),
          'Discount found',
        ),
    );
  };
}
