import { describe, expect, it } from 'vitest';
import { cancelCheck, returnCheck, statusLabel, transition } from '../src/orders.ts';

const day = 24 * 60 * 60 * 1000;
const bra = {
  productName: 'Everyday Lace T-Shirt Bra',
  categorySlug: 'bras',
  subcategorySlug: 't-shirt-bras',
};

describe('order states', () => {
  it('allows only the moves of the table, by the right actor', () => {
    expect(transition('pending', 'cancelled', 'shopper')).toEqual({ ok: true });
    expect(transition('pending', 'confirmed', 'system')).toEqual({ ok: true });
    expect(transition('shipped', 'delivered', 'shop')).toEqual({ ok: true });
    expect(transition('shipped', 'delivered', 'shopper').ok).toBe(false);
    expect(transition('delivered', 'pending', 'shop').ok).toBe(false);
    expect(transition('cancelled', 'confirmed', 'shop').ok).toBe(false);
    expect(transition('returned', 'return_requested', 'shopper').ok).toBe(false);
  });

  it('labels statuses in capitals with spaces', () => {
    expect(statusLabel('return_requested')).toBe('RETURN REQUESTED');
  });

  it('lets the shopper cancel only a pending order', () => {
    expect(cancelCheck('pending').ok).toBe(true);
    expect(cancelCheck('shipped')).toEqual({
      ok: false,
      message: 'An order that is SHIPPED can no longer be cancelled',
    });
  });

  it('accepts returns only when delivered, within 3 days, and not for hygiene items', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const delivered = new Date(now.getTime() - 2 * day);
    expect(returnCheck({ status: 'delivered', deliveredAt: delivered, items: [bra], now })).toEqual(
      { ok: true },
    );
    expect(returnCheck({ status: 'shipped', deliveredAt: null, items: [bra], now }).ok).toBe(false);
    expect(
      returnCheck({
        status: 'delivered',
        deliveredAt: new Date(now.getTime() - 4 * day),
        items: [bra],
        now,
      }),
    ).toEqual({
      ok: false,
      message: 'The 3-day return window for this order has closed',
    });
    const panty = {
      productName: 'Lace Hipster',
      categorySlug: 'panties',
      subcategorySlug: 'hipsters',
    };
    expect(
      returnCheck({ status: 'delivered', deliveredAt: delivered, items: [bra, panty], now }),
    ).toEqual({
      ok: false,
      message: 'For hygiene reasons Lace Hipster cannot be returned',
    });
  });
});
