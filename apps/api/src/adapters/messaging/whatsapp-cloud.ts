import { renderWhatsApp, whatsappVariables } from '@shop/domain/messages';
import type { WhatsAppSettings } from '../../config/messaging-config.ts';
import {
  MessageRefusedError,
  type MessageChannelSender,
  type OutgoingMessage,
  type ProviderTransport,
} from './provider.ts';

export const GRAPH_API = 'https://graph.facebook.com/v21.0';

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
      language: { code: 'en', policy: 'deterministic' },
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
