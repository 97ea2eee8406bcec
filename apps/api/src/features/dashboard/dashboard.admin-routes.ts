import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuery, dashboardResponse } from '@shop/contracts/dashboard';
import type { AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The back office's morning dashboard (staff and owners). */
export function dashboardAdminRoutes(
  service: DashboardService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the query is read.
    app.addHook('onRequest', guards.requireRole('staff'));
    app.get(
      '/admin/dashboard',
      {
        schema: {
          tags: ['admin'],
          querystring: dashboardQuery,
          response: { 200: dashboardResponse },
        },
      },
      async (request) => ok(await service.dashboard(request.query), 'Dashboard fetched'),
    );
  };
}
