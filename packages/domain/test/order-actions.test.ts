import { describe, expect, it } from 'vitest';
import {
  addressEditCheck,
  attentionAction,
  canResendConfirmation,
  mailsAddressChange,
  orderActionMessages,
} from '../src/order-actions.ts';

describe("the shop's actions on one order", () => {
  it('mails the confirmation again only for an order that stands paid', () => {
    expect(canResendConfirmation({ status: 'confirmed', paymentStatus: 'paid' })).toBe(true);
    expect(canResendConfirmation({ status: 'shipped', paymentStatus: 'partially_refunded' })).toBe(
      true,
    );
    expect(canResendConfirmation({ status: 'pending', paymentStatus: 'pending' })).toBe(false);
    expect(canResendConfirmation({ status: 'cancelled', paymentStatus: 'paid' })).toBe(false);
    expect(canResendConfirmation({ status: 'confirmed', paymentStatus: 'refunded' })).toBe(false);
  });

  it("mails the shopper a change of a paid order's address, not of one unpaid", () => {
    expect(mailsAddressChange({ status: 'confirmed', paymentStatus: 'paid' })).toBe(true);
    expect(mailsAddressChange({ status: 'processing', paymentStatus: 'partially_refunded' })).toBe(
      true,
    );
    expect(mailsAddressChange({ status: 'pending', paymentStatus: 'pending' })).toBe(false);
  });

  it('changes the address only before dispatch and before a courier is asked', () => {
    const confirmed = { status: 'confirmed' as const, statusLabel: 'Confirmed' };
    expect(addressEditCheck(confirmed, [])).toEqual({ ok: true });
    // A booking that failed or was cancelled is no parcel.
    expect(addressEditCheck(confirmed, [{ state: 'failed' }, { state: 'cancelled' }])).toEqual({
      ok: true,
    });
    expect(addressEditCheck(confirmed, [{ state: 'requested' }])).toEqual({
      ok: false,
      message: orderActionMessages.addressShipmentBooked,
    });
    for (const [status, label] of [
      ['shipped', 'Shipped'],
      ['delivered', 'Delivered'],
      ['cancelled', 'Cancelled'],
    ] as const) {
      expect(addressEditCheck({ status, statusLabel: label }, [])).toEqual({
        ok: false,
        message: orderActionMessages.addressAfterDispatch(label),
      });
    }
  });

  it('says what to do about an order that needs attention', () => {
    expect(attentionAction({ paymentStatus: 'payment_review' })).toMatch(/held for review/);
    expect(attentionAction({ paymentStatus: 'refund_pending' })).toMatch(/refund failed/i);
  });
});
