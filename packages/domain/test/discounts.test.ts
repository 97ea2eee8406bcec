import { describe, expect, it } from 'vitest';
import { evaluateDiscount, normalizeDiscountCode, type DiscountRule } from '../src/discounts.ts';

const now = new Date('2026-11-23T10:00:00Z');
const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  code: 'NEW10',
  type: 'coupon',
  description: '10% off your first order',
  percentOff: 10,
  amountOffPaise: null,
  minSubtotalPaise: 0,
  maxDiscountPaise: null,
  startsAt: null,
  expiresAt: null,
  usageLimit: null,
  perUserLimit: 1,
  eligibleCategoryIds: [],
  eligibleProductIds: [],
  isActive: true,
  firstOrderOnly: false,
  ...overrides,
});
const lines = [
  { productId: 'p1', categoryId: 'bras', lineTotalPaise: 129_900 },
  { productId: 'p2', categoryId: 'panties', lineTotalPaise: 39_900 },
];
const context = { lines, now, timesUsed: 0, timesUsedByShopper: 0, hasPaidOrder: false };

describe('evaluateDiscount', () => {
  it('takes a percentage of the subtotal, rounded half up to the paisa once', () => {
    expect(evaluateDiscount(rule(), context)).toEqual({ ok: true, amountPaise: 16_980 });
    const odd = {
      ...context,
      lines: [{ productId: 'p', categoryId: 'c', lineTotalPaise: 19_905 }],
    };
    // 10% of ₹199.05 is ₹19.905: half a paisa rounds up to ₹19.91.
    expect(evaluateDiscount(rule(), odd)).toEqual({ ok: true, amountPaise: 1_991 });
  });

  it('caps at the maximum discount and at the eligible subtotal', () => {
    expect(evaluateDiscount(rule({ maxDiscountPaise: 10_000 }), context)).toEqual({
      ok: true,
      amountPaise: 10_000,
    });
    const flat = rule({ percentOff: null, amountOffPaise: 500_000 });
    expect(evaluateDiscount(flat, context)).toEqual({ ok: true, amountPaise: 169_800 });
  });

  it('counts only eligible categories or products', () => {
    expect(evaluateDiscount(rule({ eligibleCategoryIds: ['panties'] }), context)).toEqual({
      ok: true,
      amountPaise: 3_990,
    });
    expect(evaluateDiscount(rule({ eligibleProductIds: ['p1'] }), context)).toEqual({
      ok: true,
      amountPaise: 12_990,
    });
    expect(evaluateDiscount(rule({ eligibleProductIds: ['elsewhere'] }), context)).toEqual({
      ok: false,
      message: 'This discount code does not apply to the items in your cart',
    });
  });

  it('refuses expired, future, used-up and already-used codes with their messages', () => {
    expect(evaluateDiscount(rule({ expiresAt: new Date('2026-11-01') }), context)).toEqual({
      ok: false,
      message: 'This discount code has expired',
    });
    expect(evaluateDiscount(rule({ startsAt: new Date('2026-12-01') }), context).ok).toBe(false);
    expect(evaluateDiscount(rule(), { ...context, timesUsedByShopper: 1 })).toEqual({
      ok: false,
      message: 'You have already used this discount code',
    });
    expect(
      evaluateDiscount(rule({ usageLimit: 5, perUserLimit: null }), { ...context, timesUsed: 5 })
        .ok,
    ).toBe(false);
    expect(evaluateDiscount(rule({ isActive: false }), context)).toEqual({
      ok: false,
      message: 'Invalid discount code',
    });
  });

  it('keeps a first-order code for shoppers without a paid order', () => {
    const welcome = rule({ firstOrderOnly: true });
    expect(evaluateDiscount(welcome, context).ok).toBe(true);
    expect(evaluateDiscount(welcome, { ...context, hasPaidOrder: true })).toEqual({
      ok: false,
      message: 'This discount is for your first order only',
    });
    expect(evaluateDiscount(rule(), { ...context, hasPaidOrder: true }).ok).toBe(true);
  });

  it('says how far the cart is from the minimum order', () => {
    const check = evaluateDiscount(rule({ minSubtotalPaise: 200_000 }), context);
    expect(check).toEqual({
      ok: false,
      message: 'This discount code needs a minimum order of ₹2,000.00: add ₹302.00 more to use it',
    });
  });

  it('matches codes trimmed and in any case', () => {
    expect(normalizeDiscountCode('  new10 ')).toBe('NEW10');
  });
});
