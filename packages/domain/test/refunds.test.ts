import { describe, expect, it } from 'vitest';
import { ShopError } from '../src/errors.ts';
import {
  planLineRefund,
  planShopRefund,
  refundablePaise,
  refundGate,
  refundMessages,
  shopperRefundLabel,
  type OrderToRefund,
  type RefundMade,
} from '../src/refunds.ts';

/**
 * Two lines: 2 × ₹1,000 and 1 × ₹500, ₹300 off the ₹2,500 (₹240 and ₹60 shares), ₹99 shipping:
 * ₹2,299 paid.
 */
function order(overrides: Partial<OrderToRefund> = {}): OrderToRefund {
  return {
    items: [
      { id: 'bra', productName: 'Lace bra', quantity: 2, itemTotalPaise: 200_000 },
      { id: 'slip', productName: 'Satin slip', quantity: 1, itemTotalPaise: 50_000 },
    ],
    discountPaise: 30_000,
    totalPaise: 229_900,
    paymentStatus: 'paid',
    paidPaise: 229_900,
    refunds: [],
    ...overrides,
  };
}

function refusal(run: () => unknown): { kind: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ShopError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

const made = (refund: Partial<RefundMade>): RefundMade => ({
  state: 'processed',
  reason: 'shop',
  amountPaise: 0,
  lines: [],
  ...refund,
});

describe('refunds the shop decides', () => {
  it('refunds a line at its price less its share of the discount', () => {
    expect(planShopRefund(order(), { lines: [{ itemId: 'slip', quantity: 1 }] })).toEqual({
      amountPaise: 44_000,
      lines: [{ itemId: 'slip', quantity: 1, amountPaise: 44_000 }],
    });
    // One of two units: half the line's net (₹2,000 − ₹240).
    expect(planShopRefund(order(), { lines: [{ itemId: 'bra', quantity: 1 }] }).amountPaise).toBe(
      88_000,
    );
  });

  it('sums unit by unit to the line, and the last unit of the order brings the shipping back', () => {
    const first = planLineRefund(order(), [{ itemId: 'bra', quantity: 1 }]);
    const second = planLineRefund(
      order({
        refunds: [
          made({ amountPaise: first.amountPaise, lines: [{ itemId: 'bra', quantity: 1 }] }),
        ],
      }),
      [{ itemId: 'bra', quantity: 1 }],
    );
    expect(first.amountPaise + second.amountPaise).toBe(176_000);
    const last = planLineRefund(
      order({
        refunds: [made({ amountPaise: 176_000, lines: [{ itemId: 'bra', quantity: 2 }] })],
      }),
      [{ itemId: 'slip', quantity: 1 }],
    );
    expect(176_000 + last.amountPaise).toBe(229_900);
  });

  it('never refunds more than was paid less what is refunded or on its way', () => {
    const partly = order({
      refunds: [
        made({ amountPaise: 100_000, state: 'processed' }),
        made({ amountPaise: 100_000, state: 'pending', reason: 'returned' }),
        // A refund that failed for good gave nothing back: it does not count.
        made({ amountPaise: 200_000, state: 'failed' }),
      ],
    });
    expect(refundablePaise(partly)).toBe(29_900);
    expect(refusal(() => planShopRefund(partly, { amountPaise: 30_000 }))).toEqual({
      kind: 'conflict',
      message: refundMessages.tooMuch(29_900),
    });
    expect(planShopRefund(partly, { amountPaise: 29_900 }).amountPaise).toBe(29_900);
    const all = order({ refunds: [made({ amountPaise: 229_900, state: 'sent' })] });
    expect(refusal(() => planShopRefund(all, { amountPaise: 100 })).message).toBe(
      refundMessages.nothingLeft,
    );
  });

  it('refuses units of a line already refunded, unknown and repeated items', () => {
    const refunded = order({
      refunds: [made({ amountPaise: 44_000, lines: [{ itemId: 'slip', quantity: 1 }] })],
    });
    expect(
      refusal(() => planShopRefund(refunded, { lines: [{ itemId: 'slip', quantity: 1 }] })),
    ).toEqual({ kind: 'conflict', message: refundMessages.lineQuantity('Satin slip', 0) });
    expect(
      refusal(() => planShopRefund(order(), { lines: [{ itemId: 'bra', quantity: 3 }] })).message,
    ).toBe('At most 2 of Lace bra can still be refunded');
    expect(
      refusal(() => planShopRefund(order(), { lines: [{ itemId: 'nope', quantity: 1 }] })),
    ).toEqual({ kind: 'invalid', message: refundMessages.unknownItem });
    expect(
      refusal(() =>
        planShopRefund(order(), {
          lines: [
            { itemId: 'bra', quantity: 1 },
            { itemId: 'bra', quantity: 1 },
          ],
        }),
      ).message,
    ).toBe(refundMessages.duplicateItem);
  });

  it('refunds only orders whose money arrived', () => {
    for (const paymentStatus of ['pending', 'failed'] as const) {
      expect(
        refusal(() => planShopRefund(order({ paymentStatus, paidPaise: 0 }), { amountPaise: 100 })),
      ).toEqual({ kind: 'conflict', message: refundMessages.notPaid });
    }
    expect(
      refusal(() =>
        planShopRefund(order({ paymentStatus: 'payment_review' }), { amountPaise: 100 }),
      ).message,
    ).toBe(refundMessages.underReview);
  });

  it('tells the shopper a refund is in progress until the provider confirms it', () => {
    expect(shopperRefundLabel('pending')).toBe('Refund in progress');
    expect(shopperRefundLabel('failed')).toBe('Refund in progress');
    expect(shopperRefundLabel('processed')).toBe('Refunded');
  });
});

describe('the refund gate', () => {
  const limit = 200_000;
  const owner = { role: 'owner' as const, staffLimitPaise: limit };
  const staff = { role: 'staff' as const, staffLimitPaise: limit };
  const refused = { ok: false, message: 'Refunds above ₹2,000 need an owner' };

  it('lets staff refund up to the limit of an order, and owners any amount', () => {
    expect(refundGate(staff, limit, [])).toEqual({ ok: true });
    expect(refundGate(staff, limit + 1, [])).toEqual(refused);
    expect(refundGate(owner, 50_000_000, [])).toEqual({ ok: true });
    expect(refundGate({ ...staff, role: 'customer' }, 100, [])).toEqual({
      ok: false,
      message: refundMessages.notAllowed,
    });
    // No limit at all: every refund is an owner's.
    expect(refundGate({ ...staff, staffLimitPaise: 0 }, 1, [])).toEqual({
      ok: false,
      message: 'Refunds above ₹0 need an owner',
    });
  });

  it("counts every refund staff made of the order, of any kind, but not an owner's or the shop's own", () => {
    // Five ₹1,900 returned lines: each alone within ₹2,000, the second already past it.
    const line = made({ amountPaise: 190_000, reason: 'returned', decidedByRole: 'staff' });
    expect(refundGate(staff, 190_000, [])).toEqual({ ok: true });
    expect(refundGate(staff, 190_000, [line])).toEqual(refused);
    expect(refundGate(staff, 10_000, [line])).toEqual({ ok: true });
    const cancel = made({ amountPaise: 150_000, reason: 'cancelled', decidedByRole: 'staff' });
    expect(refundGate(staff, 60_000, [cancel])).toEqual(refused);
    // An owner's refund, the shop's own rules and a refund that failed for good do not count.
    const notStaff = [
      made({ amountPaise: 500_000, decidedByRole: 'owner' }),
      made({ amountPaise: 500_000, reason: 'late_payment', decidedByRole: null }),
      made({ amountPaise: 500_000, state: 'failed', decidedByRole: 'staff' }),
    ];
    expect(refundGate(staff, limit, notStaff)).toEqual({ ok: true });
    // An owner refunds past what staff did.
    expect(refundGate(owner, 500_000, [line, cancel])).toEqual({ ok: true });
  });

  it("lets the shop's own rules refund without anyone's say", () => {
    expect(
      refundGate(null, 50_000_000, [made({ amountPaise: 500_000, decidedByRole: 'staff' })]),
    ).toEqual({ ok: true });
  });
});
