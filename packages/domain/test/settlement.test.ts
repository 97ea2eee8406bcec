import { describe, expect, it } from 'vitest';
import { settlementOutcome, type SettlementState } from '../src/payments.ts';

/** Asha's pending order of ₹1,499 with its open provider order. */
function state(overrides: {
  order?: Partial<NonNullable<SettlementState['order']>>;
  payment?: Partial<NonNullable<SettlementState['payment']>>;
  elsewhere?: boolean;
}): SettlementState {
  return {
    order: { userId: 'asha', status: 'pending', paymentStatus: 'pending', ...overrides.order },
    payment: {
      status: 'created',
      providerPaymentId: null,
      amountPaise: 149_900,
      ...overrides.payment,
    },
    elsewhere: overrides.elsewhere ?? false,
  };
}

const browser = { providerPaymentId: 'pay_1', userId: 'asha' };
const webhook = (amountPaise: number, currency = 'INR') => ({
  providerPaymentId: 'pay_1',
  userId: null,
  capture: { amountPaise, currency },
});

describe('settlementOutcome', () => {
  it('pays a pending order, and one whose earlier attempt failed', () => {
    expect(settlementOutcome(state({}), browser)).toBe('paid');
    expect(settlementOutcome(state({ order: { paymentStatus: 'failed' } }), browser)).toBe('paid');
    expect(settlementOutcome(state({}), webhook(149_900))).toBe('paid');
  });

  it("knows no order of another shopper's, and none that is missing", () => {
    expect(settlementOutcome(state({ order: { userId: 'ravi' } }), browser)).toBe('unknown');
    expect(settlementOutcome({ ...state({}), order: undefined }, browser)).toBe('unknown');
    expect(settlementOutcome({ ...state({}), payment: undefined }, webhook(149_900))).toBe(
      'unknown',
    );
    // The provider's webhook speaks for no shopper: any order of the shop.
    expect(settlementOutcome(state({ order: { userId: 'ravi' } }), webhook(149_900))).toBe('paid');
  });

  it('answers a payment told twice as settled already, whatever happened since', () => {
    const settled = state({
      order: { status: 'cancelled', paymentStatus: 'refund_pending' },
      payment: { status: 'paid', providerPaymentId: 'pay_1' },
    });
    expect(settlementOutcome(settled, browser)).toBe('already');
  });

  it('refuses a payment id that is on another payment', () => {
    expect(settlementOutcome(state({ elsewhere: true }), browser)).toBe('taken');
  });

  it('refunds a second payment for money already received', () => {
    const paidBefore = state({
      order: { paymentStatus: 'paid' },
      payment: { status: 'paid', providerPaymentId: 'pay_0' },
    });
    expect(settlementOutcome(paidBefore, browser)).toBe('duplicate');
    expect(settlementOutcome(state({ order: { paymentStatus: 'payment_review' } }), browser)).toBe(
      'duplicate',
    );
  });

  it('keeps and refunds a payment for a cancelled order, even of another amount', () => {
    const cancelled = state({ order: { status: 'cancelled' } });
    expect(settlementOutcome(cancelled, browser)).toBe('late');
    expect(settlementOutcome(cancelled, webhook(100))).toBe('late');
  });

  it("holds a capture of another amount or currency for the shop's review", () => {
    expect(settlementOutcome(state({}), webhook(149_800))).toBe('review');
    expect(settlementOutcome(state({}), webhook(149_900, 'USD'))).toBe('review');
  });
});
