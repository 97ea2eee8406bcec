import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageResponse, auditQuery } from '@shop/contracts/audit';
import type { AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { AuditService } from './audit.service.ts';

/** The audit log, read by owners and staff alike (it is how a shift hands over). */
export function auditAdminRoutes(service: AuditService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/audit',
      {
        schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditPageResponse } },
      },
      async (request) => ok(await service.list(request.query), 'Audit entries fetched'),
    );
  };
}
