import { describe, expect, it } from 'vitest';
import {
  dispatchAge,
  formatWeight,
  isAwb,
  isReadyToPack,
  parcelWeightGrams,
  pickList,
  stepsToShipped,
} from '../src/dispatch.ts';
import { orderStatuses, paymentStatuses, transition } from '../src/orders.ts';

describe('the dispatch queue', () => {
  it('holds only confirmed or processing orders that are paid, or cash on delivery', () => {
    const ready = orderStatuses.flatMap((status) =>
      paymentStatuses
        .filter((paymentStatus) => isReadyToPack({ status, paymentStatus }))
        .map((paymentStatus) => `${status}/${paymentStatus}`),
    );
    // A COD order reaches `confirmed` only once its shopper (or the shop) confirmed it.
    expect(ready).toEqual([
      'confirmed/paid',
      'confirmed/cod_pending',
      'processing/paid',
      'processing/cod_pending',
    ]);
  });

  it('counts whole days since the order was placed: due past 8, late past 14', () => {
    const placed = new Date('2026-03-01T10:00:00Z');
    const at = (iso: string) => dispatchAge(placed, new Date(iso));
    expect(at('2026-03-01T09:00:00Z')).toEqual({ days: 0, urgency: 'on_time' });
    expect(at('2026-03-02T09:59:59Z')).toEqual({ days: 0, urgency: 'on_time' });
    expect(at('2026-03-09T10:00:00Z')).toEqual({ days: 8, urgency: 'on_time' });
    expect(at('2026-03-10T10:00:00Z')).toEqual({ days: 9, urgency: 'due' });
    expect(at('2026-03-15T10:00:00Z')).toEqual({ days: 14, urgency: 'due' });
    expect(at('2026-03-16T10:00:00Z')).toEqual({ days: 15, urgency: 'late' });
  });
});

describe('shipping an order', () => {
  it('walks a confirmed order through processing, each step one the shop may take', () => {
    expect(stepsToShipped('confirmed')).toEqual(['processing', 'shipped']);
    expect(stepsToShipped('processing')).toEqual(['shipped']);
    expect(stepsToShipped('pending')).toEqual([]);
    expect(stepsToShipped('shipped')).toEqual([]);
    let from = 'confirmed' as const as (typeof orderStatuses)[number];
    // The last step carries its parcel, as every move to shipped must.
    const parcel = { courier: 'Delhivery', awb: 'DL123456789' };
    for (const to of stepsToShipped('confirmed')) {
      expect(transition(from, to, 'shop', parcel)).toEqual({ ok: true });
      from = to;
    }
  });

  it('accepts AWBs of 6 to 30 letters or digits only', () => {
    expect(isAwb('AB1234')).toBe(true);
    expect(isAwb('1'.repeat(30))).toBe(true);
    expect(isAwb('AB123')).toBe(false);
    expect(isAwb('1'.repeat(31))).toBe(false);
    expect(isAwb('AB-12345')).toBe(false);
    expect(isAwb('AB 12345')).toBe(false);
    expect(isAwb('')).toBe(false);
  });

  it('estimates 0.2 kg a piece', () => {
    expect(parcelWeightGrams(1)).toBe(200);
    expect(parcelWeightGrams(7)).toBe(1400);
    expect(parcelWeightGrams(0)).toBe(200);
    expect(formatWeight(200)).toBe('0.2 kg');
    expect(formatWeight(1400)).toBe('1.4 kg');
    expect(formatWeight(2000)).toBe('2 kg');
  });
});

describe('the pick list', () => {
  const line = (
    orderId: string,
    productName: string,
    colorName: string,
    size: string,
    quantity: number,
  ) => ({
    orderId,
    productId: `p-${productName}`,
    productName,
    colorName,
    size,
    quantity,
  });

  it('groups by product, colour and size and counts pieces and orders', () => {
    const lines = pickList([
      line('o1', 'Lace Bralette', 'Black', '34B', 2),
      line('o2', 'Lace Bralette', 'Black', '34b', 1),
      line('o2', 'Lace Bralette', 'Nude', '34B', 1),
      line('o3', 'Cotton Brief', 'White', 'M', 3),
      line('o3', 'Lace Bralette', 'Black', '36B', 1),
      line('o1', 'Cotton Brief', 'White', 'M', 1),
    ]);
    expect(lines.map((l) => [l.productName, l.colorName, l.size, l.quantity, l.orders])).toEqual([
      ['Cotton Brief', 'White', 'M', 4, 2],
      ['Lace Bralette', 'Black', '34B', 3, 2],
      ['Lace Bralette', 'Black', '36B', 1, 1],
      ['Lace Bralette', 'Nude', '34B', 1, 1],
    ]);
  });

  it('is empty for no lines', () => {
    expect(pickList([])).toEqual([]);
  });
});
