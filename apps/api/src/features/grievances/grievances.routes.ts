import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grievanceCreatedResponse,
  grievanceLookupQuery,
  grievanceSchema,
  grievanceStatusResponse,
  grievanceTicketParams,
} from '@shop/contracts/grievances';
import { ok } from '../../http/envelope.ts';
import type { GrievancesService } from './grievances.service.ts';

const tags = ['grievances'];

/** The public grievance desk: file one (a ticket number at once), and look it up by number and email. */
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
          response: { 200: grievanceStatusResponse },
        },
      },
      async (request) =>
        ok(
          await service.lookup(request.params.ticket, request.query.email, request.ip),
          'Grievance fetched',
        ),
    );
  };
}
