import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { plainText } from '@shop/contracts/common-mini';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { failure, ok } from '../../http/envelope.ts';
import { paymentText, type PaymentsService } from './payments.service.ts';

const tags = ['payments'];
const text = (message: string, max = 200) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: message }),
      plainText(message),
    );
const checkoutResult = z.object({
  razorpay_order_id: text(paymentText.verificationFailed),
  razorpay_payment_id: text(paymentText.verificationFailed),
  razorpay_signature: text(paymentText.verificationFailed),
});

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
      webhook.post('/payments/webhook', { schema: { tags, hide: false } }, async (request) => {
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
      });
    });

    await app.register(async (plain) => {
      const scoped = plain.withTypeProvider<ZodTypeProvider>();
      scoped.addHook('onRequest', guards.requireCaller);
      const userId = (request: Parameters<typeof callerOf>[0]) => callerOf(request).userId;

      scoped.post(
        '/payments/initiate',
        {
          schema: {
            tags,
            body: z.object({
              orderId: text('Order ID is required', 64),
              method: z._default(
                z.string().check(z.maxLength(30), plainText('Invalid payment method')),
                'razorpay',
              ),
            }),
          },
        },
        async (request) =>
          ok(
            await service.initiate(userId(request), request.body.orderId, request.body.method),
            'Payment initiated',
          ),
      );

      scoped.post('/payments/verify', { schema: { tags, body: checkoutResult } }, async (request) =>
        ok(await service.verify(userId(request), request.body), 'Payment verified successfully'),
      );

      scoped.post(
        '/payments/success',
        { schema: { tags, body: checkoutResult } },
        async (request) =>
          ok(await service.verify(userId(request), request.body), 'Payment completed successfully'),
      );

      scoped.post(
        '/payments/failure',
        {
          schema: {
            tags,
            body: z.object({
              razorpayOrderId: text('razorpayOrderId is required'),
              razorpayPaymentId: z.optional(
                z.string().check(z.maxLength(200), plainText('Invalid razorpayPaymentId')),
              ),
              failureReason: z._default(
                z.string().check(z.maxLength(500), plainText('Invalid failureReason', 'multiline')),
                'Payment failed',
              ),
            }),
          },
        },
        async (request) =>
          ok(await service.failure(userId(request), request.body), 'Payment failure recorded'),
      );

      scoped.get(
        '/payments/details/:id',
        { schema: { tags, params: z.object({ id: z.string() }) } },
        async (request) =>
          ok(await service.details(userId(request), request.params.id), 'Payment fetched'),
      );

      scoped.get(
        '/payments/order/:orderId',
        { schema: { tags, params: z.object({ orderId: z.string() }) } },
        async (request) =>
          ok(await service.ofOrder(userId(request), request.params.orderId), 'Payment fetched'),
      );

      if (simulator) {
        scoped.post(
          '/payments/simulator/pay',
          {
            schema: {
              tags: ['payments (simulator)'],
              body: z.object({
                razorpayOrderId: text('razorpayOrderId is required'),
                outcome: z._default(z.enum(['success', 'failure']), 'success'),
              }),
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
