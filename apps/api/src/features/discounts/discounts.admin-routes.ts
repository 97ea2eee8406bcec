import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDiscountResponse,
  adminDiscountsPageResponse,
  adminDiscountsQuery,
  discountFormSchema,
} from '@shop/contracts/admin-discounts';
import { adminRecordRoutes, idParams } from '../../http/admin-record-routes.ts';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { DiscountsAdminService } from './discounts-admin.service.ts';

/** Discount codes in the back office: staff read them, owners define and switch them. */
export function discountsAdminRoutes(
  service: DiscountsAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const { ownerOnly, tags } = adminRecordRoutes(app, guards, {
      path: '/admin/discounts',
      schemas: {
        query: adminDiscountsQuery,
        form: discountFormSchema,
        page: adminDiscountsPageResponse,
        record: adminDiscountResponse,
      },
      service,
      words: {
        listed: 'Discounts fetched',
        fetched: 'Discount fetched',
        created: 'Discount created',
        saved: 'Discount saved',
      },
    });

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
