import { describe, expect, it } from 'vitest';
import { evaluateDiscount, type DiscountRule } from '../src/discounts.ts';
import { gstInvoiceFigures } from '../src/gst.ts';
import {
  applyOffers,
  badgeOfferFor,
  codeLinesAfterOffers,
  codeMayStack,
  offerDefinitionProblems,
  offerNoun,
  offerState,
  type Offer,
  type OfferLine,
} from '../src/offers.ts';
import { planLineRefund } from '../src/refunds.ts';
import { returnRefundPaise } from '../src/returns.ts';

const now = new Date('2026-11-23T10:00:00Z');
const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: 'o1',
  name: 'Any 3 panties for ₹999',
  label: '3 for ₹999',
  slug: 'any-3-panties',
  kind: 'bundle_price',
  units: 3,
  bundlePricePaise: 99_900,
  freeUnits: null,
  percent: null,
  categoryIds: ['panties'],
  subcategoryIds: [],
  tags: [],
  productIds: [],
  excludedProductIds: [],
  startsAt: null,
  endsAt: null,
  endedAt: null,
  priority: 0,
  maxGroupsPerOrder: null,
  stacking: 'none',
  stackableCodes: [],
  noun: offerNoun(['Panties']),
  ...overrides,
});
const line = (
  lineId: string,
  unitPricePaise: number,
  quantity = 1,
  overrides: Partial<OfferLine> = {},
): OfferLine => ({
  lineId,
  productId: `p-${lineId}`,
  categoryId: 'panties',
  subcategoryId: null,
  tags: [],
  unitPricePaise,
  quantity,
  ...overrides,
});

describe('applyOffers: bundle price', () => {
  it('groups three ₹449 panties for ₹999, ₹333 each', () => {
    const result = applyOffers([offer()], [line('a', 44_900, 3)], now);
    expect(result.totalPaise).toBe(99_900);
    expect(result.groups[0]!.sharesPaise).toEqual([33_300, 33_300, 33_300]);
    expect(result.applied).toEqual([
      { offerId: 'o1', label: '3 for ₹999', units: 3, groups: 1, discountPaise: 34_800 },
    ]);
    expect(result.lines[0]!.explanation).toBe('In 3 for ₹999 (−₹348.00)');
    expect(result.suggestions).toEqual([]);
  });

  it('leaves a fourth unit at full price and suggests the two missing for another group', () => {
    const result = applyOffers([offer()], [line('a', 44_900, 4)], now);
    expect(result.totalPaise).toBe(144_800);
    expect(result.lines[0]!.explanation).toBe('3 of 4 in 3 for ₹999 (−₹348.00)');
    expect(result.suggestions).toEqual([
      {
        offerId: 'o1',
        label: '3 for ₹999',
        missingUnits: 2,
        message: 'Add 2 more eligible panties to get 3 for ₹999',
      },
    ]);
  });

  it('suggests the one missing panty with two in the cart', () => {
    const result = applyOffers([offer()], [line('a', 44_900), line('b', 39_900)], now);
    expect(result.discountPaise).toBe(0);
    expect(result.suggestions[0]!.message).toBe('Add 1 more eligible panty to get 3 for ₹999');
  });

  it('says a suggestion once when two live offers would word it alike', () => {
    const twins = [offer(), offer({ id: 'o2', slug: 'three-panties', name: 'Panty week' })];
    const result = applyOffers(twins, [line('a', 44_900), line('b', 39_900)], now);
    expect(result.suggestions.map((suggestion) => suggestion.message)).toEqual([
      'Add 1 more eligible panty to get 3 for ₹999',
    ]);
  });

  it('groups the dearest units with mixed prices: the least for the shopper to pay', () => {
    const lines = [line('cheap', 29_900, 2), line('dear', 79_900, 2), line('mid', 44_900)];
    const result = applyOffers([offer()], lines, now);
    // Dearest three (799 + 799 + 449) for 999; the two ₹299 stay at full price.
    expect(result.totalPaise).toBe(99_900 + 2 * 29_900);
    expect(result.lines.map((entry) => entry.groupedUnits)).toEqual([0, 2, 1]);
  });

  it('never forms a group that saves nothing: three ₹333 stay at full price', () => {
    const result = applyOffers([offer()], [line('a', 33_300, 3)], now);
    expect(result.groups).toEqual([]);
    expect(result.totalPaise).toBe(99_900);
  });

  it('spreads a group price that does not divide evenly by the largest remainder, adding up', () => {
    const lines = [line('a', 44_900), line('b', 39_900), line('c', 54_900)];
    const result = applyOffers([offer()], lines, now);
    const [group] = result.groups;
    expect(group!.sharesPaise.reduce((a, b) => a + b, 0)).toBe(99_900);
    // 549 : 449 : 399 of 999, to the paisa.
    expect(group!.sharesPaise).toEqual([39_259, 32_108, 28_533]);
    expect(result.lines.map((entry) => entry.afterOffersPaise)).toEqual([32_108, 28_533, 39_259]);
  });

  it('keeps to maxGroupsPerOrder', () => {
    const result = applyOffers([offer({ maxGroupsPerOrder: 1 })], [line('a', 44_900, 6)], now);
    expect(result.groups).toHaveLength(1);
    expect(result.totalPaise).toBe(99_900 + 3 * 44_900);
    expect(result.suggestions).toEqual([]);
  });

  it('leaves out excluded products and other categories', () => {
    const lines = [
      line('a', 44_900, 2),
      line('x', 44_900, 1, { productId: 'excluded' }),
      line('bra', 44_900, 1, { categoryId: 'bras' }),
    ];
    const result = applyOffers([offer({ excludedProductIds: ['excluded'] })], lines, now);
    expect(result.groups).toEqual([]);
  });

  it('applies only while active', () => {
    const ended = offer({ endedAt: new Date('2026-11-22T00:00:00Z') });
    const later = offer({ startsAt: new Date('2026-12-01T00:00:00Z') });
    const past = offer({ endsAt: now });
    for (const candidate of [ended, later, past]) {
      expect(applyOffers([candidate], [line('a', 44_900, 3)], now).discountPaise).toBe(0);
    }
    expect(offerState(ended, now)).toBe('ended');
    expect(offerState(later, now)).toBe('scheduled');
    expect(offerState(past, now)).toBe('expired');
    expect(offerState(offer(), now)).toBe('active');
  });
});

