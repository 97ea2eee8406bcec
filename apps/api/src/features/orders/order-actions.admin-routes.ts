import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  changedAddressResponse,
  confirmationResentResponse,
  orderAddressSchema,
  orderRefundResponse,
  orderRefundSchema,
} from '@shop/contracts/order-actions';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { OrderActionsService } from './order-actions.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/**
 * The back office's actions on one order: refund (staff up to the shop's limit, owners any
 * amount: the service decides, as the limit depends on the amount), resend the confirmation,
 * change the shipping address before dispatch.
 */
export function orderActionsRoutes(
  service: OrderActionsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.post(
      '/admin/orders/:id/refunds',
      {
        schema: {
          tags,
          params: idParams,
          body: orderRefundSchema,
          response: { 201: orderRefundResponse },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const refund = await service.refund(
          { userId: caller.userId, email: caller.email, role: caller.role },
          request.params.id,
          request.body,
        );
        return reply.status(201).send(ok(refund, 'Refund started'));
      },
    );

    app.post(
      '/admin/orders/:id/resend-confirmation',
      { schema: { tags, params: idParams, response: { 200: confirmationResentResponse } } },
      async (request) =>
        ok(
          await service.resendConfirmation(callerOf(request), request.params.id),
          'Confirmation sent again',
        ),
    );

    app.patch(
      '/admin/orders/:id/shipping-address',
      {
        schema: {
          tags,
          params: idParams,
          body: orderAddressSchema,
          response: { 200: changedAddressResponse },
        },
      },
      async (request) =>
        ok(
          await service.changeShippingAddress(callerOf(request), request.params.id, request.body),
          'Shipping address changed',
        ),
    );
  };
}
