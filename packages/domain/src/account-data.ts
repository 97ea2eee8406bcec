/**
 * A shopper's choices about messages and what the shop keeps of her data (India's DPDP Act 2023
 * and its Rules 2025). Consent is given by a clear act (an unticked box she ticks), withdrawn as
 * easily, and every change is a record of its own; what a law makes the shop keep outlives an
 * erasure only for that law's period.
 */

/** Why the shop writes to her: about an order she placed, or to sell her something. */
export const messagePurposes = ['orderUpdates', 'offers'] as const;
export type MessagePurpose = (typeof messagePurposes)[number];

export const messageChannels = ['email', 'whatsapp', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** Where she made a choice; 'account-deleted' is the withdrawal an erasure records. */
export const consentSources = ['sign-up', 'profile', 'checkout', 'account-deleted'] as const;
export type ConsentSource = (typeof consentSources)[number];

const channelLabels: Record<MessageChannel, string> = {
  email: 'e-mail',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

/**
 * The exact words beside each box. A change of wording is a new text here: records made under
 * the old words keep them.
 */
export const consentWording: Record<MessagePurpose, Record<MessageChannel, string>> = {
  orderUpdates: {
    email: `Send me updates about my orders (placed, shipped, delivered, returns and refunds) by ${channelLabels.email}.`,
    whatsapp: `Send me updates about my orders (placed, shipped, delivered, returns and refunds) on ${channelLabels.whatsapp} to my verified mobile number.`,
    sms: `Send me updates about my orders (placed, shipped, delivered, returns and refunds) by ${channelLabels.sms} to my verified mobile number, or else to the phone of the order's delivery address.`,
  },
  offers: {
    email: `Send me offers and new arrivals by ${channelLabels.email}. I can stop them any time in My Account.`,
    whatsapp: `Send me offers and new arrivals on ${channelLabels.whatsapp}. I can stop them any time in My Account.`,
    sms: `Send me offers and new arrivals by ${channelLabels.sms} (10 am to 9 pm only). I can stop them any time in My Account.`,
  },
};

/** What a withdrawal made by deleting the account records as its words. */
export const erasureWithdrawalWording =
  'I deleted my account: send me no more messages of any kind.';

export type ChannelChoices = Record<MessageChannel, boolean>;
export type MessagePreferences = Record<MessagePurpose, ChannelChoices>;

/** One recorded choice: the newest per purpose and channel is the one that counts. */
export interface ConsentChoice {
  purpose: MessagePurpose;
  channel: MessageChannel;
  granted: boolean;
  at: Date;
}

/**
 * What holds before she chose anything, the one rule the account page and every sender read.
 * Order updates are part of the order she asked for: by e-mail, and by SMS (a service text, to
 * her verified number, else to the delivery address's phone she gave with the order); on
 * WhatsApp only once her number is verified (a number nobody proved may be someone else's, and
 * WhatsApp never goes to the delivery phone). Offers are off on every channel until she ticks them.
 */
export function defaultMessagePreferences(options: {
  hasVerifiedPhone: boolean;
}): MessagePreferences {
  return {
    orderUpdates: { email: true, whatsapp: options.hasVerifiedPhone, sms: true },
    offers: { email: false, whatsapp: false, sms: false },
  };
}

/** Her choices now: the defaults, overridden by the newest record of each purpose and channel. */
export function currentMessagePreferences(
  records: readonly ConsentChoice[],
  options: { hasVerifiedPhone: boolean },
): MessagePreferences {
  const preferences = defaultMessagePreferences(options);
  const newest = new Map<string, ConsentChoice>();
  for (const record of records) {
    const key = `${record.purpose}:${record.channel}`;
    const seen = newest.get(key);
    if (!seen || seen.at.getTime() <= record.at.getTime()) newest.set(key, record);
  }
  for (const record of newest.values()) {
    preferences[record.purpose][record.channel] = record.granted;
  }
  return preferences;
}

/** The choices that differ between two sets: each one becomes a consent record. */
export function changedChoices(
  before: MessagePreferences,
  after: MessagePreferences,
): { purpose: MessagePurpose; channel: MessageChannel; granted: boolean }[] {
  const changes: { purpose: MessagePurpose; channel: MessageChannel; granted: boolean }[] = [];
  for (const purpose of messagePurposes) {
    for (const channel of messageChannels) {
      if (before[purpose][channel] !== after[purpose][channel]) {
        changes.push({ purpose, channel, granted: after[purpose][channel] });
      }
    }
  }
  return changes;
}

/** Purposes she withdrew on at least one channel: what is queued for them must go at once. */
export function withdrawnPurposes(
  changes: readonly { purpose: MessagePurpose; channel: MessageChannel; granted: boolean }[],
): { purpose: MessagePurpose; channel: MessageChannel }[] {
  return changes
    .filter((change) => !change.granted)
    .map(({ purpose, channel }) => ({ purpose, channel }));
}

/**
 * GST records (tax invoices and the orders they bill) are kept for 72 months (CGST Act s. 36 and
 * rule 56): an erasure keeps such an order until then, without her contact details.
 */
export const GST_RECORD_MONTHS = 72;

/** `at` plus whole calendar months, in UTC (the 31st lands on the month's last day). */
export function addMonths(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * Until when a law makes the shop keep an order, or null when nothing does: an order with a tax
 * invoice is kept for the GST period from the invoice; a paid order not invoiced yet (the shop has
 * no GSTIN, or the job has not reached it) from its payment, as its invoice is still owed.
 */
export function orderKeptUntil(order: {
  invoiceIssuedAt: Date | null;
  paidAt: Date | null;
  now: Date;
}): Date | null {
  const from = order.invoiceIssuedAt ?? order.paidAt;
  if (!from) return null;
  const until = addMonths(from, GST_RECORD_MONTHS);
  return until.getTime() > order.now.getTime() ? until : null;
}
