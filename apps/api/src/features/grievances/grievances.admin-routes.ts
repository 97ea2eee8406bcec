import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grievanceDetailResponse,
  grievanceMessageSchema,
  grievanceResolveSchema,
  grievancesDeskPageResponse,
  grievancesDeskQuery,
  grievanceTicketParams,
} from '@shop/contracts/grievances';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { GrievancesService } from './grievances.service.ts';

const tags = ['admin'];
const ticketSchema = {
  tags,
  params: grievanceTicketParams,
  response: { 200: grievanceDetailResponse },
};

/** The back office's grievance desk: staff acknowledge, answer and resolve tickets. */
export function grievancesAdminRoutes(
  service: GrievancesService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/grievances',
      {
        schema: {
          tags,
          querystring: grievancesDeskQuery,
          response: { 200: grievancesDeskPageResponse },
        },
      },
      async (request) => ok(await service.list(request.query), 'Grievances fetched'),
    );

    app.get('/admin/grievances/:ticket', { schema: ticketSchema }, async (request) =>
      ok(await service.detail(request.params.ticket), 'Grievance fetched'),
    );

    app.post('/admin/grievances/:ticket/acknowledge', { schema: ticketSchema }, async (request) =>
      ok(
        await service.acknowledge(callerOf(request), request.params.ticket),
        'Grievance acknowledged',
      ),
    );

    app.post(
      '/admin/grievances/:ticket/messages',
      { schema: { ...ticketSchema, body: grievanceMessageSchema } },
      async (request) =>
        ok(
          await service.addMessage(
            callerOf(request),
            request.params.ticket,
            request.body.kind,
            request.body.text,
          ),
          request.body.kind === 'reply' ? 'Reply sent' : 'Note added',
        ),
    );

    app.post(
      '/admin/grievances/:ticket/resolve',
      { schema: { ...ticketSchema, body: grievanceResolveSchema } },
      async (request) =>
        ok(
          await service.resolve(callerOf(request), request.params.ticket, request.body.resolution),
          'Grievance resolved',
        ),
    );
  };
}
