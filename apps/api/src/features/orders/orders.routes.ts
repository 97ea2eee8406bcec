import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  codConfirmSchema,
  codOptionsQuery,
  codOptionsResponse,
  createOrderSchema,
  orderListQuery,
  orderMessages,
  orderPageResponse,
  orderReasonSchema,
  orderResponse,
  orderReturnSchema,
  orderStatsResponse,
  placedOrderResponse,
  returnRequestResponse,
} from '@shop/contracts/orders';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const idParams = z.object({ id: z.string() });

export function orderRoutes(service: OrdersService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed-out callers hear the sign-in message before their body is read or validated.
    app.addHook('onRequest', guards.requireCallerWith(orderMessages.loginRequired));
    const userId = (request: Parameters<typeof callerOf>[0]) => callerOf(request).userId;

    app.post(
      '/order',
      {
        schema: {
          tags,
          body: createOrderSchema,
          headers: z.object({ 'idempotency-key': z.optional(z.string().check(z.maxLength(200))) }),
          response: { 201: placedOrderResponse, 200: placedOrderResponse },
        },
      },
      async (request, reply) => {
        const placed = await service.placeOrder(
          userId(request),
          request.body,
          request.headers['idempotency-key'],
        );
        return reply.status(201).send(ok(placed, 'Order placed successfully'));
      },
    );

    app.get(
      '/order',
      { schema: { tags, querystring: orderListQuery, response: { 200: orderPageResponse } } },
      async (request) =>
        ok(
          await service.list(userId(request), request.query.page, request.query.limit),
          'Orders fetched',
        ),
    );

    app.get(
      '/order/search',
      { schema: { tags, querystring: orderListQuery, response: { 200: orderPageResponse } } },
      async (request) =>
        ok(
          await service.search(
            userId(request),
            request.query.q,
            request.query.page,
            request.query.limit,
          ),
          'Orders found',
        ),
    );

    app.get(
      '/order/stats',
      { schema: { tags, response: { 200: orderStatsResponse } } },
      async (request) => ok(await service.stats(userId(request)), 'Order stats fetched'),
    );

    app.get(
      '/order/:id',
      { schema: { tags, params: idParams, response: { 200: orderResponse } } },
      async (request) => ok(await service.get(userId(request), request.params.id), 'Order fetched'),
    );

    app.post(
      '/order/:id/cod/confirm',
      {
        schema: {
          tags,
          params: idParams,
          body: codConfirmSchema,
          response: { 200: orderResponse },
        },
      },
      async (request) =>
        ok(
          await service.confirmCashOnDelivery(
            userId(request),
            request.params.id,
            request.body.code,
          ),
          'Order confirmed',
        ),
    );

    app.get(
      '/order/cod-options',
      {
        schema: { tags, querystring: codOptionsQuery, response: { 200: codOptionsResponse } },
      },
      async (request) =>
        ok(
          await service.codOptions(userId(request), request.query.pinCode),
          'Cash on delivery options',
        ),
    );

    app.post(
      '/order/:id/cancel',
      {
        schema: {
          tags,
          params: idParams,
          body: orderReasonSchema,
          response: { 200: orderResponse },
        },
      },
      async (request) =>
        ok(
          await service.cancel(userId(request), request.params.id, request.body.reason),
          'Order cancelled successfully',
        ),
    );

    app.post(
      '/order/:id/return',
      {
        schema: {
          tags,
          params: idParams,
          body: orderReturnSchema,
          response: { 200: returnRequestResponse },
        },
      },
      async (request) =>
        ok(
          await service.requestReturn(userId(request), request.params.id, request.body),
          'Return requested successfully',
        ),
    );
  };
}
