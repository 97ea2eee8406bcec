import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { adminShipmentResponse, ndrActionSchema } from '@shop/contracts/shipping';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ShippingService } from './shipping.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The back office asks for shipments and answers failed deliveries. Staff and owners. */
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
