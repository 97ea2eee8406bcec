import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grievanceCreatedResponse,
  grievanceLookupQuery,
  grievanceSchema,
  grievanceStateResponse,
  grievanceStatusResponse,
  grievanceStatusTokenSchema,
  grievanceTicketParams,
} from '@shop/contracts/grievances';
import { ok } from '../../http/envelope.ts';
import type { GrievancesService } from './grievances.service.ts';

const tags = ['grievances'];

/**
 * The public grievance desk: file one (a ticket number at once), see its state by number and
 * email, and read it whole through the status link the shop's mails carry.
 */
export function grievancesRoutes(service: GrievancesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/grievances',
      { schema: { tags, body: grievanceSchema, response: { 201: grievanceCreatedResponse } } },
      async (request, reply) => {
        const created = await service.file(request.body, request.ip);
        return reply
          .status(201)
          .send(ok(created, `Your grievance is registered as ${created.ticket}`));
      },
    );

    app.get(
      '/grievances/:ticket',
      {
        schema: {
          tags,
          params: grievanceTicketParams,
          querystring: grievanceLookupQuery,
          response: { 200: grievanceStateResponse },
        },
      },
      async (request) =>
        ok(
          await service.lookup(request.params.ticket, request.query.email, request.ip),
          'Grievance fetched',
        ),
    );

    // A read, but a POST: the token travels in the body, out of addresses that logs keep.
    app.post(
      '/grievances/:ticket/status',
      {
        schema: {
          tags,
          params: grievanceTicketParams,
          body: grievanceStatusTokenSchema,
          response: { 200: grievanceStatusResponse },
        },
      },
      async (request) =>
        ok(
          await service.view(request.params.ticket, request.body.token, request.ip),
          'Grievance fetched',
        ),
    );
  };
}
