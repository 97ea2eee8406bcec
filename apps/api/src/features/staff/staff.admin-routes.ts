import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  staffGrantSchema,
  staffListResponse,
  staffMemberResponse,
  staffRoleUpdateSchema,
} from '@shop/contracts/staff';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** Who works in the back office, and with which role. Owners only. */
export function staffAdminRoutes(service: StaffService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('owner'));

    app.get('/admin/staff', { schema: { tags, response: { 200: staffListResponse } } }, async () =>
      ok(await service.list(), 'Staff fetched'),
    );

    app.post(
      '/admin/staff',
      {
        schema: {
          tags,
          body: staffGrantSchema,
          response: { 201: staffMemberResponse, 200: staffMemberResponse },
        },
      },
      async (request, reply) => {
        const { member, added } = await service.grant(callerOf(request), request.body);
        return reply
          .status(added ? 201 : 200)
          .send(ok(member, added ? 'Staff member added' : 'Role updated'));
      },
    );

    app.patch(
      '/admin/staff/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: staffRoleUpdateSchema,
          response: { 200: staffMemberResponse },
        },
      },
      async (request) =>
        ok(
          await service.changeRole(callerOf(request), request.params.id, request.body.role),
          'Role updated',
        ),
    );
  };
}
