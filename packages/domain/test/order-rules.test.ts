import { describe, expect, it } from 'vitest';
import { hasBeenPaid, isFirstOrder, readyForGoods } from '../src/orders.ts';
import { isRefundable, orderPaymentStatuses } from '../src/payments.ts';

const at = new Date('2026-01-05T10:00:00Z');

describe('has paid', () => {
  it('counts an order paid online, and a cash-on-delivery order confirmed, and nothing else', () => {
    expect(hasBeenPaid({ paidAt: at, codConfirmedAt: null })).toBe(true);
    expect(hasBeenPaid({ paidAt: null, codConfirmedAt: at })).toBe(true);
    expect(hasBeenPaid({ paidAt: null, codConfirmedAt: null })).toBe(false);
  });
});

describe('first order', () => {
  const order = (status: string, paidAt: Date | null, codConfirmedAt: Date | null = null) => ({
    status,
    paidAt,
    codConfirmedAt,
  });

  it('is first while no earlier order was paid (or confirmed for cash) and still stands', () => {
    expect(isFirstOrder([])).toBe(true);
    // Unpaid, or paid and then cancelled: no purchase.
    expect(isFirstOrder([order('pending', null), order('cancelled', at)])).toBe(true);
    expect(isFirstOrder([order('delivered', at)])).toBe(false);
    // A confirmed cash-on-delivery order is a purchase, as the sales figures count it.
    expect(isFirstOrder([order('confirmed', null, at)])).toBe(false);
    expect(isFirstOrder([order('cancelled', null, at)])).toBe(true);
  });
});

describe('ready for goods', () => {
  it('lets goods leave for an order paid in full, or cash on delivery confirmed', () => {
    expect(readyForGoods({ paymentStatus: 'paid', codConfirmedAt: null })).toBe(true);
    expect(readyForGoods({ paymentStatus: 'cod_pending', codConfirmedAt: at })).toBe(true);
    expect(readyForGoods({ paymentStatus: 'cod_pending', codConfirmedAt: null })).toBe(false);
    expect(readyForGoods({ paymentStatus: 'pending', codConfirmedAt: null })).toBe(false);
    expect(readyForGoods({ paymentStatus: 'payment_review', codConfirmedAt: null })).toBe(false);
  });
});

describe('refundable', () => {
  it('is an order whose money, or some of it, is still with the shop', () => {
    expect(orderPaymentStatuses.filter(isRefundable).sort()).toEqual(
      ['paid', 'partially_refunded', 'refund_pending'].sort(),
    );
  });
});
