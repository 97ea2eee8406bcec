import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { forbidden } from '@shop/domain/errors';
import {
  createOrderSchema,
  orderListQuery,
  orderMessages,
  orderPageResponse,
  orderReasonSchema,
  orderResponse,
  orderReturnSchema,
  orderStatsResponse,
  orderStatusUpdateSchema,
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

/** The back office's minimum: list orders and move them on. Owners only (role `admin`). */
export function adminOrderRoutes(
  service: OrdersService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the body is read.
    app.addHook('onRequest', guards.requireCaller);
    app.addHook('onRequest', async (request) => {
      if (callerOf(request).role !== 'admin') throw forbidden('Only the shop can do this');
    });

    app.get(
      '/admin/orders',
      {
        schema: {
          tags: ['admin'],
          querystring: orderListQuery,
          response: { 200: orderPageResponse },
        },
      },
      async (request) =>
        ok(
          await service.adminList(request.query.status, request.query.page, request.query.limit),
          'Orders fetched',
        ),
    );

    app.patch(
      '/admin/orders/:id/status',
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: orderStatusUpdateSchema,
          response: { 200: orderResponse },
        },
      },
      async (request) =>
        ok(
          await service.adminSetStatus(request.params.id, request.body.status, request.body.reason),
          'Order status updated',
        ),
    );
  };
}
