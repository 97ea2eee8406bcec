import { describe, expect, it } from 'vitest';
import {
  canMoveReturnLine,
  nextReturnSteps,
  returnActions,
  returnCheckRule,
  returnLineLabel,
  returnLineStateLabels,
  returnLineStanding,
  returnLineStates,
  returnStep,
  type ReturnAction,
  type ReturnLineState,
  type ReturnStep,
  discountShares,
  exchangeChoices,
  firstExchangeChoice,
  lineEligibility,
  planReturn,
  returnRefundPaise,
  returnWindowCheck,
} from '../src/returns.ts';

const day = 24 * 60 * 60 * 1000;
const bra = {
  id: 'bra',
  productName: 'Everyday Lace T-Shirt Bra',
  categorySlug: 'bras',
  subcategorySlug: 't-shirt-bras',
  quantity: 2,
  colorName: 'Black',
  size: '34b',
};
const panty = {
  id: 'panty',
  productName: 'Lace Hipster',
  categorySlug: 'panties',
  subcategorySlug: 'hipsters',
  quantity: 1,
  colorName: 'Nude',
  size: 'm',
};
const shaper = {
  ...panty,
  id: 'shaper',
  productName: 'Smooth Shaper',
  categorySlug: 'sleepwear',
  subcategorySlug: 'shapewear',
};
const serum = {
  ...panty,
  id: 'serum',
  productName: 'Rose Body Mist',
  categorySlug: 'beauty',
  subcategorySlug: 'mists',
};
const sale = {
  ...panty,
  id: 'sale',
  productName: 'Last Season Bralette',
  categorySlug: 'clearance',
  subcategorySlug: null,
};

describe('which lines can be taken back', () => {
  it('refuses panties and shapewear for hygiene, clearance as final sale; beauty only sealed', () => {
    expect(lineEligibility(bra)).toEqual({ eligible: true, condition: null });
    expect(lineEligibility(panty)).toEqual({
      eligible: false,
      reason: 'For hygiene reasons Lace Hipster cannot be returned',
    });
    expect(lineEligibility(shaper).eligible).toBe(false);
    expect(lineEligibility(sale)).toEqual({
      eligible: false,
      reason: 'Last Season Bralette was bought on clearance and is final sale',
    });
    expect(lineEligibility(serum)).toEqual({
      eligible: true,
      condition: 'Only with its seal unbroken',
    });
  });

  it('opens an order to returns only when delivered, within 3 days, once', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const deliveredAt = new Date(now.getTime() - 2 * day);
    expect(returnWindowCheck({ status: 'delivered', deliveredAt, now })).toEqual({ ok: true });
    expect(returnWindowCheck({ status: 'shipped', deliveredAt: null, now })).toEqual({
      ok: false,
      message: 'A return can be requested only for a delivered order',
    });
    expect(
      returnWindowCheck({
        status: 'delivered',
        deliveredAt: new Date(now.getTime() - 4 * day),
        now,
      }),
    ).toEqual({ ok: false, message: 'The 3-day return window for this order has closed' });
    expect(returnWindowCheck({ status: 'return_requested', deliveredAt, now }).ok).toBe(false);
  });
});

describe('a request, line by line', () => {
  it('returns every eligible line whole when no lines are named, declining the others with why', () => {
    expect(planReturn([bra, panty], undefined)).toEqual({
      accepted: [{ itemId: 'bra', quantity: 2, action: 'return', exchangeFor: null }],
      declined: [
        {
          itemId: 'panty',
          productName: 'Lace Hipster',
          reason: 'For hygiene reasons Lace Hipster cannot be returned',
        },
      ],
    });
  });

  it('exchanges part of a line for another size, keeping the colour', () => {
    const plan = planReturn(
      [bra, panty],
      [
        { itemId: 'bra', quantity: 1, action: 'exchange', size: '36B' },
        { itemId: 'panty', action: 'exchange', size: 'l' },
      ],
    );
    expect(plan.accepted).toEqual([
      {
        itemId: 'bra',
        quantity: 1,
        action: 'exchange',
        exchangeFor: { colorName: 'Black', size: '36b' },
      },
    ]);
    expect(plan.declined.map((line) => line.itemId)).toEqual(['panty']);
  });

  it('refuses a malformed request whole', () => {
    expect(() => planReturn([bra], [{ itemId: 'nope', action: 'return' }])).toThrow(
      'This item is not part of the order',
    );
    expect(() =>
      planReturn(
        [bra],
        [
          { itemId: 'bra', action: 'return', quantity: 1 },
          { itemId: 'bra', action: 'return', quantity: 1 },
        ],
      ),
    ).toThrow('Each item can be listed only once');
    expect(() => planReturn([bra], [{ itemId: 'bra', action: 'return', quantity: 3 }])).toThrow(
      'You can send back at most 2 of this item',
    );
    expect(() =>
      planReturn([bra], [{ itemId: 'bra', action: 'exchange', size: '34B', colorName: 'black' }]),
    ).toThrow('Choose the size or colour you would like instead');
  });
});

