import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  orderListQuery,
  orderPageResponse,
  orderResponse,
  orderStatusUpdateSchema,
} from '@shop/contracts/orders';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The back office's order desk: list orders and move them on. Staff and owners. */
export function adminOrderRoutes(
  service: OrdersService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/orders',
      { schema: { tags, querystring: orderListQuery, response: { 200: orderPageResponse } } },
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
          tags,
          params: idParams,
          body: orderStatusUpdateSchema,
          response: { 200: orderResponse },
        },
      },
      async (request) =>
        ok(
          await service.adminSetStatus(
            callerOf(request),
            request.params.id,
            request.body.status,
            request.body.reason,
          ),
          'Order status updated',
        ),
    );

    // A cash-on-delivery order confirmed by the shop after a call to the shopper.
    app.post(
      '/admin/orders/:id/cod-confirm',
      { schema: { tags, params: idParams, response: { 200: orderResponse } } },
      async (request) =>
        ok(
          await service.confirmCashOnDeliveryByShop(callerOf(request), request.params.id),
          'Cash on delivery confirmed',
        ),
    );
  };
}
