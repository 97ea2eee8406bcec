import { describe, expect, it } from 'vitest';
import {
  isDiscreet,
  MESSAGE_BRAND,
  messageTemplates,
  nextPromotionalWindow,
  phonePrefix,
  renderSms,
  smsAllowedAt,
  smsVariables,
  variableProblem,
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
