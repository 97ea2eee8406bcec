import { describe, expect, it } from 'vitest';
import {
  definitionProblems,
  discountDefinitionMessages as messages,
  discountState,
  type DiscountDefinition,
} from '../src/discount-definitions.ts';

const percent: DiscountDefinition = {
  code: 'DIWALI10',
  type: 'coupon',
  kind: 'percent',
  value: 10,
  minSubtotalPaise: 99_900,
  maxDiscountPaise: 50_000,
  startsAt: new Date('2026-10-01T00:00:00Z'),
  expiresAt: new Date('2026-11-01T00:00:00Z'),
  usageLimit: 500,
  perUserLimit: 1,
};
const flat: DiscountDefinition = {
  ...percent,
  code: 'FLAT200',
  kind: 'flat',
  value: 20_000,
  minSubtotalPaise: 149_900,
  maxDiscountPaise: null,
};
const fields = (definition: DiscountDefinition) =>
  definitionProblems(definition).map((problem) => problem.field);

describe('discount definitions', () => {
  it('accepts sound percent and flat codes', () => {
    expect(definitionProblems(percent)).toEqual([]);
    expect(definitionProblems(flat)).toEqual([]);
    expect(
      definitionProblems({ ...percent, startsAt: null, expiresAt: null, usageLimit: null }),
    ).toEqual([]);
  });

  it('takes 1 to 90 percent, whole', () => {
    for (const value of [1, 90]) expect(fields({ ...percent, value })).toEqual([]);
    for (const value of [0, 91, 100, 12.5]) {
      expect(definitionProblems({ ...percent, value })).toEqual([
        { field: 'value', message: messages.percent },
      ]);
    }
  });

  it('wants a flat amount below the minimum order, and no maximum', () => {
    expect(definitionProblems({ ...flat, minSubtotalPaise: 20_000 })).toEqual([
      {
        field: 'minSubtotalPaise',
        message: `${messages.flatNeedsMinimum} (at least ₹200.01)`,
      },
    ]);
    expect(fields({ ...flat, minSubtotalPaise: 0 })).toEqual(['minSubtotalPaise']);
    expect(fields({ ...flat, minSubtotalPaise: 20_001 })).toEqual([]);
    expect(fields({ ...flat, value: 0 })).toEqual(['value']);
    expect(definitionProblems({ ...flat, maxDiscountPaise: 10_000 })).toEqual([
      { field: 'maxDiscountPaise', message: messages.maxOnlyPercent },
    ]);
  });

  it('wants the expiry after the start and a per-shopper limit within the total', () => {
    expect(definitionProblems({ ...percent, expiresAt: percent.startsAt })).toEqual([
      { field: 'expiresAt', message: messages.expiryAfterStart },
    ]);
    expect(fields({ ...percent, perUserLimit: 501 })).toEqual(['perUserLimit']);
    expect(fields({ ...percent, perUserLimit: 500 })).toEqual([]);
    expect(fields({ ...percent, usageLimit: null, perUserLimit: 5 })).toEqual([]);
  });

  it('takes codes of 3 to 30 letters, digits, - and _', () => {
    for (const code of ['NEW10', 'SUMMER-SALE_2', 'ABC'])
      expect(fields({ ...percent, code })).toEqual([]);
    for (const code of ['AB', 'new10', 'TEN OFF', '-DASH', 'A'.repeat(31)]) {
      expect(fields({ ...percent, code }), code).toEqual(['code']);
    }
  });
});

describe('discountState', () => {
  const facts = {
    isActive: true,
    startsAt: new Date('2026-10-01T00:00:00Z'),
    expiresAt: new Date('2026-11-01T00:00:00Z'),
    usageLimit: 2,
    timesUsed: 0,
  };
  it('reads a code as the engine would refuse it, first reason first', () => {
    expect(discountState(facts, new Date('2026-10-15T00:00:00Z'))).toBe('active');
    expect(discountState(facts, new Date('2026-09-30T23:59:59Z'))).toBe('scheduled');
    // The expiry instant itself is past.
    expect(discountState(facts, new Date('2026-11-01T00:00:00Z'))).toBe('expired');
    expect(discountState({ ...facts, timesUsed: 2 }, new Date('2026-10-15T00:00:00Z'))).toBe(
      'used_up',
    );
    expect(discountState({ ...facts, isActive: false, timesUsed: 2 }, new Date('2026-11-05'))).toBe(
      'inactive',
    );
    expect(
      discountState({ ...facts, startsAt: null, expiresAt: null, usageLimit: null }, new Date()),
    ).toBe('active');
  });
});
