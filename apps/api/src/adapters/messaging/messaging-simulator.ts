import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_VARIABLE_LENGTH,
  MESSAGE_BRAND,
  renderSms,
  renderWhatsApp,
  smsAllowedAt,
  type MessageTemplate,
  type WhatsAppCategory,
} from '@shop/domain/messages';
import type { MessagingConfig } from '../../config/messaging-config.ts';
import { hmacHex } from '../payments/signatures.ts';
import { GRAPH_API, WHATSAPP_LANGUAGE } from './whatsapp-cloud.ts';
import { MSG91_FLOW_URL } from './msg91.ts';
import type {
  MessageCategory,
  ProviderAnswer,
  ProviderRequest,
  ProviderTransport,
} from './provider.ts';

/** One message the simulator accepted, as written to `DATA_DIR/messages/`. */
export interface SimulatedMessage {
  channel: 'whatsapp' | 'sms';
  /** 10 digits. */
  to: string;
  template: string;
  category: MessageCategory;
  variables: string[];
  /** The text as the phone shows it. */
  text: string;
  providerMessageId: string;
  at: string;
}

/** Posts to the shop's own route, as the provider's webhook would. */
export type PostToShop = (
  url: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<number>;

/**
 * How the simulator misbehaves next, as the providers sometimes do (tests turn these on):
 * `whatsappFails` refuses the next N WhatsApp messages (undeliverable, 131026);
 * `whatsappUndelivered` accepts the next N but never reports them delivered;
 * `whatsappCrash` accepts the next N and then the connection drops before the answer arrives
 * (the message went out; the shop never heard its id).
 */
export interface SimulatorSwitches {
  whatsappFails: number;
  whatsappUndelivered: number;
  whatsappCrash: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomText(length: number) {
  let text = '';
  for (const byte of randomBytes(length)) text += ALPHABET[byte % ALPHABET.length];
  return text;
}

/** A wamid like Meta's: base64 of an opaque id. */
const newWamid = () => `wamid.${Buffer.from(`HBgM91${randomText(24)}`).toString('base64')}`;
/** MSG91's request ids are 24 hex characters. */
const newRequestId = () => randomBytes(12).toString('hex');

/**
 * The local stand-in for WhatsApp's Cloud API and MSG91's Flow API: it takes the very requests
 * the real adapters make, checks them as the providers do (the token, the template, its
 * category's endpoint, DLT's 30-character variables and brand, and the promotional hours,
 * refused with 651 as operators do), answers in the providers' shapes, writes each accepted
 * message to `DATA_DIR/messages/` as the phone would show it, and then sends the status
 * webhooks, signed as the providers sign them, to the shop's own routes.
 */
export function createMessagingSimulator(deps: {
  config: MessagingConfig;
  templates: Record<string, MessageTemplate>;
  dataDir: string;
  clock: () => Date;
  postToShop: () => PostToShop;
  log: (error: unknown, message: string) => void;
}) {
  const whatsapp = deps.config.whatsapp!;
  const sms = deps.config.sms!;
  const folder = join(deps.dataDir, 'messages');
  const pending = new Set<NodeJS.Timeout>();
  const switches: SimulatorSwitches = {
    whatsappFails: 0,
    whatsappUndelivered: 0,
    whatsappCrash: 0,
  };
  const take = (which: keyof SimulatorSwitches) => {
    if (switches[which] <= 0) return false;
    switches[which] -= 1;
    return true;
  };
  let written = 0;
  /** Templates Meta re-categorised (`recategorise`): it checks each send's endpoint by these. */
  const categories = new Map<string, WhatsAppCategory>();
  const categoryOf = (template: MessageTemplate) =>
    categories.get(template.name) ?? template.whatsappCategory;

  async function record(message: SimulatedMessage) {
    await mkdir(folder, { recursive: true });
    written += 1;
    const name = `${message.at.replace(/[:.]/g, '-')}-${String(written).padStart(6, '0')}-${message.channel}.json`;
    await writeFile(join(folder, name), JSON.stringify(message, null, 2) + '\n');
  }

  function later(work: () => Promise<unknown>, what: string) {
    const timer = setTimeout(() => {
      pending.delete(timer);
      work().catch((error: unknown) => deps.log(error, `simulated ${what} webhook failed`));
    }, 20);
    timer.unref();
    pending.add(timer);
  }

  /** Posts a webhook body to the shop, signed with the app secret exactly as Meta signs it. */
  async function postSigned(body: string) {
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${hmacHex(whatsapp.appSecret, body)}`,
    };
    return { status: await deps.postToShop()('/api/webhooks/whatsapp', body, headers), headers };
  }

  /** A status webhook, signed with the app secret exactly as Meta signs it. */
  async function whatsappWebhook(
    wamid: string,
    to: string,
    status: string,
    reference: string | undefined,
  ) {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '100000000000000',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '919000000000',
                  phone_number_id: whatsapp.phoneNumberId,
                },
                statuses: [
                  {
                    id: wamid,
                    status,
                    timestamp: String(Math.floor(deps.clock().getTime() / 1000)),
                    recipient_id: `91${to}`,
                    ...(reference ? { biz_opaque_callback_data: reference } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    return (await postSigned(body)).status;
  }

  const whatsappError = (status: number, code: number, message: string): ProviderAnswer => ({
    status,
    body: { error: { message, type: 'OAuthException', code, fbtrace_id: randomText(12) } },
  });

  async function whatsappRequest(request: ProviderRequest): Promise<ProviderAnswer> {
    if (request.headers.authorization !== `Bearer ${whatsapp.accessToken}`) {
      return whatsappError(401, 190, 'Invalid OAuth access token.');
    }
    const path = request.url.slice(`${GRAPH_API}/${whatsapp.phoneNumberId}/`.length);
    const body = request.body as {
      messaging_product?: string;
      to?: string;
      type?: string;
      biz_opaque_callback_data?: string;
      template?: {
        name?: string;
        components?: { type: string; parameters?: { text?: string }[] }[];
      };
    };
    const template = deps.templates[body.template?.name ?? ''];
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !template) {
      return whatsappError(400, 132001, 'Template name does not exist in the translation');
    }
    const category = categoryOf(template);
    if ((path === 'marketing_messages') !== (category === 'marketing')) {
      return whatsappError(400, 100, `A ${category} template cannot be sent to /${path}`);
    }
    const to = String(body.to ?? '').replace(/^91/, '');
    if (!/^[6-9]\d{9}$/.test(to)) return whatsappError(400, 131026, 'Message undeliverable');
    const parameters =
      (body.template?.components ?? [])
        .find((component) => component.type === 'body')
        ?.parameters?.map((parameter) => parameter.text ?? '') ?? [];
    if (parameters.length !== template.variables.length) {
      return whatsappError(
        400,
        132000,
        'Number of parameters does not match the expected number of params',
      );
    }
    if (take('whatsappFails')) return whatsappError(400, 131026, 'Message undeliverable');
    const wamid = newWamid();
    const at = deps.clock().toISOString();
    await record({
      channel: 'whatsapp',
      to,
      template: template.name,
      category,
      variables: parameters,
      text: renderWhatsApp(template.whatsappBody, parameters),
      providerMessageId: wamid,
      at,
    });
    const undelivered = take('whatsappUndelivered');
    const reference = body.biz_opaque_callback_data;
    later(async () => {
      await whatsappWebhook(wamid, to, 'sent', reference);
      if (!undelivered) await whatsappWebhook(wamid, to, 'delivered', reference);
    }, 'WhatsApp status');
    if (take('whatsappCrash')) throw new TypeError('fetch failed: the connection was reset');
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid, message_status: 'accepted' }],
      },
    };
  }

  const templateByMsg91Id = () =>
    new Map(
      Object.values(deps.templates).map((template) => [
        sms.templateIds[template.name] ?? simulatorTemplateId(template.name),
        template,
      ]),
    );

  async function msg91Request(request: ProviderRequest): Promise<ProviderAnswer> {
    const error = (status: number, message: string, code?: string): ProviderAnswer => ({
      status,
      body: { type: 'error', message, ...(code ? { code } : {}) },
    });
    if (request.headers.authkey !== sms.authKey) return error(401, 'Authentication failure', '418');
    const body = request.body as {
      template_id?: string;
      recipients?: Record<string, string>[];
    };
    const template = templateByMsg91Id().get(body.template_id ?? '');
    if (!template) return error(400, 'Template ID Missing or Invalid Template', '211');
    const recipient = body.recipients?.[0];
    const to = String(recipient?.mobiles ?? '').replace(/^91/, '');
    if (!/^[6-9]\d{9}$/.test(to)) return error(400, 'Mobile number not found or invalid', '203');
    const variables = Object.keys(recipient ?? {})
      .filter((key) => /^VAR\d+$/.test(key))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
      .map((key) => recipient![key]!);
    if (variables.some((value) => value.length > MAX_VARIABLE_LENGTH)) {
      return error(400, `Variable value longer than ${MAX_VARIABLE_LENGTH} characters`, '422');
    }
    const text = renderSms(template.smsBody, variables);
    if (!text.includes(MESSAGE_BRAND))
      return error(400, 'Content does not match the DLT template', '423');
    if (!smsAllowedAt(template.smsCategory, deps.clock())) {
      // As operators refuse it: promotional and service-explicit texts only 10:00-21:00 IST.
      return error(400, 'EC_INVALID_PROMO_TIME', '651');
    }
    const requestId = newRequestId();
    const at = deps.clock();
    await record({
      channel: 'sms',
      to,
      template: template.name,
      category: template.smsCategory,
      variables,
      text,
      providerMessageId: requestId,
      at: at.toISOString(),
    });
    later(
      () =>
        deps.postToShop()(
          `/api/webhooks/sms/${sms.webhookToken}`,
          JSON.stringify({
            requestId,
            number: `91${to}`,
            status: 1,
            desc: 'DELIVERED',
            date: at.toISOString().slice(0, 19).replace('T', ' '),
            senderId: sms.senderId,
          }),
          { 'content-type': 'application/json' },
        ),
      'SMS delivery report',
    );
    return { status: 200, body: { type: 'success', message: requestId } };
  }

  const transport: ProviderTransport = async (request) => {
    if (request.url.startsWith(`${GRAPH_API}/`)) return whatsappRequest(request);
    if (request.url === MSG91_FLOW_URL) return msg91Request(request);
    return { status: 404, body: { error: 'unknown simulated endpoint' } };
  };

  return {
    transport,
    switches,
    /**
     * Meta re-categorises a template: from now on the simulator takes it only at its new
     * category's endpoint, and it tells the shop with a signed `template_category_update`
     * webhook (a completed change). Answers the shop's status and the exact body and headers
     * sent, so a test can replay them.
     */
    async recategorise(templateName: string, category: WhatsAppCategory) {
      const template = deps.templates[templateName];
      if (!template) throw new Error(`unknown message template ${templateName}`);
      const previous = categoryOf(template);
      categories.set(templateName, category);
      const rawBody = JSON.stringify(
        templateCategoryUpdateBody({
          templateName,
          previous,
          category,
          at: deps.clock(),
          templateId: simulatorTemplateNumber(templateName),
        }),
      );
      return { rawBody, ...(await postSigned(rawBody)) };
    },
    /** Every message accepted so far, oldest first. */
    async messages(): Promise<SimulatedMessage[]> {
      const names = await readdir(folder).catch(() => [] as string[]);
      const sorted = names.filter((name) => name.endsWith('.json')).sort();
      return Promise.all(
        sorted.map(
          async (name) =>
            JSON.parse(await readFile(join(folder, name), 'utf8')) as SimulatedMessage,
        ),
      );
    },
    /** Delivers the pending webhooks now (tests), instead of a moment later. */
    stop() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** A number standing for Meta's template id, the same for the same name. */
function simulatorTemplateNumber(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return 278_000_000_000_000 + hash;
}

/** A completed `template_category_update` webhook body, as Meta sends it. */
export function templateCategoryUpdateBody(change: {
  templateName: string;
  previous: WhatsAppCategory;
  category: WhatsAppCategory;
  at: Date;
  templateId?: number;
}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000000',
        time: Math.floor(change.at.getTime() / 1000),
        changes: [
          {
            field: 'template_category_update',
            value: {
              message_template_id:
                change.templateId ?? simulatorTemplateNumber(change.templateName),
              message_template_name: change.templateName,
              message_template_language: WHATSAPP_LANGUAGE,
              previous_category: change.previous.toUpperCase(),
              new_category: change.category.toUpperCase(),
            },
          },
        ],
      },
    ],
  };
}

/** The simulator's MSG91 template id of a template without one configured. */
export function simulatorTemplateId(name: string) {
  return `sim_${name}`;
}

export type MessagingSimulator = ReturnType<typeof createMessagingSimulator>;
