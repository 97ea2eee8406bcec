import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  dispatchPageResponse,
  dispatchQuery,
  dispatchSelectionSchema,
  pickListResponse,
} from '@shop/contracts/dispatch';
import { type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { DispatchService } from './dispatch.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** A file name made of the order number's safe characters only (it goes into a header). */
const fileName = (stem: string) => `${stem.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/**
 * The back office's dispatch desk: the queue, pick lists, packing slips and labels (an order ships
 * through the shipping routes).
 */
export function dispatchAdminRoutes(
  service: DispatchService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/dispatch',
      { schema: { tags, querystring: dispatchQuery, response: { 200: dispatchPageResponse } } },
      async (request) => ok(await service.queue(request.query), 'Dispatch queue fetched'),
    );

    app.post(
      '/admin/dispatch/pick-list',
      { schema: { tags, body: dispatchSelectionSchema, response: { 200: pickListResponse } } },
      async (request) => ok(await service.pickList(request.body.orderIds), 'Pick list made'),
    );

    app.post(
      '/admin/dispatch/labels.pdf',
      { schema: { tags, body: dispatchSelectionSchema, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, orderNumbers } = await service.labels(request.body.orderIds);
        const stem = orderNumbers.length === 1 ? `label-${orderNumbers[0]}` : 'labels';
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName(stem)}"`)
          .send(pdf);
      },
    );

    app.get(
      '/admin/orders/:id/packing-slip.pdf',
      { schema: { tags, params: idParams, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, orderNumber } = await service.packingSlip(request.params.id);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${fileName(`packing-slip-${orderNumber}`)}"`,
          )
          .send(pdf);
      },
    );

    app.get(
      '/admin/orders/:id/label.pdf',
      { schema: { tags, params: idParams, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, orderNumbers } = await service.labels([request.params.id]);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${fileName(`label-${orderNumbers[0]}`)}"`,
          )
          .send(pdf);
      },
    );
  };
}
