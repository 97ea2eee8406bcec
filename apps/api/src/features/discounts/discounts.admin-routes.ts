import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminDiscountResponse,
  adminDiscountsPageResponse,
  adminDiscountsQuery,
  discountFormSchema,
} from '@shop/contracts/admin-discounts';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { DiscountsAdminService } from './discounts-admin.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** Discount codes in the back office: staff read them, owners define and switch them. */
export function discountsAdminRoutes(
  service: DiscountsAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Both checked before the path, query or body is read: staff here, owners on each write.
    app.addHook('onRequest', guards.requireRole('staff'));
    const ownerOnly = guards.requireRole('owner');

    app.get(
      '/admin/discounts',
      {
        schema: {
          tags,
          querystring: adminDiscountsQuery,
          response: { 200: adminDiscountsPageResponse },
        },
      },
      async (request) => ok(await service.list(request.query), 'Discounts fetched'),
    );

    app.get(
      '/admin/discounts/:id',
      { schema: { tags, params: idParams, response: { 200: adminDiscountResponse } } },
      async (request) => ok(await service.detail(request.params.id), 'Discount fetched'),
    );

    app.post(
      '/admin/discounts',
      {
        onRequest: ownerOnly,
        schema: { tags, body: discountFormSchema, response: { 201: adminDiscountResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await service.create(callerOf(request), request.body), 'Discount created')),
    );

    app.patch(
      '/admin/discounts/:id',
      {
        onRequest: ownerOnly,
        schema: {
          tags,
          params: idParams,
          body: discountFormSchema,
          response: { 200: adminDiscountResponse },
        },
      },
      async (request) =>
        ok(
          await service.update(callerOf(request), request.params.id, request.body),
          'Discount saved',
        ),
    );

    for (const [action, active] of [
      ['deactivate', false],
      ['activate', true],
    ] as const) {
      app.post(
        `/admin/discounts/:id/${action}`,
        {
          onRequest: ownerOnly,
          schema: { tags, params: idParams, response: { 200: adminDiscountResponse } },
        },
        async (request) =>
          ok(
            await service.setActive(callerOf(request), request.params.id, active),
            active ? 'Discount activated' : 'Discount deactivated',
          ),
      );
    }
  };
}
