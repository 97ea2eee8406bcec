import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  returnCheckSchema,
  returnDeclineSchema,
  returnsDeskLineResponse,
  returnsDeskPageResponse,
  returnsDeskQuery,
} from '@shop/contracts/returns-desk';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ReturnsDeskService } from './returns-desk.service.ts';

const tags = ['admin'];
const lineParams = z.object({ lineId: z.string() });
const lineSchema = { tags, params: lineParams, response: { 200: returnsDeskLineResponse } };

/**
 * The back office's returns desk: the lines of return and exchange requests, and one route per
 * step of a line (approve, decline, pickup, receive, quality-check, restock, refund,
 * ship-replacement, send-back). Staff take every step; a refund above the staff limit is an
 * owner's (403, decided by the service with the amount).
 */
export function returnsDeskRoutes(
  service: ReturnsDeskService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/returns',
      {
        schema: { tags, querystring: returnsDeskQuery, response: { 200: returnsDeskPageResponse } },
      },
      async (request) => ok(await service.list(request.query), 'Returns fetched'),
    );

    app.get('/admin/returns/:lineId', { schema: lineSchema }, async (request) =>
      ok(await service.detail(request.params.lineId), 'Return fetched'),
    );

    const simple = {
      approve: [service.approve, 'Return approved'],
      pickup: [service.schedulePickup, 'Pickup booked'],
      receive: [service.receive, 'Return received'],
      restock: [service.restock, 'Item restocked'],
      refund: [service.refund, 'Refund started'],
      'ship-replacement': [service.shipReplacement, 'Replacement shipped'],
      'send-back': [service.sendBack, 'Item sent back'],
    } as const;
    for (const [path, [step, message]] of Object.entries(simple)) {
      app.post(`/admin/returns/:lineId/${path}`, { schema: lineSchema }, async (request) =>
        ok(await step(callerOf(request), request.params.lineId), message),
      );
    }

    app.post(
      '/admin/returns/:lineId/decline',
      { schema: { ...lineSchema, body: returnDeclineSchema } },
      async (request) =>
        ok(
          await service.decline(callerOf(request), request.params.lineId, request.body.reason),
          'Return declined',
        ),
    );

    app.post(
      '/admin/returns/:lineId/quality-check',
      { schema: { ...lineSchema, body: returnCheckSchema } },
      async (request) =>
        ok(
          await service.qualityCheck(callerOf(request), request.params.lineId, request.body),
          request.body.passed ? 'Check passed' : 'Check failed',
        ),
    );
  };
}
