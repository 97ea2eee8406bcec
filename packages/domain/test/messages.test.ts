import { describe, expect, it } from 'vitest';
import { currentMessagePreferences } from '../src/account-data.ts';
import {
  orderUpdateEventKey,
  orderUpdateRecipients,
  isDiscreet,
  MESSAGE_BRAND,
  messageTemplates,
  nextPromotionalWindow,
  ORDER_UPDATE_TEMPLATES,
  orderPageUrl,
  phonePrefix,
  renderSms,
  renderWhatsApp,
  smsAllowedAt,
  smsVariables,
  variableProblem,
  whatsappCategoryFrom,
  whatsappRoute,
  whatsappVariables,
} from '../src/messages.ts';

const templates = messageTemplates('https://lacebloom.in');
const sample: Record<string, string> = {
  code: '482913',
  orderNumber: 'LB-2611-0042',
  codCode: '771204',
  courier: 'Delhivery',
  awb: '1490811234567',
  amount: 'Rs 1,299',
  headline: 'New colours this week',
};

describe('message templates', () => {
  it('carry the brand in every SMS and name nothing she bought', () => {
    for (const template of Object.values(templates)) {
      const text = renderSms(template.smsBody, smsVariables(template, sample));
      expect(text).toContain(MESSAGE_BRAND);
      expect(isDiscreet(text)).toBe(true);
      expect(isDiscreet(template.whatsappBody)).toBe(true);
      expect(text).not.toContain('{#var#}');
    }
  });

  it('end the sign-in SMS with the origin-bound line', () => {
    const template = templates.sign_in_code;
    const text = renderSms(template.smsBody, smsVariables(template, sample));
    expect(text.endsWith('@lacebloom.in #482913')).toBe(true);
  });

  it('link every order update to her order, its number the only variable of the link', () => {
    const orderLink = orderPageUrl('https://lacebloom.in', sample.orderNumber!);
    expect(orderLink).toBe('https://lacebloom.in/orders/LB-2611-0042');
    for (const name of Object.values(ORDER_UPDATE_TEMPLATES)) {
      const template = templates[name];
      const sms = renderSms(template.smsBody, smsVariables(template, sample));
      const whatsapp = renderWhatsApp(template.whatsappBody, whatsappVariables(template, sample));
      // The link is the text's last word on SMS; on WhatsApp words follow it (Meta refuses a
      // body that ends with a variable), so the link ends at a space.
      expect(sms.endsWith(` ${orderLink}`), name).toBe(true);
      expect(whatsapp, name).toContain(` ${orderLink} `);
      expect(template.whatsappBody, name).not.toMatch(/\}\}\s*$/);
      expect(template.smsBody, name).toContain('https://lacebloom.in/orders/{#var#}');
      // As many values as placeholders, the order number included for the link.
      expect(smsVariables(template, sample)).toHaveLength(
        template.smsBody.split('{#var#}').length - 1,
      );
      expect(template.whatsappBody).toContain(`{{${template.variables.length}}}`);
      expect(isDiscreet(sms) && isDiscreet(whatsapp), name).toBe(true);
    }
    // The refund names the amount first; the link still carries the order number.
    const refund = templates.refund_sent;
    expect(renderSms(refund.smsBody, smsVariables(refund, sample))).toBe(
      `${MESSAGE_BRAND}: refund of Rs 1,299 for order LB-2611-0042 sent. ${orderLink}`,
    );
    const shipped = templates.order_shipped;
    expect(renderWhatsApp(shipped.whatsappBody, whatsappVariables(shipped, sample))).toBe(
      `Your ${MESSAGE_BRAND} order LB-2611-0042 has shipped with Delhivery, tracking number 1490811234567. Track it at ${orderLink} once signed in.`,
    );
  });

  it('refuse variables over 30 characters or naming the goods', () => {
    expect(variableProblem('headline', 'x'.repeat(31))).toContain('30 characters');
    expect(variableProblem('headline', 'Lace bras at half price')).toContain('names what is in');
    expect(variableProblem('orderNumber', 'LB-2611-0042')).toBeUndefined();
  });
});

describe('promotional hours in India', () => {
  it('sends promotional texts from 10:00 to 21:00 IST, service-implicit ones at any hour', () => {
    expect(smsAllowedAt('promotional', new Date('2026-11-30T04:29:00Z'))).toBe(false); // 09:59
    expect(smsAllowedAt('promotional', new Date('2026-11-30T04:30:00Z'))).toBe(true); // 10:00
    expect(smsAllowedAt('promotional', new Date('2026-11-30T15:29:00Z'))).toBe(true); // 20:59
    expect(smsAllowedAt('service_explicit', new Date('2026-11-30T15:30:00Z'))).toBe(false); // 21:00
    expect(smsAllowedAt('service_implicit', new Date('2026-11-30T20:00:00Z'))).toBe(true);
  });

  it('tries a refused text again at the next 10:00 IST', () => {
    expect(nextPromotionalWindow(new Date('2026-11-30T17:00:00Z')).toISOString()).toBe(
      '2026-12-01T04:30:00.000Z',
    );
    expect(nextPromotionalWindow(new Date('2026-11-30T20:00:00Z')).toISOString()).toBe(
      '2026-12-01T04:30:00.000Z',
    );
    expect(nextPromotionalWindow(new Date('2026-11-30T02:00:00Z')).toISOString()).toBe(
      '2026-11-30T04:30:00.000Z',
    );
  });

  it('counts numbers by their range without the last 4 digits', () => {
    expect(phonePrefix('9876543210')).toBe('987654');
  });
});