describe('line states', () => {
  it("moves a line only by the desk's steps: never from awaiting its items to refunded", () => {
    expect(canMoveReturnLine('requested', 'replacement_queued')).toBe(false);
    expect(canMoveReturnLine('pickup_scheduled', 'refunded')).toBe(false);
    expect(canMoveReturnLine('restocked', 'refunded')).toBe(true);
    expect(canMoveReturnLine('replacement_queued', 'replacement_shipped')).toBe(true);
    expect(canMoveReturnLine('received', 'requested')).toBe(false);
    expect(canMoveReturnLine('declined', 'received')).toBe(false);
    expect(canMoveReturnLine('received', 'declined')).toBe(false);
  });

  it('walks a return from request to refund, and an exchange to its replacement, step by step', () => {
    const walk = (action: ReturnAction, steps: ReturnStep[]) => {
      let state: ReturnLineState = 'requested';
      for (const step of steps) {
        const check = returnStep({ action, state }, step);
        if (!check.ok) throw new Error(check.message);
        expect(check.repeat).toBe(false);
        state = check.to;
      }
      return state;
    };
    const way: ReturnStep[] = ['approve', 'schedulePickup', 'receive', 'passCheck', 'restock'];
    expect(walk('return', way)).toBe('restocked');
    expect(walk('return', [...way, 'refund'])).toBe('refunded');
    expect(walk('exchange', way)).toBe('replacement_queued');
    expect(walk('exchange', [...way, 'shipReplacement'])).toBe('replacement_shipped');
    // Brought in by the shopper: received without a pickup.
    expect(walk('return', ['approve', 'receive', 'failCheck', 'sendBack'])).toBe('sent_back');
  });

  it('offers the next steps of a line and refuses the rest with a clear message', () => {
    expect(nextReturnSteps({ action: 'return', state: 'requested' })).toEqual([
      'approve',
      'decline',
    ]);
    expect(nextReturnSteps({ action: 'exchange', state: 'approved' })).toEqual([
      'decline',
      'schedulePickup',
      'receive',
    ]);
    expect(nextReturnSteps({ action: 'return', state: 'received' })).toEqual([
      'passCheck',
      'failCheck',
    ]);
    expect(nextReturnSteps({ action: 'return', state: 'restocked' })).toEqual(['refund']);
    expect(nextReturnSteps({ action: 'exchange', state: 'replacement_queued' })).toEqual([
      'shipReplacement',
    ]);
    expect(nextReturnSteps({ action: 'return', state: 'refunded' })).toEqual([]);
    expect(returnStep({ action: 'return', state: 'requested' }, 'refund')).toEqual({
      ok: false,
      message: 'This return is requested: it cannot be refunded now',
    });
    expect(returnStep({ action: 'exchange', state: 'received' }, 'decline')).toEqual({
      ok: false,
      message: 'This exchange is received: it cannot be declined now',
    });
    expect(returnStep({ action: 'exchange', state: 'restocked' }, 'refund')).toEqual({
      ok: false,
      message: 'An exchange is not refunded: ship its replacement instead',
    });
    expect(returnStep({ action: 'return', state: 'qc_passed' }, 'shipReplacement')).toMatchObject({
      ok: false,
    });
  });

  it('answers a step already taken as a repeat, so a double click does it once', () => {
    expect(returnStep({ action: 'return', state: 'approved' }, 'approve')).toEqual({
      ok: true,
      to: 'approved',
      repeat: true,
    });
    expect(returnStep({ action: 'exchange', state: 'replacement_queued' }, 'restock')).toEqual({
      ok: true,
      to: 'replacement_queued',
      repeat: true,
    });
    // A check that failed is not passed by asking again.
    expect(returnStep({ action: 'return', state: 'qc_failed' }, 'passCheck').ok).toBe(false);
  });

  it('tells the desk which lines are refused, still open or settled', () => {
    expect(returnLineStanding('requested')).toBe('open');
    expect(returnLineStanding('replacement_queued')).toBe('open');
    expect(returnLineStanding('refunded')).toBe('settled');
    expect(returnLineStanding('replacement_shipped')).toBe('settled');
    expect(returnLineStanding('qc_failed')).toBe('refused');
    expect(returnLineStanding('declined')).toBe('refused');
  });

  it('has a shopper label for every state of both kinds of line', () => {
    for (const action of returnActions) {
      for (const state of returnLineStates) {
        expect(returnLineStateLabels[action][state].length).toBeGreaterThan(0);
      }
    }
    expect(returnLineStateLabels.return.pickup_scheduled).toBe('Pickup booked');
    expect(returnLineStateLabels.exchange.replacement_shipped).toBe('Replacement shipped');
  });

  it('reads a booked pickup the courier collected as picked up, until the desk receives it', () => {
    const at = '2026-11-29T10:00:00.000Z';
    for (const action of returnActions) {
      expect(returnLineLabel({ action, state: 'pickup_scheduled', pickedUpAt: null })).toBe(
        'Pickup booked',
      );
      expect(returnLineLabel({ action, state: 'pickup_scheduled', pickedUpAt: at })).toBe(
        'Picked up, on its way to us',
      );
      expect(returnLineLabel({ action, state: 'received', pickedUpAt: at })).toBe(
        'Received, being checked',
      );
    }
  });

  it('says beside each line what the check on arrival looks for', () => {
    const beauty = { productName: 'Rose Mist', categorySlug: 'beauty', subcategorySlug: null };
    const bra = { productName: 'Lace Bra', categorySlug: 'bras', subcategorySlug: null };
    expect(returnCheckRule(beauty)).toBe('Only with its seal unbroken');
    expect(returnCheckRule(bra)).toBe('Unworn and unwashed, with every tag attached');
  });
});

