// The back office's actions on one order: a refund of chosen lines or of an amount, the
// confirmation mailed again, and the shipping address changed before dispatch. One schema per
// form, shared by the order screen and its route; zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { isUuid } from '@shop/domain/ids';
import { orderRefundRow } from './orders-desk.ts';
import { shippingAddressSchema } from './orders.ts';
import { requiredText, successEnvelope } from './common-mini.ts';

export const orderRefundMessages = {
  item: 'Each line needs the item to refund',
  quantity: 'Quantity must be a whole number of at least 1',
  amount: 'The amount is rupees above 0, with at most two decimals',
  noteRequired: 'Please write the reason for the refund',
  linesOrAmount: 'Choose the items to refund, or write an amount, not both',
  noLines: 'Choose at least one item to refund',
} as const;

const refundLine = z.object({
  itemId: z
    .string({ error: orderRefundMessages.item })
    .check(z.refine(isUuid, { error: orderRefundMessages.item })),
  quantity: z.number({ error: orderRefundMessages.quantity }).check(
    z.refine((value) => Number.isInteger(value) && value >= 1 && value <= 1000, {
      error: orderRefundMessages.quantity,
    }),
  ),
});

/** Rupees with at most two decimals (whole paise), above 0. */
const refundAmount = z
  .number({ error: orderRefundMessages.amount })
  .check(
    z.refine(
      (value) =>
        Number.isFinite(value) &&
        value > 0 &&
        value <= 10_000_000 &&
        Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      { error: orderRefundMessages.amount },
    ),
  );

/**
 * `POST /admin/orders/{id}/refunds`: units of chosen lines (each refunded at its price less its
 * share of the discount) or an amount in rupees, and why, for the shop's records.
 */
export const orderRefundSchema = z
  .object({
    lines: z.optional(
      z
        .array(refundLine, { error: orderRefundMessages.noLines })
        .check(
          z.minLength(1, { error: orderRefundMessages.noLines }),
          z.maxLength(50, { error: orderRefundMessages.noLines }),
        ),
    ),
    amount: z.optional(refundAmount),
    note: requiredText(orderRefundMessages.noteRequired, 500, 'multiline'),
  })
  .check(
    z.refine((body) => (body.lines === undefined) !== (body.amount === undefined), {
      error: orderRefundMessages.linesOrAmount,
      path: ['amount'],
    }),
  );
export type OrderRefundInput = z.input<typeof orderRefundSchema>;

/** `PATCH /admin/orders/{id}/shipping-address`: the checkout's own address, with its rules. */
export const orderAddressSchema = shippingAddressSchema;
export type OrderAddressInput = z.input<typeof orderAddressSchema>;

export const confirmationResent = z.object({
  /** Whom the mail went to. */
  to: z.string(),
  queuedAt: z.string(),
});
export type ConfirmationResent = z.infer<typeof confirmationResent>;

export const changedAddress = z.object({
  shippingAddress: z.object({
    name: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    pinCode: z.string(),
    phone: z.string(),
  }),
});
export type ChangedAddress = z.infer<typeof changedAddress>;

export const orderRefundResponse = successEnvelope(orderRefundRow);
export const confirmationResentResponse = successEnvelope(confirmationResent);
export const changedAddressResponse = successEnvelope(changedAddress);
