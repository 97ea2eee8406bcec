/**
 * Messages to a shopper's phone (WhatsApp and SMS): the templates as they are registered with
 * Meta and with India's DLT registry, the rules of what may be sent when, and the limits on
 * sign-in codes. Texts are discreet: parcels already ship under a neutral name, so no text or
 * preview names a product, a size or the word lingerie; the order number and a link say the rest.
 */

import type { ChannelChoices as AccountChannelChoices } from './account-data.ts';

export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Why a message is sent: each purpose has its own consent (sign-in codes need none). */
export const MESSAGE_PURPOSES = ['sign_in', 'order_updates', 'offers'] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

/** Meta's template categories; marketing goes to its own endpoint and only with her opt-in. */
export const WHATSAPP_CATEGORIES = ['authentication', 'utility', 'marketing'] as const;
export type WhatsAppCategory = (typeof WHATSAPP_CATEGORIES)[number];

/** A category as Meta writes it ('MARKETING'), in ours; undefined for one we do not know. */
export function whatsappCategoryFrom(value: unknown): WhatsAppCategory | undefined {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (WHATSAPP_CATEGORIES as readonly string[]).includes(lower)
    ? (lower as WhatsAppCategory)
    : undefined;
}

/** How one WhatsApp message goes, by its template's current category. */
export type WhatsAppRoute =
  | { by: 'whatsapp'; endpoint: 'messages' | 'marketing_messages'; category: WhatsAppCategory }
  | { by: 'sms' | 'none'; reason: string };

/**
 * Routes a WhatsApp message by its template's current category (Meta may re-categorise a
 * template after approval; the shop follows its latest word). A marketing template goes to
 * `/marketing_messages`, and only to a shopper who opted into offers on WhatsApp; without that
 * opt-in a template that falls back to SMS (an order update, a sign-in code: service texts under
 * DLT whatever Meta calls them) goes by SMS instead, and any other is not sent.
 */
export function whatsappRoute(input: {
  category: WhatsAppCategory;
  optedIntoWhatsAppOffers: boolean;
  fallsBackToSms: boolean;
}): WhatsAppRoute {
  if (input.category !== 'marketing') {
    return { by: 'whatsapp', endpoint: 'messages', category: input.category };
  }
  if (input.optedIntoWhatsAppOffers) {
    return { by: 'whatsapp', endpoint: 'marketing_messages', category: 'marketing' };
  }
  const reason = 'The template is marketing on WhatsApp and she has not opted into offers there';
  return input.fallsBackToSms ? { by: 'sms', reason } : { by: 'none', reason };
}
/**
 * DLT content categories: a shop's sign-in codes and order updates are service-implicit (any
 * hour); service-explicit and promotional texts need recorded consent and 10:00-21:00 IST.
 */
export type SmsCategory = 'service_implicit' | 'service_explicit' | 'promotional';

/** The brand every SMS template must carry (a DLT rule). */
export const MESSAGE_BRAND = 'Lacebloom';

/** A DLT template's variables are at most 30 characters each. */
export const MAX_VARIABLE_LENGTH = 30;

export interface MessageTemplate {
  name: string;
  purpose: MessagePurpose;
  whatsappCategory: WhatsAppCategory;
  smsCategory: SmsCategory;
  /** The variables in the order the template's placeholders use them. */
  variables: readonly string[];
  /** The body as registered with Meta: `{{1}}`, `{{2}}`… */
  whatsappBody: string;
  /** The text as registered with DLT: `{#var#}` for each variable, in order. */
  smsBody: string;
  /** When WhatsApp fails (or, for a sign-in code, does not deliver in time) an SMS goes instead. */
  fallsBackToSms: boolean;
}

/** Where her order opens on the shop's site: its page is `/orders/<order number>`. */
export const ORDER_PAGE_PATH = '/orders/';

/** The address of her order's page, as an order message links it. */
export const orderPageUrl = (origin: string, orderNumber: string) =>
  `${origin}${ORDER_PAGE_PATH}${encodeURIComponent(orderNumber)}`;

