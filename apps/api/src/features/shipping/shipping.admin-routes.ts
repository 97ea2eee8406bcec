import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { shipOrderSchema } from '@shop/contracts/dispatch';
import { orderResponse } from '@shop/contracts/orders';
import { adminShipmentResponse, ndrActionSchema } from '@shop/contracts/shipping';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ShippingService } from './shipping.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/**
 * The back office ships orders (with the courier, or a parcel it booked itself) and answers
 * failed deliveries. Staff and owners.
 */
export function shippingAdminRoutes(
  service: ShippingService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));

    app.post(
      '/admin/orders/:id/shipment',
      { schema: { tags, params: idParams, response: { 201: adminShipmentResponse } } },
      async (request, reply) => {
        const shipment = await service.request(callerOf(request), request.params.id);
        return reply.status(201).send(ok(shipment, 'Shipment requested'));
      },
    );

    // A parcel the shop booked itself: its courier and AWB typed by hand ship the order.
    app.post(
      '/admin/orders/:id/ship',
      {
        schema: { tags, params: idParams, body: shipOrderSchema, response: { 200: orderResponse } },
      },
      async (request) =>
        ok(
          await service.shipByHand(callerOf(request), request.params.id, request.body),
          'Order shipped',
        ),
    );

    app.post(
      '/admin/shipments/:id/ndr',
      {
        schema: {
          tags,
          params: idParams,
          body: ndrActionSchema,
          response: { 200: adminShipmentResponse },
        },
      },
      async (request) =>
        ok(
          await service.ndr(callerOf(request), request.params.id, request.body.action),
          'Failed delivery answered',
        ),
    );
  };
}