describe('where an order update goes', () => {
  // Before she chose anything: the account's defaults, the one rule both her page and the sender read.
  const untouched = (hasVerifiedPhone: boolean) =>
    currentMessagePreferences([], { hasVerifiedPhone }).orderUpdates;

  it('goes by WhatsApp to her verified number, else by SMS to the delivery phone', () => {
    expect(
      orderUpdateRecipients({
        verifiedPhone: '9876500001',
        addressPhone: '+91 98765 00002',
        choices: untouched(true),
      }),
    ).toEqual([{ phone: '9876500001', channel: 'whatsapp' }]);
    expect(
      orderUpdateRecipients({
        verifiedPhone: null,
        addressPhone: '+91 98765 00002',
        choices: untouched(false),
      }),
    ).toEqual([{ phone: '9876500002', channel: 'sms' }]);
    expect(
      orderUpdateRecipients({
        verifiedPhone: null,
        addressPhone: '12345',
        choices: untouched(false),
      }),
    ).toEqual([]);
  });

  it('sends what her account shows before she chose: SMS on without a verified number', () => {
    // Her page and the sender read the same defaults: a shopper who never chose sees SMS on
    // and gets the delivery phone's SMS; she sees WhatsApp off and gets none there.
    const shown = untouched(false);
    expect(shown).toEqual({ email: true, whatsapp: false, sms: true });
    const sent = orderUpdateRecipients({
      verifiedPhone: null,
      addressPhone: '9876500002',
      choices: shown,
    });
    expect(sent.map((one) => one.channel)).toEqual(shown.sms ? ['sms'] : []);
    expect(sent).toHaveLength(1);
    // Her own withdrawal of SMS stops it, whatever the default.
    const withdrawn = currentMessagePreferences(
      [{ purpose: 'orderUpdates', channel: 'sms', granted: false, at: new Date() }],
      { hasVerifiedPhone: false },
    ).orderUpdates;
    expect(
      orderUpdateRecipients({
        verifiedPhone: null,
        addressPhone: '9876500002',
        choices: withdrawn,
      }),
    ).toEqual([]);
  });

  it('follows her choices: SMS to her verified number when WhatsApp is off, nothing when both are', () => {
    const verifiedPhone = '9876500001';
    expect(
      orderUpdateRecipients({
        verifiedPhone,
        addressPhone: null,
        choices: { whatsapp: false, sms: true },
      }),
    ).toEqual([{ phone: verifiedPhone, channel: 'sms' }]);
    expect(
      orderUpdateRecipients({
        verifiedPhone,
        addressPhone: '9876500002',
        choices: { whatsapp: false, sms: false },
      }),
    ).toEqual([]);
    // WhatsApp never goes to a number she did not verify.
    expect(
      orderUpdateRecipients({
        verifiedPhone: null,
        addressPhone: '9876500002',
        choices: { whatsapp: true, sms: false },
      }),
    ).toEqual([]);
    expect(orderUpdateEventKey('o1', 'shipped')).toBe('order:o1:shipped');
  });
});

describe("routing by a template's current category", () => {
  it("reads Meta's category names, and nothing else", () => {
    expect(whatsappCategoryFrom('MARKETING')).toBe('marketing');
    expect(whatsappCategoryFrom('utility')).toBe('utility');
    expect(whatsappCategoryFrom('SERVICE')).toBeUndefined();
    expect(whatsappCategoryFrom(7)).toBeUndefined();
  });

  it('sends marketing only to /marketing_messages and only with her opt-in; else SMS or nothing', () => {
    expect(
      whatsappRoute({ category: 'utility', optedIntoWhatsAppOffers: false, fallsBackToSms: true }),
    ).toEqual({ by: 'whatsapp', endpoint: 'messages', category: 'utility' });
    expect(
      whatsappRoute({ category: 'marketing', optedIntoWhatsAppOffers: true, fallsBackToSms: true }),
    ).toEqual({ by: 'whatsapp', endpoint: 'marketing_messages', category: 'marketing' });
    expect(
      whatsappRoute({ category: 'marketing', optedIntoWhatsAppOffers: false, fallsBackToSms: true })
        .by,
    ).toBe('sms');
    expect(
      whatsappRoute({
        category: 'marketing',
        optedIntoWhatsAppOffers: false,
        fallsBackToSms: false,
      }).by,
    ).toBe('none');
  });
});