/**
 * Every template the shop sends, with the shop's own address written in (DLT registers a text
 * with its whitelisted URL, so the address is part of the template, never a variable). An order
 * message links her order: the fixed `<origin>/orders/` and the order number as the link's own
 * variable (its last placeholder, so WhatsApp's `{{n}}` and DLT's `{#var#}` each take it again).
 * Meta refuses a body that ends with a variable, so the WhatsApp link is followed by words.
 */
export function messageTemplates(origin: string) {
  const host = new URL(origin).host;
  const link = `${origin}${ORDER_PAGE_PATH}`;
  /** An order update whose last placeholder is the order number in the link. */
  const utility = (
    name: string,
    variables: readonly string[],
    whatsappBody: (linkPlaceholder: string) => string,
    smsBody: string,
  ): MessageTemplate => ({
    name,
    purpose: 'order_updates',
    whatsappCategory: 'utility',
    smsCategory: 'service_implicit',
    variables: [...variables, 'orderNumber'],
    whatsappBody: whatsappBody(`${link}{{${variables.length + 1}}}`),
    smsBody: `${smsBody} ${link}{#var#}`,
    fallsBackToSms: true,
  });
  const templates = {
    sign_in_code: {
      name: 'sign_in_code',
      purpose: 'sign_in',
      whatsappCategory: 'authentication',
      smsCategory: 'service_implicit',
      variables: ['code'],
      // Meta's fixed authentication text, with its expiry line.
      whatsappBody:
        '*{{1}}* is your verification code. For your security, do not share this code.\nThis code expires in 5 minutes.',
      // The last line binds the code to the shop's origin, so browsers offer it only there.
      smsBody: `{#var#} is your ${MESSAGE_BRAND} sign-in code. It expires in 5 minutes. Never share it.\n\n@${host} #{#var#}`,
      fallsBackToSms: true,
    },
    order_placed: utility(
      'order_placed',
      ['orderNumber'],
      (at) =>
        `Thank you! Your ${MESSAGE_BRAND} order {{1}} is placed. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: your order {#var#} is placed. See it at`,
    ),
    order_placed_cod: utility(
      'order_placed_cod',
      ['orderNumber', 'codCode'],
      (at) =>
        `Thank you! Your ${MESSAGE_BRAND} order {{1}} is placed, to pay on delivery. Its confirmation code is {{2}}. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: your order {#var#} is placed (pay on delivery). Confirmation code {#var#}. See it at`,
    ),
    // Her order's page shows the courier, the AWB, the courier's tracking link and each scan:
    // the order link is the tracking link.
    order_shipped: utility(
      'order_shipped',
      ['orderNumber', 'courier', 'awb'],
      (at) =>
        `Your ${MESSAGE_BRAND} order {{1}} has shipped with {{2}}, tracking number {{3}}. Track it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: order {#var#} shipped with {#var#}, AWB {#var#}. Track it at`,
    ),
    order_out_for_delivery: utility(
      'order_out_for_delivery',
      ['orderNumber'],
      (at) =>
        `Your ${MESSAGE_BRAND} order {{1}} is out for delivery today. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: order {#var#} is out for delivery today.`,
    ),
    order_delivered: utility(
      'order_delivered',
      ['orderNumber'],
      (at) =>
        `Your ${MESSAGE_BRAND} order {{1}} has been delivered. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: order {#var#} has been delivered.`,
    ),
    order_cancelled: utility(
      'order_cancelled',
      ['orderNumber'],
      (at) =>
        `Your ${MESSAGE_BRAND} order {{1}} has been cancelled. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: order {#var#} has been cancelled.`,
    ),
    return_picked_up: utility(
      'return_picked_up',
      ['orderNumber'],
      (at) =>
        `The return of your ${MESSAGE_BRAND} order {{1}} has been picked up. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: the return of order {#var#} has been picked up.`,
    ),
    refund_sent: utility(
      'refund_sent',
      ['orderNumber', 'amount'],
      (at) =>
        `A refund of {{2}} for your ${MESSAGE_BRAND} order {{1}} has been sent. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: refund of {#var#} for order {#var#} sent.`,
    ),
    refund_credited: utility(
      'refund_credited',
      ['orderNumber', 'amount'],
      (at) =>
        `The refund of {{2}} for your ${MESSAGE_BRAND} order {{1}} has been credited. See it at ${at} once signed in.`,
      `${MESSAGE_BRAND}: refund of {#var#} for order {#var#} credited.`,
    ),
    offer: {
      name: 'offer',
      purpose: 'offers',
      whatsappCategory: 'marketing',
      smsCategory: 'promotional',
      variables: ['headline'],
      whatsappBody: `${MESSAGE_BRAND}: {{1}}. See it at ${origin}`,
      smsBody: `${MESSAGE_BRAND}: {#var#}. See it at ${origin}`,
      fallsBackToSms: false,
    },
  } satisfies Record<string, MessageTemplate>;
  return templates;
}

