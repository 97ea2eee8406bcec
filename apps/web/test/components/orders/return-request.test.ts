import { describe, expect, it } from 'vitest';
import type { OrderItem, OrderReturnLine } from '@shop/contracts/orders';
import { exchangeChoices } from '@shop/domain/returns';
import {
  buildReturnRequest,
  exchangeTarget,
  lineBlockedReason,
} from '../../../app/components/orders/return-request';

const braId = '0b9a6a8e-5d55-4d36-9f3a-7f0c9c1e2a01';
const pantyId = '0b9a6a8e-5d55-4d36-9f3a-7f0c9c1e2a02';

function item(overrides: Partial<OrderItem>): OrderItem {
  return {
    _id: braId,
    product: 'p-bra',
    productName: 'Everyday Lace Bra',
    productImage: '/media/bra.jpg',
    color: { colorName: 'Black', colorHex: '#000000' },
    size: '34b',
    quantity: 2,
    priceAtPurchase: 999,
    itemTotal: 1998,
    returnable: true,
    returnBlockedReason: null,
    returnCondition: null,
    ...overrides,
  };
}

const bra = item({});
const panty = item({
  _id: pantyId,
  productName: 'Lace Hipster',
  quantity: 1,
  returnable: false,
  returnBlockedReason: 'For hygiene reasons Lace Hipster cannot be returned',
});

const asked: OrderReturnLine = {
  _id: 'r1',
  itemId: braId,
  productName: 'Everyday Lace Bra',
  quantity: 1,
  action: 'return',
  exchangeFor: null,
  state: 'declined',
  stateLabel: 'Return declined',
  refundAmount: null,
  requestedAt: '2026-11-20T10:00:00.000Z',
};

const choices = exchangeChoices(
  [
    {
      colorName: 'Black',
      colorHex: '#000000',
      sizeStock: [
        { size: '34B', stock: 4 },
        { size: '36B', stock: 4 },
        { size: '38B', stock: 1 },
      ],
    },
    { colorName: 'Rose', colorHex: '#f4c2c2', sizeStock: [{ size: '34B', stock: 4 }] },
  ],
  { colorName: 'Black', size: '34b', quantity: 2 },
);

describe('the return dialog', () => {
  it('says why a line cannot be chosen', () => {
    expect(lineBlockedReason({ returns: [] }, panty)).toBe(
      'For hygiene reasons Lace Hipster cannot be returned',
    );
    expect(lineBlockedReason({ returns: [] }, bra)).toBeNull();
    expect(lineBlockedReason({ returns: [asked] }, bra)).toBe(
      'An exchange or return was already asked for this item',
    );
  });

  it('keeps her pick while it is offered, and falls back to one that is', () => {
    expect(exchangeTarget(choices, null, bra.color)).toEqual({ colorName: 'Black', size: '36B' });
    expect(exchangeTarget(choices, { colorName: 'rose', size: '34b' }, bra.color)).toEqual({
      colorName: 'Rose',
      size: '34B',
    });
    // 38B has one left, not enough for the two units sent back.
    expect(exchangeTarget(choices, { colorName: 'Black', size: '38B' }, bra.color)).toEqual({
      colorName: 'Black',
      size: '36B',
    });
    expect(exchangeTarget([], null, bra.color)).toBeNull();
  });

  it('sends the ticked lines with their action, quantity and replacement', () => {
    expect(
      buildReturnRequest('  Too small  ', [
        {
          item: bra,
          choice: { action: 'exchange', quantity: 2, wanted: null },
          target: { colorName: 'Black', size: '36B' },
        },
      ]),
    ).toEqual({
      ok: true,
      request: {
        reason: 'Too small',
        items: [
          { itemId: braId, quantity: 2, action: 'exchange', colorName: 'Black', size: '36B' },
        ],
      },
    });
    expect(
      buildReturnRequest('Too small', [
        { item: bra, choice: { action: 'return', quantity: 1, wanted: null }, target: null },
      ]),
    ).toMatchObject({ ok: true, request: { items: [{ itemId: braId, quantity: 1 }] } });
  });

  it('refuses what the server would: no line, or an exchange with nothing to pick', () => {
    expect(buildReturnRequest('Too small', [])).toEqual({
      ok: false,
      message: 'Choose at least one item to exchange or return',
    });
    expect(
      buildReturnRequest('Too small', [
        { item: bra, choice: { action: 'exchange', quantity: 1, wanted: null }, target: null },
      ]),
    ).toEqual({ ok: false, message: 'Choose the size or colour you would like instead' });
  });
});