describe('what a return refunds', () => {
  const order = {
    items: [
      { id: 'bra', quantity: 2, itemTotalPaise: 199_800 },
      { id: 'panty', quantity: 1, itemTotalPaise: 49_900 },
    ],
    discountPaise: 10_001,
    totalPaise: 239_699,
  };

  it('shares the discount over the lines by their totals, to the paisa', () => {
    const shares = discountShares(order);
    expect(shares.get('bra')! + shares.get('panty')!).toBe(10_001);
    expect(shares.get('bra')).toBe(8_002);
    expect(shares.get('panty')).toBe(1_999);
  });

  it('gives back the units returned less their share of the discount, and everything when all come back', () => {
    expect(returnRefundPaise(order, [{ itemId: 'bra', quantity: 2 }])).toBe(199_800 - 8_002);
    expect(returnRefundPaise(order, [{ itemId: 'bra', quantity: 1 }])).toBe(
      Math.floor((199_800 - 8_002) / 2),
    );
    expect(
      returnRefundPaise(order, [
        { itemId: 'bra', quantity: 2 },
        { itemId: 'panty', quantity: 1 },
      ]),
    ).toBe(239_699);
    expect(
      returnRefundPaise({ ...order, discountPaise: 0, totalPaise: 249_700 }, [
        { itemId: 'panty', quantity: 1 },
      ]),
    ).toBe(49_900);
  });
});

describe('exchange choices', () => {
  const colors = [
    {
      colorName: 'Black',
      colorHex: '#000000',
      sizeStock: [
        { size: '34B', stock: 5 },
        { size: '36B', stock: 1 },
        { size: '38B', stock: 0 },
      ],
    },
    { colorName: 'Rose', colorHex: '#f4c2c2', sizeStock: [{ size: '34B', stock: 3 }] },
    { colorName: 'Ivory', colorHex: '#fffff0', sizeStock: [{ size: '34B', stock: 0 }] },
  ];

  it('offers sizes in stock for the units sent back, never the colour and size bought', () => {
    const one = exchangeChoices(colors, { colorName: 'black', size: '34b', quantity: 1 });
    expect(one.map((color) => color.colorName)).toEqual(['Black', 'Rose']);
    expect(one[0]!.sizes).toEqual([
      { size: '34B', inStock: true, bought: true },
      { size: '36B', inStock: true, bought: false },
      { size: '38B', inStock: false, bought: false },
    ]);
    expect(firstExchangeChoice(one, { colorName: 'black' })).toEqual({
      colorName: 'Black',
      size: '36B',
    });
    // Two units back: one left of 36B is not enough, so only another colour is offered.
    const two = exchangeChoices(colors, { colorName: 'Black', size: '34B', quantity: 2 });
    expect(two.map((color) => color.colorName)).toEqual(['Rose']);
    expect(firstExchangeChoice(two, { colorName: 'Black' })).toEqual({
      colorName: 'Rose',
      size: '34B',
    });
  });

  it('has nothing to offer when only the item bought is in stock', () => {
    const choices = exchangeChoices([colors[0]!], { colorName: 'Black', size: '34B', quantity: 2 });
    expect(choices).toEqual([]);
    expect(firstExchangeChoice(choices, { colorName: 'Black' })).toBeNull();
  });
});
