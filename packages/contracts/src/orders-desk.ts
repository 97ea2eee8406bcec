// The back office's orders desk: its list query (parsed from the URL by the screen and by the
// route alike), the internal note form, and the answers. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { orderStatuses, paymentStatuses } from '@shop/domain/orders';
import { isCalendarDate } from '@shop/domain/orders-desk';
import { providerPaymentStatuses, refundReasons, refundStates } from '@shop/domain/payments';
import { order } from './orders.ts';
import { adminShipment } from './shipping.ts';
import { plainText, requiredText, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const ordersDeskMessages = {
  forbidden: 'Only the shop can do this',
  noteRequired: 'Please write the note',
  invalidCursor: invalidCursorMessage,
  invalidDate: 'Dates are written YYYY-MM-DD',
  invalidAmount: 'Amounts are rupees, 0 or more',
  reversedDates: "'from' must not be after 'to'",
  reversedAmounts: "'min' must not be more than 'max'",
} as const;

export const ordersDeskSorts = ['date', 'total'] as const;
export type OrdersDeskSort = (typeof ordersDeskSorts)[number];
export const sortDirections = ['asc', 'desc'] as const;

const calendarDate = z.optional(
  z.string().check(z.refine(isCalendarDate, { error: ordersDeskMessages.invalidDate })),
);
const rupees = z.optional(
  z.coerce
    .number({ error: ordersDeskMessages.invalidAmount })
    .check(z.minimum(0, { error: ordersDeskMessages.invalidAmount }), z.maximum(100_000_000)),
);

/**
 * `GET /admin/orders/desk`: search (order number, customer email, phone or name), filters, sort
 * and a keyset cursor. Dates are days in India, both ends included; amounts are rupees.
 */
export const ordersDeskQuery = z
  .object({
    q: z._default(
      z.string().check(z.trim(), z.maxLength(100), plainText('Invalid q: must be text')),
      '',
    ),
    status: z.optional(z.enum(orderStatuses, { error: 'Unknown order status' })),
    paymentStatus: z.optional(z.enum(paymentStatuses, { error: 'Unknown payment status' })),
    from: calendarDate,
    to: calendarDate,
    min: rupees,
    max: rupees,
    sort: z._default(z.enum(ordersDeskSorts), 'date'),
    dir: z._default(z.enum(sortDirections), 'desc'),
    ...keysetPageQuery(20),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      error: ordersDeskMessages.reversedDates,
      path: ['from'],
    }),
    z.refine(
      (query) => query.min === undefined || query.max === undefined || query.min <= query.max,
      { error: ordersDeskMessages.reversedAmounts, path: ['min'] },
    ),
  );
export type OrdersDeskQueryInput = z.input<typeof ordersDeskQuery>;
export type OrdersDeskQuery = z.output<typeof ordersDeskQuery>;

/** `POST /admin/orders/{id}/notes`: a note for the shop's eyes only. */
export const orderNoteSchema = z.object({
  text: requiredText(ordersDeskMessages.noteRequired, 2000, 'multiline'),
});
export type OrderNoteInput = z.input<typeof orderNoteSchema>;

const customer = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const ordersDeskRow = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customer,
  /** Rupees. */
  total: z.number(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  itemCount: z.number(),
  /** A payment under review or a refund that failed for good: the shop must act. */
  needsAttention: z.boolean(),
});
export type OrdersDeskRow = z.infer<typeof ordersDeskRow>;

export const ordersDeskPage = z.object({
  orders: z.array(ordersDeskRow),
  next: nextCursor,
  /**
   * On the first page only (no cursor), whatever the filters: the oldest orders that need the
   * shop's attention, at most 20.
   */
  needsAttention: z.array(ordersDeskRow),
});
export type OrdersDeskPage = z.infer<typeof ordersDeskPage>;

export const orderNote = z.object({
  _id: z.string(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNote>;

export const orderPaymentRow = z.object({
  _id: z.string(),
  provider: z.string(),
  providerOrderId: z.string(),
  providerPaymentId: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  method: z.nullable(z.string()),
  status: z.enum(providerPaymentStatuses),
  failureReason: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});

export const orderRefundRow = z.object({
  _id: z.string(),
  providerPaymentId: z.string(),
  providerRefundId: z.nullable(z.string()),
  amount: z.number(),
  reason: z.enum(refundReasons),
  state: z.enum(refundStates),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  processedAt: z.nullable(z.string()),
  /** Why the shop refunded by hand; null for a refund a cancel or a return owed. */
  note: z.nullable(z.string()),
  /** The units of each line it gives back, for a refund of lines; empty otherwise. */
  lines: z.array(
    z.object({
      itemId: z.string(),
      productName: z.string(),
      quantity: z.number(),
      /** Rupees. */
      amount: z.number(),
    }),
  ),
});
export type OrderRefundRow = z.infer<typeof orderRefundRow>;

export const timelineKinds = [
  'order',
  'payment',
  'status',
  'refund',
  'return',
  'note',
  'mail',
  'address',
] as const;

export const timelineEntry = z.object({
  at: z.string(),
  kind: z.enum(timelineKinds),
  title: z.string(),
  detail: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** `GET /admin/orders/{id}`: the order as its shopper sees it, and what only the shop sees. */
export const orderDeskDetail = z.object({
  order,
  customer,
  payments: z.array(orderPaymentRow),
  refunds: z.array(orderRefundRow),
  notes: z.array(orderNote),
  /** The courier and AWB stored on the order when it shipped (also on its shipment, if any). */
  shippedBy: z.nullable(z.object({ courier: z.string(), awb: z.string() })),
  /** Oldest first. */
  timeline: z.array(timelineEntry),
  needsAttention: z.boolean(),
  /** The order's newest shipment (its state, AWB, timeline and any failed delivery); or null. */
  shipment: z.nullable(adminShipment),
});
export type OrderDeskDetail = z.infer<typeof orderDeskDetail>;

export const ordersDeskPageResponse = successEnvelope(ordersDeskPage);
export const orderDeskDetailResponse = successEnvelope(orderDeskDetail);
export const orderNoteResponse = successEnvelope(orderNote);