export type MessageTemplates = ReturnType<typeof messageTemplates>;
export type MessageTemplateName = keyof MessageTemplates;

/**
 * The refund templates name the amount before the order in their SMS text (the link's order
 * number last, as in every order update): the SMS variables in the order the text uses them.
 */
function smsOrder(template: MessageTemplate): readonly string[] {
  if (template.name === 'refund_sent' || template.name === 'refund_credited') {
    return ['amount', 'orderNumber', 'orderNumber'];
  }
  if (template.name === 'sign_in_code') return ['code', 'code'];
  return template.variables;
}

/** The variables in the order the SMS text's `{#var#}` placeholders take them. */
export function smsVariables(template: MessageTemplate, values: Record<string, string>): string[] {
  return smsOrder(template).map((name) => values[name] ?? '');
}

/** The variables in the order of WhatsApp's `{{n}}` placeholders. */
export function whatsappVariables(
  template: MessageTemplate,
  values: Record<string, string>,
): string[] {
  return template.variables.map((name) => values[name] ?? '');
}

/** The SMS as the phone shows it: each `{#var#}` replaced by the next value. */
export function renderSms(body: string, values: readonly string[]): string {
  let index = 0;
  return body.replace(/\{#var#\}/g, () => values[index++] ?? '');
}

/** The WhatsApp body as the phone shows it: `{{n}}` replaced by the n-th value. */
export function renderWhatsApp(body: string, values: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (_match, n: string) => values[Number(n) - 1] ?? '');
}

/** Words no message may carry: what is in the parcel stays between her and the shop. */
const INDISCREET =
  /\b(lingerie|bras?|bralette|panty|panties|brief|thong|nightwear|nighty|sleepwear|shapewear|camisole|babydoll|corset|underwear|innerwear|intimates?|lace|size|cup)\b/i;

/** Why a variable's value may not go into a message, or undefined when it may. */
export function variableProblem(name: string, value: string): string | undefined {
  if (value.length === 0) return `${name} is empty`;
  if (value.length > MAX_VARIABLE_LENGTH) {
    return `${name} is longer than ${MAX_VARIABLE_LENGTH} characters`;
  }
  if (INDISCREET.test(value)) return `${name} names what is in the parcel`;
  if (/[\r\n]/.test(value)) return `${name} has a line break`;
  return undefined;
}

/** True when a text as the phone shows it names nothing of what she bought. */
export function isDiscreet(text: string): boolean {
  // The brand itself contains 'lace': judged without it.
  return !INDISCREET.test(text.replaceAll(MESSAGE_BRAND, ''));
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
/** Promotional and service-explicit SMS only from 10:00 to 21:00 in India (TRAI). */
const PROMO_OPENS_HOUR = 10;
const PROMO_CLOSES_HOUR = 21;

/** Whether an SMS of this category may be sent at `at` (the operators refuse it otherwise). */
export function smsAllowedAt(category: SmsCategory, at: Date): boolean {
  if (category === 'service_implicit') return true;
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  return minutes >= PROMO_OPENS_HOUR * 60 && minutes < PROMO_CLOSES_HOUR * 60;
}

/** The next 10:00 IST at or after `at`: when a refused promotional text is tried again. */
export function nextPromotionalWindow(at: Date): Date {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const opens = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), 10);
  const day = 24 * 60 * 60_000;
  const next = ist.getTime() < opens ? opens : opens + day;
  return new Date(next - IST_OFFSET_MS);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits on sign-in codes (counted together, in one statement, before any provider call). */
export const PHONE_CODE_LIMITS = {
  /** A code is good for 5 minutes and 5 checks. */
  ttlMs: 5 * MINUTE,
  maxChecks: 5,
  /** A second code after 30 s, then each wait doubles, up to 32 minutes. */
  resendFirstMs: 30_000,
  resendMaxMs: 32 * MINUTE,
  /** A run of resends is forgotten an hour after its last code. */
  resendMemoryMs: HOUR,
  perNumber: { limit: 3, windowMs: 15 * MINUTE },
  perAddress: { limit: 10, windowMs: HOUR },
  /** Numbers sharing all but their last 4 digits (an SMS-pumping range). */
  perPrefix: { limit: 30, windowMs: HOUR },
  /** The shop-wide cap a day (PHONE_CODES_PER_DAY). */
  perDayDefault: 2000,
  /** WhatsApp has this long to report the code delivered before it goes by SMS. */
  whatsappDeliveryWaitMs: 20_000,
} as const;

/** The range a number is counted in: all but its last 4 digits. */
export function phonePrefix(phone: string): string {
  return phone.slice(0, -4);
}

/** A status only moves forward: a late or replayed one never undoes a later one. */
export const DELIVERY_STATUS_RANK = {
  queued: 0,
  sending: 1,
  unconfirmed: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
  cancelled: 5,
} as const;
export type DeliveryStatus = keyof typeof DELIVERY_STATUS_RANK;

/** Her choices of phone channel for one purpose (her account's current preferences). */
export type ChannelChoices = Pick<AccountChannelChoices, 'whatsapp' | 'sms'>;

/** The steps of an order's life that send her an update, and the template of each. */
export const ORDER_UPDATE_TEMPLATES = {
  placed: 'order_placed',
  placed_cod: 'order_placed_cod',
  shipped: 'order_shipped',
  out_for_delivery: 'order_out_for_delivery',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
  return_picked_up: 'return_picked_up',
  refund_sent: 'refund_sent',
  refund_credited: 'refund_credited',
} as const satisfies Record<string, MessageTemplateName>;
export type OrderUpdateStep = keyof typeof ORDER_UPDATE_TEMPLATES;

/** The event key of one step of one order: the outbox sends each once per channel and number. */
export const orderUpdateEventKey = (orderId: string, step: string) => `order:${orderId}:${step}`;

/**
 * Where an order update goes, given her current choices (`currentMessagePreferences(…)
 * .orderUpdates`, whose defaults are the one rule of what she gets before she chose). WhatsApp
 * only to a number she verified (its utility template; the outbox falls back to SMS); SMS
 * (service-implicit, any hour) to her verified number, else to the delivery address's phone. A
 * channel she switched off gets nothing.
 */
export function orderUpdateRecipients(input: {
  verifiedPhone: string | null | undefined;
  addressPhone: string | null | undefined;
  choices: ChannelChoices;
}): { phone: string; channel: MessageChannel }[] {
  const { choices } = input;
  // An address may carry +91 or spaces: the outbox takes the 10 digits.
  const tenDigits = (phone: string | null | undefined) => {
    const digits = (phone ?? '').replace(/\D/g, '').slice(-10);
    return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
  };
  const verified = tenDigits(input.verifiedPhone);
  if (verified) {
    if (choices.whatsapp) return [{ phone: verified, channel: 'whatsapp' }];
    return choices.sms ? [{ phone: verified, channel: 'sms' }] : [];
  }
  const address = tenDigits(input.addressPhone);
  return address && choices.sms ? [{ phone: address, channel: 'sms' }] : [];
}
