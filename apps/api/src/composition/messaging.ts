import { messageTemplates, type MessageChannel } from '@shop/domain/messages';
import {
  createMessagingSimulator,
  simulatorTemplateId,
  type MessagingSimulator,
} from '../adapters/messaging/messaging-simulator.ts';
import { createMsg91Sender } from '../adapters/messaging/msg91.ts';
import {
  fetchTransport,
  type MessageChannelSender,
  type ProviderTransport,
} from '../adapters/messaging/provider.ts';
import { createWhatsAppSender } from '../adapters/messaging/whatsapp-cloud.ts';
import {
  createMessageOutbox,
  type MessageOutbox,
  type SecretValues,
} from '../features/messages/message-outbox.ts';
import { messageWebhookRoutes } from '../features/messages/message-webhooks.routes.ts';
import {
  createTemplateCategories,
  whatsappRouter,
  type MarketingConsent,
} from '../features/messages/template-categories.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { ShopContext } from './shop-context.ts';

export interface MessagingServices {
  /** The one outbox of phone messages: `enqueueMessage(tx, …)`, `cancelQueued(tx, …)`. */
  messages: MessageOutbox;
  /** The local stand-in for WhatsApp and MSG91, when it runs. */
  messagingSimulator: MessagingSimulator | undefined;
  /** Values a template needs that are never stored (a sign-in code): set by their feature. */
  messageSecrets: Partial<Record<string, SecretValues>>;
  /** Her consent to offers on WhatsApp (a marketing template needs it): set by account data. */
  marketingConsent: MarketingConsent;
}

/**
 * Phone messages: WhatsApp and SMS through their providers (or the simulator of both), the
 * outbox every feature queues them in, and the providers' status webhooks. With MESSAGING
 * off (production without providers), no channel exists and phone sign-in answers 503.
 */
export function messagingFeatures(
  ctx: ShopContext,
): FeatureGroup<MessagingServices, 'sendMessages'> {
  const { config } = ctx;
  const settings = config.messaging;
  const templates = messageTemplates(config.publicUrl);
  const simulator =
    settings.mode === 'simulator'
      ? createMessagingSimulator({
          config: settings,
          templates,
          dataDir: config.dataDir,
          clock: ctx.clock,
          postToShop: () => ctx.postToSelf,
          log: ctx.log,
        })
      : undefined;
  const transport: ProviderTransport =
    simulator?.transport ?? fetchTransport(ctx.fetch, ctx.outbound.messaging);
  const senders: Partial<Record<MessageChannel, MessageChannelSender>> = {};
  if (settings.whatsapp) senders.whatsapp = createWhatsAppSender(settings.whatsapp, transport);
  if (settings.sms) {
    const templateIds = simulator
      ? {
          ...Object.fromEntries(
            Object.keys(templates).map((name) => [name, simulatorTemplateId(name)]),
          ),
          ...settings.sms.templateIds,
        }
      : settings.sms.templateIds;
    senders.sms = createMsg91Sender({ ...settings.sms, templateIds }, transport);
  }
  const messageSecrets: Partial<Record<string, SecretValues>> = {};
  const marketingConsent: MarketingConsent = {};
  const templateCategories = createTemplateCategories(ctx.db);
  const messages = createMessageOutbox({
    db: ctx.db,
    templates,
    senders,
    secretValues: messageSecrets,
    whatsappRoute: whatsappRouter(templateCategories, marketingConsent),
    clock: ctx.clock,
    log: ctx.log,
  });
  return {
    services: { messages, messagingSimulator: simulator, messageSecrets, marketingConsent },
    routes: [messageWebhookRoutes(messages, settings, templateCategories)],
    adminRoutes: [],
    jobs: {
      sendMessages: {
        run: () => messages.deliver(),
        everyMs: 5_000,
        name: 'sending WhatsApp and SMS messages',
      },
    },
  };
}
