import { describe, expect, it } from 'vitest';
import {
  indiaDayEnd,
  indiaDayStart,
  isCalendarDate,
  moveNeedsReason,
  needsAttention,
  shopMovesFrom,
} from '../src/orders-desk.ts';

describe('orders desk rules', () => {
  it('offers the shop only the moves the transition table gives it', () => {
    expect(shopMovesFrom('pending')).toEqual(['confirmed', 'cancelled']);
    // Shipped is offered with its parcel on the shipment panel, never as a bare move.
    expect(shopMovesFrom('processing')).toEqual(['cancelled']);
    // A return is taken in line by line on the returns desk, never by moving the whole order.
    expect(shopMovesFrom('return_requested')).toEqual(['delivered']);
    // The shopper asks for a return; the shop never does it for her.
    expect(shopMovesFrom('delivered')).toEqual([]);
    expect(shopMovesFrom('cancelled')).toEqual([]);
    expect(moveNeedsReason('cancelled')).toBe(true);
    expect(moveNeedsReason('shipped')).toBe(false);
  });

  it('flags payments under review and refunds that failed for good', () => {
    expect(needsAttention({ paymentStatus: 'payment_review', refundStates: [] })).toBe(true);
    expect(needsAttention({ paymentStatus: 'refund_pending', refundStates: ['failed'] })).toBe(
      true,
    );
    expect(needsAttention({ paymentStatus: 'refund_pending', refundStates: ['sent'] })).toBe(false);
    expect(needsAttention({ paymentStatus: 'paid', refundStates: [] })).toBe(false);
  });

  it('reads dates as days in India, the end day included', () => {
    expect(indiaDayStart('2026-03-01').toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(indiaDayEnd('2026-03-01').toISOString()).toBe('2026-03-01T18:30:00.000Z');
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('1/3/2026')).toBe(false);
  });
});
