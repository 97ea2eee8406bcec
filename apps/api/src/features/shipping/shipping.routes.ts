import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  awbText,
  courierWebhookAckResponse,
  simulatorAdvanceResponse,
  simulatorAdvanceSchema,
  trackingResponse,
} from '@shop/contracts/shipping';
import * as z from 'zod/mini';
import type { AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ShippingService } from './shipping.service.ts';

const tags = ['shipping'];

/** The courier's tracking webhook, and the courier simulator's control while it runs. */
export function shippingRoutes(
  service: ShippingService,
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
        '/shipping/webhook',
        { schema: { tags, response: { 200: courierWebhookAckResponse } } },
        async (request) => {
          const headers: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(request.headers)) {
            headers[name] = Array.isArray(value) ? value[0] : value;
          }
          const result = await service.webhook(
            typeof request.body === 'string' ? request.body : '',
            headers,
          );
          return ok(result, result.duplicate ? 'Event already processed' : 'Event received');
        },
      );
    });

    app.get(
      '/shipping/track/:awb',
      {
        schema: {
          tags,
          params: z.object({ awb: awbText }),
          response: { 200: trackingResponse },
        },
      },
      async (request) =>
        ok(await service.trackByAwb(request.params.awb, request.ip), 'Tracking fetched'),
    );

    if (simulator) {
      await app.register(async (plain) => {
        const scoped = plain.withTypeProvider<ZodTypeProvider>();
        // Pushing a parcel along is the owner's (and the tests') lever on the simulated courier.
        scoped.addHook('onRequest', guards.requireRole('owner'));
        scoped.post(
          '/shipping/simulator/advance',
          {
            schema: {
              tags: ['shipping (simulator)'],
              body: simulatorAdvanceSchema,
              response: { 200: simulatorAdvanceResponse },
            },
          },
          async (request) =>
            ok(
              await service.simulateNext(request.body.awb, request.body.event),
              'Tracking event sent',
            ),
        );
      });
    }
  };
}