describe('applyOffers: buy-get and nth percent', () => {
  const b2g1 = offer({
    id: 'b2g1',
    label: 'Buy 2 get 1',
    kind: 'buy_get',
    units: 2,
    freeUnits: 1,
    bundlePricePaise: null,
  });

  it('gives the cheapest of each group of three free', () => {
    const result = applyOffers(
      [b2g1],
      [line('a', 50_000), line('b', 40_000), line('c', 30_000)],
      now,
    );
    expect(result.totalPaise).toBe(90_000);
    expect(result.groups[0]!.sharesPaise.reduce((a, b) => a + b, 0)).toBe(90_000);
  });

  it('groups so the free units are the dearest possible (best for the shopper)', () => {
    const lines = [line('a', 100_000, 3), line('b', 20_000, 3)];
    const result = applyOffers([b2g1], lines, now);
    // {1000, 1000, 1000 free} and {200, 200, 200 free}: ₹1,200 saved.
    expect(result.discountPaise).toBe(120_000);
  });

  it('on a tie keeps the dearer units at full price outside the group', () => {
    const buy1get1 = offer({ ...b2g1, units: 1 });
    const lines = [line('dear', 50_000), line('cheap', 30_000, 2)];
    const result = applyOffers([buy1get1], lines, now);
    // {500, 300 free} and {300, 300 free} both save ₹300: the ₹500 stays out.
    expect(result.discountPaise).toBe(30_000);
    expect(result.lines.map((entry) => entry.groupedUnits)).toEqual([0, 2]);
  });

  it('takes the percentage off the cheapest unit of each group of N', () => {
    const third = offer({
      kind: 'nth_percent',
      units: 3,
      percent: 50,
      bundlePricePaise: null,
      label: '50% off the 3rd',
    });
    const result = applyOffers([third], [line('a', 60_000, 2), line('b', 40_001)], now);
    expect(result.discountPaise).toBe(20_001);
  });

  it('across offers, takes the grouping that saves most whatever their priority', () => {
    const weak = offer({
      id: 'weak',
      priority: 5,
      label: '3 for ₹1,299',
      bundlePricePaise: 129_900,
    });
    const strong = offer({ id: 'strong', priority: 1 });
    const result = applyOffers([weak, strong], [line('a', 44_900, 3)], now);
    expect(result.applied.map((entry) => entry.offerId)).toEqual(['strong']);
    expect(result.totalPaise).toBe(99_900);
  });

  it('is deterministic: the order of the offers and lines given does not change the totals', () => {
    const a = offer({ id: 'a', priority: 1 });
    const b = offer({ ...b2g1, id: 'b', priority: 1 });
    const lines = [line('x', 44_900, 2), line('y', 59_900, 2), line('z', 29_900, 3)];
    const one = applyOffers([a, b], lines, now);
    const two = applyOffers([b, a], [...lines].reverse(), now);
    expect(one.totalPaise).toBe(two.totalPaise);
    expect(one.applied).toEqual(two.applied);
  });
});

