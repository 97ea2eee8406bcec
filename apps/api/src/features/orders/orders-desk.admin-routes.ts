import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  orderDeskDetailResponse,
  orderNoteResponse,
  orderNoteSchema,
  ordersDeskPageResponse,
  ordersDeskQuery,
} from '@shop/contracts/orders-desk';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OrdersDeskService } from './orders-desk.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The back office's orders desk: search and page through orders, read one whole, add notes. */
export function ordersDeskRoutes(
  service: OrdersDeskService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/orders/desk',
      { schema: { tags, querystring: ordersDeskQuery, response: { 200: ordersDeskPageResponse } } },
      async (request) => ok(await service.list(request.query), 'Orders fetched'),
    );

    app.get(
      '/admin/orders/:id',
      { schema: { tags, params: idParams, response: { 200: orderDeskDetailResponse } } },
      async (request) => ok(await service.detail(request.params.id), 'Order fetched'),
    );

    app.post(
      '/admin/orders/:id/notes',
      {
        schema: {
          tags,
          params: idParams,
          body: orderNoteSchema,
          response: { 201: orderNoteResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await service.addNote(request.params.id, callerOf(request), request.body.text),
              'Note added',
            ),
          ),
    );
  };
}
