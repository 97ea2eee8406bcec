import { MESSAGE_BRAND, renderSms, smsVariables } from '@shop/domain/messages';
import type { Msg91Settings } from '../../config/messaging-config.ts';
import {
  MessageRefusedError,
  type MessageChannelSender,
  type OutgoingMessage,
  type ProviderTransport,
} from './provider.ts';

export const MSG91_FLOW_URL = 'https://control.msg91.com/api/v5/flow/';

/** The Flow API body: the template id and one recipient with its variables VAR1, VAR2… */
export function msg91FlowRequest(message: OutgoingMessage, templateId: string, sender: string) {
  const variables = Object.fromEntries(
    smsVariables(message.template, message.values).map((value, index) => [
      `VAR${index + 1}`,
      value,
    ]),
  );
  return {
    template_id: templateId,
    sender,
    short_url: '0',
    recipients: [{ mobiles: `91${message.to}`, ...variables }],
  };
}

/** The SMS as her phone shows it. */
export function smsText(message: OutgoingMessage): string {
  return renderSms(message.template.smsBody, smsVariables(message.template, message.values));
}

/**
 * MSG91's Flow API: `POST /api/v5/flow/` with the `authkey` header; answers
 * `{ type: 'success', message: <request id> }` or `{ type: 'error', message }`.
 */
export function createMsg91Sender(
  settings: Msg91Settings,
  transport: ProviderTransport,
): MessageChannelSender {
  return {
    channel: 'sms',
    async send(message) {
      const templateId = settings.templateIds[message.template.name];
      if (!templateId) {
        throw new MessageRefusedError(
          `No MSG91 template id for ${message.template.name} (MSG91_TEMPLATE_IDS)`,
          'no_template',
          true,
        );
      }
      const answer = await transport({
        method: 'POST',
        url: MSG91_FLOW_URL,
        headers: { authkey: settings.authKey },
        body: msg91FlowRequest(message, templateId, settings.senderId),
      });
      const body = answer.body as { type?: string; message?: string; code?: string | number };
      if (answer.status >= 200 && answer.status < 300 && body?.type === 'success' && body.message) {
        return { providerMessageId: body.message };
      }
      const code = String(body?.code ?? answer.status);
      throw new MessageRefusedError(
        `MSG91 refused the ${MESSAGE_BRAND} SMS (${code}): ${body?.message ?? `HTTP ${answer.status}`}`,
        code,
        answer.status >= 400 && answer.status < 500 && answer.status !== 429 && code !== '651',
      );
    },
  };
}

/** A delivery report's status as the outbox keeps it (1 delivered; 2, 9, 16, 17, 25 failed). */
export function msg91Status(
  status: unknown,
): { status: 'delivered' | 'failed'; reason?: string } | undefined {
  switch (Number(status)) {
    case 1:
      return { status: 'delivered' };
    case 2:
      return { status: 'failed', reason: 'failed' };
    case 9:
      return { status: 'failed', reason: 'NDNC' };
    case 16:
    case 25:
      return { status: 'failed', reason: 'rejected' };
    case 17:
      return { status: 'failed', reason: 'blocked' };
    default:
      return undefined;
  }
}

/** The reports in a webhook body: one object, or a list of them. */
export function msg91Reports(body: unknown) {
  const list = Array.isArray(body) ? body : [body];
  return list.flatMap((each) => {
    const report = each as {
      requestId?: unknown;
      number?: unknown;
      status?: unknown;
      desc?: unknown;
    };
    const mapped = msg91Status(report?.status);
    if (typeof report?.requestId !== 'string' || !mapped) return [];
    const number = String(report.number ?? '')
      .replace(/\D/g, '')
      .slice(-10);
    return [{ providerMessageId: report.requestId, number, ...mapped }];
  });
}
