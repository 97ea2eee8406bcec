import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminOfferResponse,
  adminOffersPageResponse,
  adminOffersQuery,
  offerFormSchema,
} from '@shop/contracts/offers';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OffersAdminService } from './offers-admin.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** Offers in the back office: staff read them, owners define and end them (as discount codes). */
export function offersAdminRoutes(
  service: OffersAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Both checked before the path, query or body is read: staff here, owners on each write.
    app.addHook('onRequest', guards.requireRole('staff'));
    const ownerOnly = guards.requireRole('owner');

    app.get(
      '/admin/offers',
      {
        schema: { tags, querystring: adminOffersQuery, response: { 200: adminOffersPageResponse } },
      },
      async (request) => ok(await service.list(request.query), 'Offers fetched'),
    );

    app.get(
      '/admin/offers/:id',
      { schema: { tags, params: idParams, response: { 200: adminOfferResponse } } },
      async (request) => ok(await service.detail(request.params.id), 'Offer fetched'),
    );

    app.post(
      '/admin/offers',
      {
        onRequest: ownerOnly,
        schema: { tags, body: offerFormSchema, response: { 201: adminOfferResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await service.create(callerOf(request), request.body), 'Offer created')),
    );

    app.patch(
      '/admin/offers/:id',
      {
        onRequest: ownerOnly,
        schema: {
          tags,
          params: idParams,
          body: offerFormSchema,
          response: { 200: adminOfferResponse },
        },
      },
      async (request) =>
        ok(await service.update(callerOf(request), request.params.id, request.body), 'Offer saved'),
    );

    app.post(
      '/admin/offers/:id/end',
      {
        onRequest: ownerOnly,
        schema: { tags, params: idParams, response: { 200: adminOfferResponse } },
      },
      async (request) => ok(await service.end(callerOf(request), request.params.id), 'Offer ended'),
    );
  };
}