describe('badges, nouns and definitions', () => {
  it('shows the highest-priority live offer covering the product', () => {
    const low = offer({ id: 'low', priority: 0 });
    const high = offer({ id: 'high', priority: 9, label: 'B2G1' });
    const product = { productId: 'p', categoryId: 'panties', subcategoryId: null, tags: [] };
    expect(badgeOfferFor([low, high], product, now)?.id).toBe('high');
    expect(badgeOfferFor([low], { ...product, categoryId: 'bras' }, now)).toBeNull();
    const tagged = offer({ categoryIds: [], tags: ['Cotton'] });
    expect(badgeOfferFor([tagged], { ...product, tags: ['cotton'] }, now)).not.toBeNull();
  });

  it('names the unit from the category, else piece', () => {
    expect(offerNoun(['Panties'])).toEqual({ one: 'panty', many: 'panties' });
    expect(offerNoun(['Bras'])).toEqual({ one: 'bra', many: 'bras' });
    expect(offerNoun(['Nightwear'])).toEqual({ one: 'piece', many: 'pieces' });
    expect(offerNoun(['Bras', 'Panties'])).toEqual({ one: 'piece', many: 'pieces' });
  });

  it('refuses definitions that cannot apply', () => {
    const fields = (overrides: Partial<Offer>) =>
      offerDefinitionProblems(offer(overrides)).map((problem) => problem.field);
    expect(fields({})).toEqual([]);
    expect(fields({ bundlePricePaise: null })).toEqual(['bundlePricePaise']);
    expect(fields({ units: 1 })).toEqual(['units']);
    expect(fields({ kind: 'buy_get', bundlePricePaise: null })).toEqual(['freeUnits']);
    expect(fields({ categoryIds: [] })).toEqual(['categoryIds']);
    expect(fields({ stacking: 'listed' })).toEqual(['stackableCodes']);
    expect(fields({ startsAt: now, endsAt: now })).toEqual(['endsAt']);
  });
});

describe('stacking: codes apply to what the offer leaves, only where allowed', () => {
  const code: DiscountRule = {
    code: 'EXTRA10',
    type: 'coupon',
    description: '',
    percentOff: 10,
    amountOffPaise: null,
    minSubtotalPaise: 0,
    maxDiscountPaise: null,
    startsAt: null,
    expiresAt: null,
    usageLimit: null,
    perUserLimit: null,
    eligibleCategoryIds: [],
    eligibleProductIds: [],
    isActive: true,
    firstOrderOnly: false,
  };
  const evaluate = (candidate: Offer, lines: OfferLine[]) => {
    const application = applyOffers([candidate], lines, now);
    return evaluateDiscount(code, {
      lines: codeLinesAfterOffers([candidate], lines, application, code.code),
      now,
      timesUsed: 0,
      timesUsedByShopper: 0,
      hasPaidOrder: false,
    });
  };

  it('takes 10 % of the ₹999 the offer leaves when any code may stack', () => {
    expect(evaluate(offer({ stacking: 'any' }), [line('a', 44_900, 3)])).toEqual({
      ok: true,
      amountPaise: 9_990,
    });
  });

  it('does not apply to grouped units when the offer refuses codes, only to the rest', () => {
    expect(evaluate(offer({ stacking: 'none' }), [line('a', 44_900, 3)]).ok).toBe(false);
    expect(evaluate(offer({ stacking: 'none' }), [line('a', 44_900, 4)])).toEqual({
      ok: true,
      amountPaise: 4_490,
    });
  });

  it('lets listed codes stack, in any case', () => {
    const listed = offer({ stacking: 'listed', stackableCodes: ['EXTRA10'] });
    expect(codeMayStack(listed, 'extra10')).toBe(true);
    expect(codeMayStack(listed, 'OTHER')).toBe(false);
    expect(evaluate(listed, [line('a', 44_900, 3)])).toEqual({ ok: true, amountPaise: 9_990 });
  });
});

