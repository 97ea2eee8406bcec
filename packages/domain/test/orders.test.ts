import { describe, expect, it } from 'vitest';
import {
  cancelCheck,
  orderShopperView,
  RETURNED_ON_THE_DESK,
  SHIP_FROM_DISPATCH,
  statusLabel,
  transition,
} from '../src/orders.ts';

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

  it('sends the shop to the returns desk to make an order returned', () => {
    // Moving the whole order would refund every line unchecked.
    expect(transition('return_requested', 'returned', 'shop')).toEqual({
      ok: false,
      message: RETURNED_ON_THE_DESK,
    });
    expect(transition('return_requested', 'returned', 'system')).toEqual({ ok: true });
    expect(transition('return_requested', 'delivered', 'shop')).toEqual({ ok: true });
  });

  it('ships an order only with its parcel: a courier and an AWB, never by the status alone', () => {
    const refused = { ok: false, message: SHIP_FROM_DISPATCH };
    expect(transition('processing', 'shipped', 'shop')).toEqual(refused);
    expect(transition('processing', 'shipped', 'shop', null)).toEqual(refused);
    expect(transition('processing', 'shipped', 'shop', { courier: ' ', awb: 'DL123456' })).toEqual(
      refused,
    );
    expect(transition('processing', 'shipped', 'shop', { courier: 'DTDC', awb: '' })).toEqual(
      refused,
    );
    // Refused whatever the status, so the shop is always pointed to the shipment.
    expect(transition('pending', 'shipped', 'shop')).toEqual(refused);
    expect(
      transition('processing', 'shipped', 'shop', { courier: 'DTDC', awb: 'D12345678' }),
    ).toEqual({ ok: true });
    // With its parcel the table still rules: a pending order never ships.
    expect(transition('pending', 'shipped', 'shop', { courier: 'DTDC', awb: 'D12345678' }).ok).toBe(
      false,
    );
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
});

describe('an order as its shopper sees it', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const dueLater = new Date(now.getTime() + 60_000).toISOString();
  const duePassed = new Date(now.getTime() - 1).toISOString();

  it('an open unpaid order awaits payment until it is due, then has expired', () => {
    for (const paymentStatus of ['pending', 'failed'] as const) {
      expect(
        orderShopperView({ status: 'pending', paymentStatus, paymentDueAt: dueLater }, now),
      ).toEqual({
        badge: 'Awaiting payment',
        awaitingPayment: true,
        awaitingCodConfirmation: false,
        paid: false,
        payment: 'Payment pending',
      });
      expect(
        orderShopperView({ status: 'pending', paymentStatus, paymentDueAt: duePassed }, now),
      ).toEqual({
        badge: 'Payment expired',
        awaitingPayment: false,
        awaitingCodConfirmation: false,
        paid: false,
        payment: 'Not paid',
      });
    }
  });

  it('a paid pending order is placed, never PENDING beside a successful payment', () => {
    expect(
      orderShopperView({ status: 'pending', paymentStatus: 'paid', paymentDueAt: dueLater }, now),
    ).toEqual({
      badge: 'Placed',
      awaitingPayment: false,
      awaitingCodConfirmation: false,
      paid: true,
      payment: 'Payment Successful',
    });
  });

  it('a cancelled unpaid order cannot be paid and says it was not paid', () => {
    const view = orderShopperView(
      { status: 'cancelled', paymentStatus: 'pending', paymentDueAt: dueLater },
      now,
    );
    expect(view).toEqual({
      badge: 'CANCELLED',
      awaitingPayment: false,
      awaitingCodConfirmation: false,
      paid: false,
      payment: 'Not paid',
    });
  });

  it('a cash-on-delivery order asks for its code until due, then is placed once confirmed', () => {
    const cod = { status: 'pending', paymentStatus: 'cod_pending' } as const;
    expect(orderShopperView({ ...cod, paymentDueAt: dueLater }, now)).toEqual({
      badge: 'Confirm your order',
      awaitingPayment: false,
      awaitingCodConfirmation: true,
      paid: false,
      payment: 'Cash on delivery',
    });
    expect(orderShopperView({ ...cod, paymentDueAt: duePassed }, now)).toMatchObject({
      badge: 'Not confirmed in time',
      awaitingCodConfirmation: false,
    });
    expect(
      orderShopperView({ ...cod, paymentDueAt: dueLater, codConfirmedAt: now.toISOString() }, now),
    ).toMatchObject({ badge: 'Placed', awaitingCodConfirmation: false, paid: false });
  });

  it('refunds keep the order paid and name where the money is', () => {
    expect(
      orderShopperView(
        { status: 'cancelled', paymentStatus: 'refund_pending', paymentDueAt: duePassed },
        now,
      ),
    ).toMatchObject({ paid: true, payment: 'Refund in progress' });
    expect(
      orderShopperView(
        { status: 'returned', paymentStatus: 'refunded', paymentDueAt: duePassed },
        now,
      ),
    ).toMatchObject({ badge: 'RETURNED', paid: true, payment: 'Refunded' });
    expect(
      orderShopperView(
        { status: 'pending', paymentStatus: 'payment_review', paymentDueAt: dueLater },
        now,
      ),
    ).toMatchObject({ badge: 'Payment under review', paid: false, awaitingPayment: false });
  });
});
