import { orderPageUrl } from '@shop/domain/messages';
import { formatMoney } from '@shop/domain/money';
import type { ReturnAction, ReturnStep } from '@shop/domain/returns';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * The returns desk's mails, one per step, each saying what happens next. Subjects name the order
 * number only, never what was bought (inboxes and lock screens are seen by others).
 */

export interface ReturnMailLine {
  orderNumber: string;
  action: ReturnAction;
  productName: string;
  colorName: string;
  size: string;
  quantity: number;
  exchangeFor: { colorName: string; size: string } | null;
}

export interface ReturnMailFacts {
  /** The reason of a decline or a failed check. */
  reason?: string | null | undefined;
  /** The parcel a step booked: the pickup, the replacement, the items sent back. */
  parcel?: { awb: string; trackingUrl: string | null; courier: string | null } | undefined;
  /** Paise refunded. */
  refundPaise?: number | undefined;
}

/** "1 × Lace Bra (Black, size 34B), to be exchanged for size 36B". */
export function returnLineWords(line: ReturnMailLine): string {
  const bought = `${line.quantity} × ${line.productName} (${line.colorName}, size ${line.size.toUpperCase()})`;
  if (!line.exchangeFor) return `${bought}, returned for a refund`;
  const wanted = [
    line.exchangeFor.colorName.toLowerCase() !== line.colorName.toLowerCase()
      ? line.exchangeFor.colorName
      : undefined,
    line.exchangeFor.size.toLowerCase() !== line.size.toLowerCase()
      ? `size ${line.exchangeFor.size.toUpperCase()}`
      : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return `${bought}, to be exchanged for ${wanted}`;
}

const parcelWords = (parcel: ReturnMailFacts['parcel']) =>
  parcel
    ? `${parcel.courier ? `${parcel.courier}, ` : ''}AWB ${parcel.awb}${parcel.trackingUrl ? ` (track it at ${parcel.trackingUrl})` : ''}.`
    : '';

/** What each step tells the shopper, and what comes next. */
function stepParagraphs(step: ReturnStep, line: ReturnMailLine, facts: ReturnMailFacts): string[] {
  const exchange = line.action === 'exchange';
  switch (step) {
    case 'approve':
      return [
        `We have approved your ${exchange ? 'exchange' : 'return'}.`,
        'Next we book a courier to collect it from your delivery address; we will write with the pickup details. Please pack the item in its original packaging with every tag attached.',
      ];
    case 'decline':
      return [
        `We are sorry: we could not accept your ${exchange ? 'exchange' : 'return'}.`,
        ...(facts.reason ? [`Why: ${facts.reason}`] : []),
        'If you think we got this wrong, reply to this mail and our care team will look again.',
      ];
    case 'schedulePickup':
      return [
        `A courier will collect it from your delivery address within 1-2 business days: ${parcelWords(facts.parcel)}`,
        'Please keep it packed in its original packaging with every tag attached; the courier may check the item at your door.',
      ];
    case 'receive':
      return [
        'Your item has reached us. We check it within 2 business days (tags on, unworn and unwashed) and write again with the result.',
      ];
    case 'passCheck':
      return [
        'Your item has passed our quality check.',
        exchange
          ? 'Next we pack your replacement; it ships within 2-3 business days.'
          : 'Next we refund it to your original payment method, less any discount applied to it.',
      ];
    case 'failCheck':
      return [
        'We are sorry: your item did not pass our quality check, so we cannot take it back.',
        ...(facts.reason ? [`Why: ${facts.reason}`] : []),
        'We will send the item back to your delivery address at our cost and write with its tracking number.',
      ];
    case 'restock':
      return exchange
        ? [
            'Your replacement is being packed and ships within 2-3 business days. We will write again when it is on its way.',
          ]
        : ['Your item is back with us. Your refund follows shortly; we will write when it starts.'];
    case 'refund':
      return [
        facts.refundPaise && facts.refundPaise > 0
          ? `We have started a refund of ${formatMoney(facts.refundPaise)} to your original payment method; banks take 5-7 business days to show it.`
          : 'Your return is complete.',
      ];
    case 'shipReplacement':
      return [
        `Your replacement is on its way: ${parcelWords(facts.parcel)}`,
        'It usually arrives in 3-5 business days.',
      ];
    case 'sendBack':
      return [
        `We have sent your item back to you: ${parcelWords(facts.parcel)}`,
        'It usually arrives in 3-5 business days.',
      ];
  }
}

const SUBJECTS: Record<ReturnStep, string> = {
  approve: 'Your request is approved',
  decline: 'About your request',
  schedulePickup: 'Your pickup is booked',
  receive: 'We have your item',
  passCheck: 'Your item passed our check',
  failCheck: 'About your returned item',
  restock: 'Your request is moving',
  refund: 'Your refund',
  shipReplacement: 'Your replacement has shipped',
  sendBack: 'Your item is on its way back',
};

export function returnStepMail(
  step: ReturnStep,
  to: string,
  firstName: string,
  line: ReturnMailLine,
  facts: ReturnMailFacts,
  publicUrl: string,
): MailMessage {
  const paragraphs = [
    `Hello ${firstName},`,
    `About order ${line.orderNumber}: ${returnLineWords(line)}.`,
    ...stepParagraphs(step, line, facts),
  ];
  const link = orderPageUrl(publicUrl, line.orderNumber);
  return {
    to,
    subject: `${SUBJECTS[step]}: order ${line.orderNumber}`,
    text: `${paragraphs.join('\n\n')}\n\n${link}${signOff}`,
    html: layout(paragraphs, { label: 'See your order', url: link }),
  };
}