describe('money after offers: GST slabs and refunds', () => {
  it('taxes a piece the bundle brings to ₹2,500 or less before tax at 5 %', () => {
    // Two ₹2,999 pieces (18 %) bundled for ₹4,999: ₹2,499.50 each, within ₹2,625: 5 %.
    const bundle = offer({ units: 2, bundlePricePaise: 499_900, label: '2 for ₹4,999' });
    const application = applyOffers([bundle], [line('a', 299_900, 2)], now);
    const figures = gstInvoiceFigures({
      lines: [
        {
          ref: 'a',
          description: 'Silk set',
          hsn: '6212',
          quantity: 2,
          unitPricePaise: 299_900,
          offerDiscountPaise: application.lines[0]!.offerDiscountPaise,
        },
      ],
      discountPaise: application.discountPaise,
      shippingPaise: 0,
      totalPaise: 499_900,
      day: '2026-11-23',
      shopStateCode: '29',
      placeOfSupplyCode: '29',
    });
    expect(figures.lines[0]!.ratePercent).toBe(5);
    expect(figures.lines[0]!.discountPaise).toBe(99_900);
    const full = gstInvoiceFigures({
      lines: [{ description: 'Silk set', hsn: '6212', quantity: 2, unitPricePaise: 299_900 }],
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 599_800,
      day: '2026-11-23',
      shopStateCode: '29',
      placeOfSupplyCode: '29',
    });
    expect(full.lines[0]!.ratePercent).toBe(18);
  });

  it('refunds one unit of a group at its share, and the whole line at what it paid', () => {
    const application = applyOffers([offer()], [line('a', 44_900, 3)], now);
    const order = {
      items: [
        {
          id: 'a',
          productName: 'Cotton hipster',
          quantity: 3,
          itemTotalPaise: 134_700,
          offerDiscountPaise: application.lines[0]!.offerDiscountPaise,
        },
      ],
      discountPaise: 34_800,
      totalPaise: 99_900,
      paymentStatus: 'paid' as const,
      paidPaise: 99_900,
      refunds: [],
    };
    expect(returnRefundPaise(order, [{ itemId: 'a', quantity: 1 }])).toBe(33_300);
    const first = planLineRefund(order, [{ itemId: 'a', quantity: 1 }]);
    expect(first.amountPaise).toBe(33_300);
    const rest = planLineRefund(
      {
        ...order,
        refunds: [
          { state: 'processed', reason: 'returned', amountPaise: 33_300, lines: first.lines },
        ],
      },
      [{ itemId: 'a', quantity: 2 }],
    );
    expect(first.amountPaise + rest.amountPaise).toBe(99_900);
  });

  it('spreads a code over what the offers leave when refunding', () => {
    // Three ₹449 in the bundle (₹999) and a ₹500 bra; a ₹100 code over ₹1,499.
    const order = {
      items: [
        { id: 'a', quantity: 3, itemTotalPaise: 134_700, offerDiscountPaise: 34_800 },
        { id: 'b', quantity: 1, itemTotalPaise: 50_000 },
      ],
      discountPaise: 34_800 + 10_000,
      totalPaise: 139_900,
    };
    expect(returnRefundPaise(order, [{ itemId: 'b', quantity: 1 }])).toBe(50_000 - 3_336);
  });
});
