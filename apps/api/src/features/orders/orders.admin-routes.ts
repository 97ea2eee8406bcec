import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { orderResponse, orderStatusUpdateSchema } from '@shop/contracts/orders';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The back office moves orders on (never to shipped: see the shipping routes). Staff and owners. */
export function adminOrderRoutes(
  service: OrdersService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));

    // The list of orders is the orders desk's (`GET /admin/orders/desk`): one list, searched.
    // A move to shipped is refused here; the order ships with its parcel through the shipment.
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
