// The back office's dispatch screen: the queue of orders to pack, the pick list of a selection,
// the batch label request and the "mark shipped" form. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { dispatchStatuses, isAwb } from '@shop/domain/dispatch';
import { isUuid } from '@shop/domain/ids';
import { paymentStatuses } from '@shop/domain/orders';
import { requiredText, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const dispatchMessages = {
  invalidCursor: invalidCursorMessage,
  selectOrders: 'Select at least one order',
  tooManyOrders: 'At most 100 orders at once',
  invalidOrderId: 'Invalid order id',
  courierRequired: 'Please name the courier',
  awbInvalid: 'The AWB is 6 to 30 letters or digits',
} as const;

/** The most orders one pick list or one batch of labels takes. */
export const MAX_DISPATCH_BATCH = 100;

/** `GET /admin/dispatch`: keyset pages of the queue, oldest order first. */
export const dispatchQuery = z.object({
  ...keysetPageQuery(50),
});
export type DispatchQueryInput = z.input<typeof dispatchQuery>;
export type DispatchQuery = z.output<typeof dispatchQuery>;

export const dispatchUrgencies = ['on_time', 'due', 'late'] as const;

export const dispatchRow = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  /** The recipient on the shipping address, and where the parcel goes. */
  recipient: z.string(),
  city: z.string(),
  pinCode: z.string(),
  itemCount: z.number(),
  /** Rupees. */
  total: z.number(),
  status: z.enum(dispatchStatuses),
  paymentStatus: z.enum(paymentStatuses),
  /** Whole days since the order was placed, and where that sits in the 8–14 day window. */
  ageDays: z.number(),
  urgency: z.enum(dispatchUrgencies),
});
export type DispatchRow = z.infer<typeof dispatchRow>;

export const dispatchPage = z.object({
  orders: z.array(dispatchRow),
  next: nextCursor,
});
export type DispatchPage = z.infer<typeof dispatchPage>;

/** A selection of orders for a pick list or a batch of labels: 1 to 100 distinct ids. */
export const dispatchSelectionSchema = z.object({
  orderIds: z
    .array(
      z
        .string({ error: dispatchMessages.invalidOrderId })
        .check(z.refine(isUuid, { error: dispatchMessages.invalidOrderId })),
      { error: dispatchMessages.selectOrders },
    )
    .check(
      z.minLength(1, { error: dispatchMessages.selectOrders }),
      z.maxLength(MAX_DISPATCH_BATCH, { error: dispatchMessages.tooManyOrders }),
    ),
});
export type DispatchSelection = z.infer<typeof dispatchSelectionSchema>;

export const pickLine = z.object({
  productId: z.string(),
  productName: z.string(),
  colorName: z.string(),
  size: z.string(),
  /** Pieces to pull. */
  quantity: z.number(),
  /** How many of the selected orders want it. */
  orders: z.number(),
});
export type PickLine = z.infer<typeof pickLine>;

export const pickList = z.object({
  orders: z.array(z.object({ _id: z.string(), orderNumber: z.string() })),
  lines: z.array(pickLine),
  totalPieces: z.number(),
});
export type PickList = z.infer<typeof pickList>;

/** `POST /admin/orders/{id}/ship`: the courier carrying the parcel and its tracking number. */
export const shipOrderSchema = z.object({
  courier: requiredText(dispatchMessages.courierRequired, 60),
  awb: z
    .string({ error: dispatchMessages.awbInvalid })
    .check(z.trim(), z.refine(isAwb, { error: dispatchMessages.awbInvalid })),
});
export type ShipOrderInput = z.input<typeof shipOrderSchema>;
export type ShipOrder = z.output<typeof shipOrderSchema>;

export const dispatchPageResponse = successEnvelope(dispatchPage);
export const pickListResponse = successEnvelope(pickList);
