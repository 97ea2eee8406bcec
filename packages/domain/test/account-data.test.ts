import { describe, expect, it } from 'vitest';
import {
  addMonths,
  changedChoices,
  currentMessagePreferences,
  defaultMessagePreferences,
  GST_RECORD_MONTHS,
  orderKeptUntil,
} from '../src/account-data.ts';

const at = (iso: string) => new Date(iso);

describe('message preferences', () => {
  it('start with order updates by e-mail and SMS, WhatsApp only for a verified phone, no offers', () => {
    expect(defaultMessagePreferences({ hasVerifiedPhone: false })).toEqual({
      orderUpdates: { email: true, whatsapp: false, sms: true },
      offers: { email: false, whatsapp: false, sms: false },
    });
    expect(defaultMessagePreferences({ hasVerifiedPhone: true }).orderUpdates).toEqual({
      email: true,
      whatsapp: true,
      sms: true,
    });
  });

  it('follow the newest record of each purpose and channel, whatever order they come in', () => {
    const preferences = currentMessagePreferences(
      [
        { purpose: 'offers', channel: 'sms', granted: false, at: at('2026-03-01T00:00:00Z') },
        { purpose: 'offers', channel: 'sms', granted: true, at: at('2026-01-01T00:00:00Z') },
        { purpose: 'offers', channel: 'email', granted: true, at: at('2026-02-01T00:00:00Z') },
        { purpose: 'orderUpdates', channel: 'email', granted: false, at: at('2026-02-01Z') },
      ],
      { hasVerifiedPhone: false },
    );
    expect(preferences.offers).toEqual({ email: true, whatsapp: false, sms: false });
    expect(preferences.orderUpdates.email).toBe(false);
  });

  it('name each changed choice once, and nothing when nothing changed', () => {
    const before = defaultMessagePreferences({ hasVerifiedPhone: false });
    expect(changedChoices(before, before)).toEqual([]);
    const after = {
      orderUpdates: { ...before.orderUpdates, email: false },
      offers: { ...before.offers, whatsapp: true },
    };
    expect(changedChoices(before, after)).toEqual([
      { purpose: 'orderUpdates', channel: 'email', granted: false },
      { purpose: 'offers', channel: 'whatsapp', granted: true },
    ]);
  });
});

describe('what an erasure keeps', () => {
  const now = at('2026-11-29T00:00:00Z');

  it('keeps an invoiced order for 72 months from its invoice', () => {
    const issued = at('2026-05-31T10:00:00Z');
    expect(GST_RECORD_MONTHS).toBe(72);
    expect(orderKeptUntil({ invoiceIssuedAt: issued, paidAt: issued, now })).toEqual(
      at('2032-05-31T10:00:00Z'),
    );
  });

  it('keeps a paid order not invoiced yet from its payment, and nothing unpaid or past its time', () => {
    expect(
      orderKeptUntil({ invoiceIssuedAt: null, paidAt: at('2026-11-01T00:00:00Z'), now }),
    ).toEqual(at('2032-11-01T00:00:00Z'));
    expect(orderKeptUntil({ invoiceIssuedAt: null, paidAt: null, now })).toBeNull();
    expect(
      orderKeptUntil({ invoiceIssuedAt: at('2020-11-28T00:00:00Z'), paidAt: null, now }),
    ).toBeNull();
  });

  it('adds calendar months, landing on the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T08:00:00Z'), 1)).toEqual(at('2026-02-28T08:00:00Z'));
    expect(addMonths(at('2028-02-29T00:00:00Z'), 12)).toEqual(at('2029-02-28T00:00:00Z'));
  });
});
