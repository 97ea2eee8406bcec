import {
  renderWhatsApp,
  whatsappCategoryFrom,
  whatsappVariables,
  type WhatsAppCategory,
} from '@shop/domain/messages';
import type { WhatsAppSettings } from '../../config/messaging-config.ts';
import {
  MessageRefusedError,
  type MessageChannelSender,
  type OutgoingMessage,
  type ProviderTransport,
} from './provider.ts';

export const GRAPH_API = 'https://graph.facebook.com/v21.0';
/** The language every template is registered and sent in. */
export const WHATSAPP_LANGUAGE = 'en';

/** The template message body of the Cloud API (`type: 'template'`). */
export function whatsappTemplateRequest(message: OutgoingMessage) {
  const { template, values } = message;
  const parameters = whatsappVariables(template, values).map((text) => ({ type: 'text', text }));
  const components: unknown[] = [{ type: 'body', parameters }];
  if (template.whatsappCategory === 'authentication') {
    // The copy-code button carries the code too (index 0, sub_type url, as Meta documents).
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: values.code ?? '' }],
    });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: `91${message.to}`,
    type: 'template',
    // Comes back in every status webhook of this message: the outbox finds its row by it even
    // when the process died before it recorded the message id.
    biz_opaque_callback_data: message.reference,
    template: {
      name: template.name,
      language: { code: WHATSAPP_LANGUAGE, policy: 'deterministic' },
      components,
    },
  };
}

/** The text as her phone shows it (what the simulator records). */
export function whatsappText(message: OutgoingMessage): string {
  return renderWhatsApp(
    message.template.whatsappBody,
    whatsappVariables(message.template, message.values),
  );
}

/** Meta's error codes that sending again will not change. */
const PERMANENT_ERRORS = new Set([131026, 131049, 131050, 131051, 132000, 132001, 132015, 100]);

/**
 * WhatsApp Business Cloud API: template messages to `/{phone-number-id}/messages`, marketing
 * ones to `/{phone-number-id}/marketing_messages`. The answer's `messages[0].id` is the wamid.
 */
export function createWhatsAppSender(
  settings: WhatsAppSettings,
  transport: ProviderTransport,
): MessageChannelSender {
  return {
    channel: 'whatsapp',
    async send(message) {
      const endpoint =
        message.template.whatsappCategory === 'marketing' ? 'marketing_messages' : 'messages';
      const answer = await transport({
        method: 'POST',
        url: `${GRAPH_API}/${settings.phoneNumberId}/${endpoint}`,
        headers: { authorization: `Bearer ${settings.accessToken}` },
        body: whatsappTemplateRequest(message),
      });
      const body = answer.body as {
        messages?: { id?: string }[];
        error?: { code?: number; message?: string };
      };
      const id = body?.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && id) return { providerMessageId: id };
      const code = body?.error?.code ?? answer.status;
      throw new MessageRefusedError(
        `WhatsApp refused the message: ${body?.error?.message ?? `HTTP ${answer.status}`}`,
        String(code),
        answer.status < 500 && answer.status !== 429 && PERMANENT_ERRORS.has(Number(code)),
      );
    },
  };
}

/** A status of one message from the webhook, as the outbox applies it. */
export interface WhatsAppStatus {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  reference: string | undefined;
  error: string | undefined;
}

/** Every message status in a webhook's body (`entry[].changes[].value.statuses[]`). */
export function whatsappStatuses(body: unknown): WhatsAppStatus[] {
  const found: WhatsAppStatus[] = [];
  const entries = (body as { entry?: unknown[] })?.entry;
  if (!Array.isArray(entries)) return found;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown[] })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = (change as { value?: { statuses?: unknown[] } })?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const each of statuses) {
        const status = each as {
          id?: unknown;
          status?: unknown;
          biz_opaque_callback_data?: unknown;
          errors?: { code?: number; title?: string }[];
        };
        if (typeof status.id !== 'string') continue;
        if (!['sent', 'delivered', 'read', 'failed'].includes(String(status.status))) continue;
        found.push({
          providerMessageId: status.id,
          status: status.status as WhatsAppStatus['status'],
          reference:
            typeof status.biz_opaque_callback_data === 'string'
              ? status.biz_opaque_callback_data
              : undefined,
          error: status.errors?.[0]
            ? `${status.errors[0].code ?? ''} ${status.errors[0].title ?? ''}`.trim()
            : undefined,
        });
      }
    }
  }
  return found;
}

/** A template's category as Meta reports it in a `template_category_update` change. */
export interface TemplateCategoryUpdate {
  templateName: string;
  language: string;
  metaTemplateId: string | undefined;
  /** Its category now: `new_category` (in an impending notice too, where it is the current one). */
  category: WhatsAppCategory;
  /** Set in a completed change only. */
  previousCategory: WhatsAppCategory | undefined;
  /** The webhook's own time (`entry[].time`): a newer report wins, a replayed one is no news. */
  changedAt: Date;
}

/**
 * Every template category change in a webhook's body: `entry[].changes[]` whose field is
 * `template_category_update`. A completed change carries `previous_category` and `new_category`;
 * an impending one (the category Meta will apply in 24 hours as `correct_category`) carries
 * the current category as `new_category`, and the completed change follows when it happens.
 */
export function whatsappCategoryUpdates(body: unknown): TemplateCategoryUpdate[] {
  const found: TemplateCategoryUpdate[] = [];
  const entries = (body as { entry?: unknown[] })?.entry;
  if (!Array.isArray(entries)) return found;
  for (const entry of entries) {
    const { time, changes } = (entry ?? {}) as { time?: unknown; changes?: unknown[] };
    if (typeof time !== 'number' || !Number.isFinite(time) || !Array.isArray(changes)) continue;
    for (const change of changes) {
      const { field, value } = (change ?? {}) as { field?: unknown; value?: unknown };
      if (field !== 'template_category_update' || !value || typeof value !== 'object') continue;
      const update = value as Record<string, unknown>;
      const category = whatsappCategoryFrom(update.new_category);
      const name = update.message_template_name;
      const language = update.message_template_language;
      if (!category || typeof name !== 'string' || typeof language !== 'string') continue;
      const id = update.message_template_id;
      found.push({
        templateName: name.slice(0, 512),
        language: language.slice(0, 20),
        metaTemplateId: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined,
        category,
        previousCategory: whatsappCategoryFrom(update.previous_category),
        changedAt: new Date(time * 1000),
      });
    }
  }
  return found;
}
