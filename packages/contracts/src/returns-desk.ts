// The back office's returns desk: its list query (parsed from the URL by the screen and by the
// route alike), the forms of its steps, and the answers. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { orderStatuses } from '@shop/domain/orders';
import { refundStates } from '@shop/domain/payments';
import { returnActions, returnLineStates, returnSteps } from '@shop/domain/returns';
import { returnParcel } from './orders.ts';
import { optionalText, requiredText, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const returnsDeskMessages = {
  notFound: 'Return not found',
  invalidCursor: invalidCursorMessage,
  reasonRequired: 'Please say why the request is declined',
  checkNoteRequired: 'Please say why the item did not pass the check',
  checkResultRequired: 'Say whether the item passed the check',
  courierFailed:
    'The courier could not book the parcel just now: please try again in a few minutes',
  noCourier: 'No courier is set up to book parcels: book this one by hand',
  bookingUnderWay: 'The courier is booking this parcel just now: refresh in a moment',
} as const;

/** The list's state filter: one state, the lines still to work on (default), or every line. */
export const returnsDeskStateFilters = ['open', 'all', ...returnLineStates] as const;
export type ReturnsDeskStateFilter = (typeof returnsDeskStateFilters)[number];

/** `GET /admin/returns`: oldest request first, a keyset cursor for the next page. */
export const returnsDeskQuery = z.object({
  state: z._default(z.enum(returnsDeskStateFilters, { error: 'Unknown return state' }), 'open'),
  action: z.optional(z.enum(returnActions, { error: 'Unknown return action' })),
  ...keysetPageQuery(20),
});
export type ReturnsDeskQueryInput = z.input<typeof returnsDeskQuery>;
export type ReturnsDeskQuery = z.output<typeof returnsDeskQuery>;

/** `POST /admin/returns/{lineId}/decline`: the shopper reads the reason. */
export const returnDeclineSchema = z.object({
  reason: requiredText(returnsDeskMessages.reasonRequired, 500, 'multiline'),
});
export type ReturnDeclineInput = z.input<typeof returnDeclineSchema>;

/**
 * `POST /admin/returns/{lineId}/quality-check`: tags on, unworn (a beauty item's seal unbroken).
 * A fail declines the line after receipt, so its note is the reason the shopper reads.
 */
export const returnCheckSchema = z
  .object({
    passed: z.boolean({ error: returnsDeskMessages.checkResultRequired }),
    note: optionalText(returnsDeskMessages.checkNoteRequired, 1000, 'multiline'),
  })
  .check(
    z.refine((check) => check.passed || check.note.length > 0, {
      error: returnsDeskMessages.checkNoteRequired,
      path: ['note'],
    }),
  );
export type ReturnCheckInput = z.input<typeof returnCheckSchema>;

const customer = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const returnsDeskRow = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  orderStatus: z.enum(orderStatuses),
  customer,
  productName: z.string(),
  productImage: z.string(),
  colorName: z.string(),
  size: z.string(),
  quantity: z.number(),
  action: z.enum(returnActions),
  exchangeFor: z.nullable(z.object({ colorName: z.string(), size: z.string() })),
  state: z.enum(returnLineStates),
  /** How the shopper reads the state in My Orders. */
  stateLabel: z.string(),
  /** What the check on arrival looks for (the hygiene rule of the item's kind). */
  checkRule: z.string(),
  /** The shopper's reason for the request. */
  reason: z.nullable(z.string()),
  requestedAt: z.string(),
  /** The steps the desk can take now, in order. */
  steps: z.array(z.enum(returnSteps)),
});
export type ReturnsDeskRow = z.infer<typeof returnsDeskRow>;

export const returnsDeskPage = z.object({
  lines: z.array(returnsDeskRow),
  next: nextCursor,
});
export type ReturnsDeskPage = z.infer<typeof returnsDeskPage>;

/** `GET /admin/returns/{lineId}`: one line whole, with what each of its steps left behind. */
export const returnsDeskLine = z.object({
  ...returnsDeskRow.shape,
  /** Where the reverse pickup collects it and the replacement goes. */
  address: z.string(),
  declineReason: z.nullable(z.string()),
  checkNote: z.nullable(z.string()),
  pickup: z.nullable(returnParcel),
  parcel: z.nullable(returnParcel),
  /** Rupees: what refunding the line gives back (its price less its share of the discount). */
  refundQuote: z.nullable(z.number()),
  /** The refund is above the staff limit: only an owner may give it. */
  refundNeedsOwner: z.boolean(),
  refund: z.nullable(z.object({ amount: z.number(), state: z.enum(refundStates) })),
  approvedAt: z.nullable(z.string()),
  pickupScheduledAt: z.nullable(z.string()),
  /** When the courier reported the return collected from her (its event for the return AWB). */
  pickedUpAt: z.nullable(z.string()),
  receivedAt: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
  restockedAt: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
  declinedAt: z.nullable(z.string()),
});
export type ReturnsDeskLine = z.infer<typeof returnsDeskLine>;

/** The steps as the API names them: `POST /admin/returns/{lineId}/{path}`. */
export const returnStepPaths = {
  approve: 'approve',
  decline: 'decline',
  schedulePickup: 'pickup',
  receive: 'receive',
  passCheck: 'quality-check',
  failCheck: 'quality-check',
  restock: 'restock',
  refund: 'refund',
  shipReplacement: 'ship-replacement',
  sendBack: 'send-back',
} as const;

export const returnsDeskPageResponse = successEnvelope(returnsDeskPage);
export const returnsDeskLineResponse = successEnvelope(returnsDeskLine);
