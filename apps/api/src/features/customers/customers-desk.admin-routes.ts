import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  customerDeskDetailResponse,
  customerNoteResponse,
  customerNoteSchema,
  customersDeskPageResponse,
  customersDeskQuery,
} from '@shop/contracts/customers-desk';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { CustomersDeskService } from './customers-desk.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The back office's customers: search and page through accounts, read one, add notes. */
export function customersDeskRoutes(
  service: CustomersDeskService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/customers',
      {
        schema: {
          tags,
          querystring: customersDeskQuery,
          response: { 200: customersDeskPageResponse },
        },
      },
      async (request) => ok(await service.list(request.query), 'Customers fetched'),
    );

    app.get(
      '/admin/customers/:id',
      { schema: { tags, params: idParams, response: { 200: customerDeskDetailResponse } } },
      async (request) => ok(await service.detail(request.params.id), 'Customer fetched'),
    );

    app.post(
      '/admin/customers/:id/notes',
      {
        schema: {
          tags,
          params: idParams,
          body: customerNoteSchema,
          response: { 201: customerNoteResponse },
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
