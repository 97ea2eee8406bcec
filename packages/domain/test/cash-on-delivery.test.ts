import { describe, expect, it } from 'vitest';
import {
  codDecision,
  codMessages,
  codRefusals,
  newCodCode,
  normalizeCodCode,
  type CodTerms,
  type RecentOrder,
} from '../src/cash-on-delivery.ts';

const terms: CodTerms = {
  enabled: true,
  feePaise: 4_900,
  minOrderPaise: 49_900,
  maxOrderPaise: 10_00_000,
};
const prepaid: RecentOrder = { paymentMethod: 'razorpay', refusedAtDoor: false, cancelled: false };
const refused: RecentOrder = { paymentMethod: 'cod', refusedAtDoor: true, cancelled: true };
const cancelledCod: RecentOrder = { paymentMethod: 'cod', refusedAtDoor: false, cancelled: true };
const cancelledPrepaid: RecentOrder = { ...prepaid, cancelled: true };

const decide = (overrides: Partial<Parameters<typeof codDecision>[0]> = {}) =>
  codDecision({
    terms,
    orderPaise: 1_29_900,
    pinCodeTakesCash: true,
    recentOrders: [],
    ...overrides,
  });

describe('cash on delivery', () => {
  it('is offered with its fee within the owner’s terms', () => {
    expect(decide()).toEqual({ ok: true, feePaise: 4_900 });
    expect(decide({ orderPaise: 49_900 })).toEqual({ ok: true, feePaise: 4_900 });
    expect(decide({ orderPaise: 10_00_000 })).toEqual({ ok: true, feePaise: 4_900 });
  });

  it('is refused with the reason: off, PIN code, order value', () => {
    expect(decide({ terms: { ...terms, enabled: false } })).toEqual({
      ok: false,
      message: codMessages.off,
    });
    expect(decide({ pinCodeTakesCash: false })).toEqual({
      ok: false,
      message: 'Cash on delivery is not available for this PIN code',
    });
    expect(decide({ orderPaise: 49_899 })).toEqual({
      ok: false,
      message: 'Cash on delivery is available on orders of ₹499 or more',
    });
    expect(decide({ orderPaise: 10_00_001 })).toEqual({
      ok: false,
      message: 'Cash on delivery is available on orders up to ₹10,000',
    });
  });

  it('asks an account with 3 refusals in its last 10 orders to pay online', () => {
    expect(codRefusals([refused, cancelledCod, cancelledPrepaid, prepaid])).toBe(2);
    expect(decide({ recentOrders: [refused, cancelledCod, prepaid] })).toMatchObject({ ok: true });
    expect(decide({ recentOrders: [refused, cancelledCod, refused] })).toEqual({
      ok: false,
      message: codMessages.history,
    });
    // A prepaid order cancelled is no refusal; refusals older than the last 10 orders are forgiven.
    expect(
      decide({ recentOrders: [cancelledPrepaid, cancelledPrepaid, cancelledPrepaid] }),
    ).toMatchObject({ ok: true });
    const old = [...Array.from({ length: 10 }, () => prepaid), refused, refused, refused];
    expect(decide({ recentOrders: old })).toMatchObject({ ok: true });
  });

  it('makes six-digit codes and reads them as typed', () => {
    expect(newCodCode(() => 42)).toBe('000042');
    expect(newCodCode(() => 999_999)).toBe('999999');
    expect(normalizeCodCode(' 123-456 ')).toBe('123456');
  });
});
