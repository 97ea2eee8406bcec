import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  checkoutResultSchema,
  initiatePaymentSchema,
  orderPaymentsResponse,
  paymentFailureSchema,
  paymentResponse,
  paymentStartResponse,
  simulatorPayFailure,
  simulatorPayResponse,
  simulatorPaySchema,
  verifiedPaymentResponse,
  webhookAckResponse,
} from '@shop/contracts/payments';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { failure, ok } from '../../http/envelope.ts';
import type { PaymentsService } from './payments.service.ts';

const tags = ['payments'];

export function paymentRoutes(
  service: PaymentsService,
  guards: AuthGuards,
  simulator: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The webhook reads its raw body (the signature covers the exact bytes), so it lives in a
    // scope of its own with a parser that keeps the text.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        (_request, body, done) => done(null, body),
      );
      webhook.post(
        '/payments/webhook',
        { schema: { tags, hide: false, response: { 200: webhookAckResponse } } },
        async (request) => {
          const header = (name: string) => {
            const value = request.headers[name];
            return Array.isArray(value) ? value[0] : value;
          };
          const result = await service.webhook(
            typeof request.body === 'string' ? request.body : '',
            header('x-razorpay-signature'),
            header('x-razorpay-event-id'),
          );
          return ok(result, result.duplicate ? 'Event already processed' : 'Event received');
        },
      );
    });

    await app.register(async (plain) => {
      const scoped = plain.withTypeProvider<ZodTypeProvider>();
      scoped.addHook('onRequest', guards.requireCaller);
      const userId = (request: Parameters<typeof callerOf>[0]) => callerOf(request).userId;

      scoped.post(
        '/payments/initiate',
        {
          schema: { tags, body: initiatePaymentSchema, response: { 200: paymentStartResponse } },
        },
        async (request) =>
          ok(
            await service.initiate(userId(request), request.body.orderId, request.body.method),
            'Payment initiated',
          ),
      );

      scoped.post(
        '/payments/verify',
        {
          schema: { tags, body: checkoutResultSchema, response: { 200: verifiedPaymentResponse } },
        },
        async (request) =>
          ok(await service.verify(userId(request), request.body), 'Payment verified successfully'),
      );

      scoped.post(
        '/payments/success',
        {
          schema: { tags, body: checkoutResultSchema, response: { 200: verifiedPaymentResponse } },
        },
        async (request) =>
          ok(await service.verify(userId(request), request.body), 'Payment completed successfully'),
      );

      scoped.post(
        '/payments/failure',
        { schema: { tags, body: paymentFailureSchema, response: { 200: paymentResponse } } },
        async (request) =>
          ok(await service.failure(userId(request), request.body), 'Payment failure recorded'),
      );

      scoped.get(
        '/payments/details/:id',
        {
          schema: {
            tags,
            params: z.object({ id: z.string() }),
            response: { 200: paymentResponse },
          },
        },
        async (request) =>
          ok(await service.details(userId(request), request.params.id), 'Payment fetched'),
      );

      scoped.get(
        '/payments/order/:orderId',
        {
          schema: {
            tags,
            params: z.object({ orderId: z.string() }),
            response: { 200: orderPaymentsResponse },
          },
        },
        async (request) =>
          ok(await service.ofOrder(userId(request), request.params.orderId), 'Payment fetched'),
      );

      if (simulator) {
        scoped.post(
          '/payments/simulator/pay',
          {
            schema: {
              tags: ['payments (simulator)'],
              body: simulatorPaySchema,
              response: { 200: simulatorPayResponse, 402: simulatorPayFailure },
            },
          },
          async (request, reply) => {
            const paid = await service.simulatePayment(
              userId(request),
              request.body.razorpayOrderId,
              request.body.outcome,
            );
            if (!paid.ok) {
              return reply
                .status(402)
                .send({ ...failure(request, paid.error.description), error: paid.error });
            }
            return ok(paid.result, 'Payment completed in the simulator');
          },
        );
      }
    });
  };
}
