import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { msg91Reports } from '../../adapters/messaging/msg91.ts';
import {
  whatsappCategoryUpdates,
  whatsappStatuses,
} from '../../adapters/messaging/whatsapp-cloud.ts';
import { hmacHex } from '../../adapters/payments/signatures.ts';
import type { Msg91Settings, WhatsAppSettings } from '../../config/messaging-config.ts';
import { failure } from '../../http/envelope.ts';
import type { MessageOutbox } from './message-outbox.ts';
import type { TemplateCategories } from './template-categories.ts';

function same(expected: string, given: string | undefined): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given ?? '', 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The providers' status webhooks. WhatsApp: the `hub.*` subscription handshake, then events
 * signed with `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret, compared
 * in constant time; a wrong one is 401 and changes nothing): message statuses, and Meta's
 * re-categorisations of templates (`template_category_update`), each applied once. MSG91 signs
 * nothing: its delivery
 * reports come to a path with a secret token in it.
 */
export function messageWebhookRoutes(
  outbox: MessageOutbox,
  settings: { whatsapp: WhatsAppSettings | undefined; sms: Msg91Settings | undefined },
  templateCategories: TemplateCategories,
): FastifyPluginAsync {
  return async (app) => {
    // The signature covers the exact bytes: the body is kept as text.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const { whatsapp, sms } = settings;

    if (whatsapp) {
      app.get('/webhooks/whatsapp', async (request, reply) => {
        const query = request.query as Record<string, string | undefined>;
        if (
          query['hub.mode'] !== 'subscribe' ||
          !same(whatsapp.verifyToken, query['hub.verify_token'])
        ) {
          return reply.status(403).send(failure(request, 'The verify token does not match.'));
        }
        // Meta's challenge is a number; nothing else is echoed back.
        const challenge = query['hub.challenge'] ?? '';
        if (!/^[A-Za-z0-9_-]{1,128}$/.test(challenge)) {
          return reply.status(400).send(failure(request, 'Invalid challenge'));
        }
        return reply.type('text/plain').send(challenge);
      });

      app.post('/webhooks/whatsapp', async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = header(request.headers['x-hub-signature-256']);
        if (!same(`sha256=${hmacHex(whatsapp.appSecret, raw)}`, signature)) {
          return reply.status(401).send(failure(request, 'Invalid signature'));
        }
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return reply.status(400).send(failure(request, 'Invalid JSON'));
        }
        let applied = 0;
        for (const status of whatsappStatuses(body)) {
          if (await outbox.applyStatus('whatsapp', status)) applied += 1;
        }
        // A replayed or older report of a template's category is no news: not applied.
        const categories = await templateCategories.apply(whatsappCategoryUpdates(body));
        return { success: true, message: 'Event received', data: { applied, categories } };
      });
    }

    if (sms) {
      app.post('/webhooks/sms/:token', async (request, reply) => {
        const { token } = request.params as { token: string };
        if (!same(sms.webhookToken, token)) {
          return reply.status(404).send(failure(request, 'Route not found'));
        }
        let body: unknown;
        try {
          body = JSON.parse(typeof request.body === 'string' ? request.body : '');
        } catch {
          return reply.status(400).send(failure(request, 'Invalid JSON'));
        }
        let applied = 0;
        for (const report of msg91Reports(body)) {
          const changed = await outbox.applyStatus('sms', {
            providerMessageId: report.providerMessageId,
            status: report.status,
            number: report.number,
            error: report.reason,
          });
          if (changed) applied += 1;
        }
        return { success: true, message: 'Report received', data: { applied } };
      });
    }
  };
}
