import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOfferResponse,
  adminOffersPageResponse,
  adminOffersQuery,
  offerFormSchema,
} from '@shop/contracts/offers';
import { adminRecordRoutes, idParams } from '../../http/admin-record-routes.ts';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OffersAdminService } from './offers-admin.service.ts';

/** Offers in the back office: staff read them, owners define and end them (as discount codes). */
export function offersAdminRoutes(
  service: OffersAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const { ownerOnly, tags } = adminRecordRoutes(app, guards, {
      path: '/admin/offers',
      schemas: {
        query: adminOffersQuery,
        form: offerFormSchema,
        page: adminOffersPageResponse,
        record: adminOfferResponse,
      },
      service,
      words: {
        listed: 'Offers fetched',
        fetched: 'Offer fetched',
        created: 'Offer created',
        saved: 'Offer saved',
      },
    });

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
