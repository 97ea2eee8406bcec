// Checkout and orders. The address schemas carry the checkout's messages and serve the checkout
// form and `POST /order` alike; zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { normalizeCodCode } from '@shop/domain/cash-on-delivery';
import { isPinCode } from '@shop/domain/contact-details';
import { MAX_UNITS_PER_SIZE } from '@shop/domain/cart';
import { discountTypes } from '@shop/domain/discounts';
import { isUuid } from '@shop/domain/ids';
import { orderStatuses, paymentStatuses } from '@shop/domain/orders';
import { returnActions, returnLineStates } from '@shop/domain/returns';
import {
  optionalText,
  plainText,
  requiredIndianPhone,
  requiredText,
  successEnvelope,
} from './common-mini.ts';
import { appliedOffer, orderLineMoneyFields } from './offer-answers.ts';
import { cartMessages } from './cart.ts';
import { tracking } from './shipping.ts';

export const orderMessages = {
  loginRequired: 'Please login to place an order',
  noItems: 'Your order has no items',
  itemProduct: 'Each item needs a product',
  itemQuantity: 'Quantity must be a whole number of at least 1',
  itemSize: 'Each item needs a size',
  itemColor: 'Each item needs a colour',
  reasonRequired: 'Please tell us the reason',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different order',
  pricesChanged: 'Prices or offers changed while your order was being placed. Please try again.',
  notFound: 'Order not found',
  notPaid: 'Order is not paid',
  tooManyOfOneSize: cartMessages.tooManyOfOneSize,
  itemImage: 'Invalid product image',
  paymentMethodInvalid: 'Invalid payment method',
  notesInvalid: 'Invalid notes',
  cartChanged: 'Your cart has changed. Please review your order.',
  cartEmpty: 'Your cart is empty',
  returnItem: 'Each line needs the item to send back',
  returnAction: "Choose 'exchange' or 'return' for each item",
  returnQuantity: 'Quantity must be a whole number of at least 1',
  returnSize: 'Invalid size',
  returnColor: 'Invalid colour',
  returnNoItems: 'Choose at least one item to exchange or return',
  codNotConfirmedInTime: 'Cash on delivery was not confirmed in time',
  // Neutral about where the code came: an account made by phone has no e-mail, so its code
  // reaches her phone only.
  codCodeRequired: 'Please enter the 6-digit confirmation code',
} as const;

/** How an order may be paid: online through Razorpay, or cash on delivery when the shop offers it. */
export const orderPaymentMethods = ['razorpay', 'cod'] as const;
export type OrderPaymentMethod = (typeof orderPaymentMethods)[number];

/** `POST /order/{id}/cod/confirm`: the code mailed when a cash-on-delivery order was placed. */
export const codConfirmSchema = z.object({
  code: z.string({ error: orderMessages.codCodeRequired }).check(
    z.refine((value) => /^\d{6}$/.test(normalizeCodCode(value)), {
      error: orderMessages.codCodeRequired,
    }),
  ),
});
export type CodConfirmInput = z.input<typeof codConfirmSchema>;

/** `GET /order/cod-options?pinCode=`: whether this cart may be paid on delivery there. */
export const codOptionsQuery = z.object({
  pinCode: z.string().check(z.refine(isPinCode, { error: 'Invalid PIN code' })),
});
export const codOptions = z.object({
  available: z.boolean(),
  /** Rupees added to the total when chosen. */
  fee: z.number(),
  /** Why not, in the shopper's words; null when available. */
  message: z.nullable(z.string()),
});
export type CodOptions = z.infer<typeof codOptions>;
export const codOptionsResponse = successEnvelope(codOptions);

const pinCode = (required: string, invalidMessage: string) =>
  requiredText(required, 10).check(z.refine(isPinCode, { error: invalidMessage }));

function addressSchema(prefix: '' | 'Billing ') {
  const lower = prefix === '' ? '' : 'billing ';
  const sentence = (text: string) => (prefix ? `${prefix}${text.toLowerCase()}` : text);
  return z.object({
    name: requiredText(sentence('Name is required'), 100),
    addressLine1: requiredText(sentence('Address is required'), 200),
    addressLine2: optionalText(`Invalid ${lower}address line 2`, 200),
    city: requiredText(sentence('City is required'), 100),
    state: requiredText(sentence('State is required'), 100),
    pinCode: pinCode(
      prefix ? 'Billing PIN code is required' : 'PIN code is required',
      `Invalid ${lower}PIN code`,
    ),
    phone: requiredIndianPhone(sentence('Phone is required'), `Invalid ${lower}phone number`),
  });
}

/** The checkout's shipping address: every field but the second line, 6-digit pin, 10-digit phone. */
export const shippingAddressSchema = addressSchema('');
/** The billing address, checked only when 'Same as shipping' is unchecked. */
export const billingAddressSchema = addressSchema('Billing ');
export type CheckoutAddressInput = z.input<typeof shippingAddressSchema>;
export type CheckoutAddress = z.output<typeof shippingAddressSchema>;

const orderLine = z.object({
  product: z
    .string({ error: orderMessages.itemProduct })
    .check(z.refine(isUuid, { error: orderMessages.itemProduct })),
  quantity: z.number({ error: orderMessages.itemQuantity }).check(
    z.refine((value) => Number.isInteger(value) && value >= 1, {
      error: orderMessages.itemQuantity,
      abort: true,
    }),
    z.refine((value) => value <= MAX_UNITS_PER_SIZE, { error: orderMessages.tooManyOfOneSize }),
  ),
  size: requiredText(orderMessages.itemSize, 30),
  color: z.object(
    {
      colorName: requiredText(orderMessages.itemColor, 60),
      colorHex: z.optional(z.string().check(z.maxLength(20), plainText(orderMessages.itemColor))),
    },
    { error: orderMessages.itemColor },
  ),
  productImage: z.optional(z.string().check(z.maxLength(500), plainText(orderMessages.itemImage))),
});

/**
 * The order creation payload the checkout sends. Only what the shopper chose is read: products,
 * colours, sizes, quantities, addresses, notes. Prices, names and totals in it are ignored; the
 * server prices the order from the catalogue and the cart's discount.
 */
export const createOrderSchema = z.object({
  items: z
    .array(orderLine, { error: orderMessages.noItems })
    .check(
      z.minLength(1, { error: orderMessages.noItems }),
      z.maxLength(50, { error: 'At most 50 different items per order' }),
    ),
  shippingAddress: shippingAddressSchema,
  /**
   * Left out, null or `sameAsShipping: true`: billing is the shipping address. One that is sent
   * is a checkout address all the same.
   */
  billingAddress: z.optional(z.nullable(billingAddressSchema)),
  sameAsShipping: z.optional(z.boolean()),
  paymentMethod: z._default(
    z.string().check(z.maxLength(30), plainText(orderMessages.paymentMethodInvalid)),
    'razorpay',
  ),
  notes: optionalText(orderMessages.notesInvalid, 1000, 'multiline'),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const orderReasonSchema = z.object({
  reason: requiredText(orderMessages.reasonRequired, 500, 'multiline'),
});

/**
 * One line of a return request: the bought item, how many of it (the whole line when left out),
 * and whether the shopper wants another size or colour of it (`exchange`) or her money back.
 */
export const orderReturnLineSchema = z.object({
  itemId: z
    .string({ error: orderMessages.returnItem })
    .check(z.refine(isUuid, { error: orderMessages.returnItem })),
  quantity: z.optional(
    z.number({ error: orderMessages.returnQuantity }).check(
      z.refine((value) => Number.isInteger(value) && value >= 1 && value <= 1000, {
        error: orderMessages.returnQuantity,
      }),
    ),
  ),
  action: z.enum(returnActions, { error: orderMessages.returnAction }),
  size: z.optional(z.string().check(z.maxLength(30), plainText(orderMessages.returnSize))),
  colorName: z.optional(z.string().check(z.maxLength(60), plainText(orderMessages.returnColor))),
});
export type OrderReturnLineInput = z.input<typeof orderReturnLineSchema>;

/**
 * `POST /order/{id}/return`: a reason, and the lines to exchange or return. Without `items` every
 * line that can be taken back is returned whole.
 */
export const orderReturnSchema = z.object({
  reason: requiredText(orderMessages.reasonRequired, 500, 'multiline'),
  items: z.optional(
    z
      .array(orderReturnLineSchema, { error: orderMessages.returnNoItems })
      .check(
        z.minLength(1, { error: orderMessages.returnNoItems }),
        z.maxLength(50, { error: orderMessages.returnNoItems }),
      ),
  ),
});
export type OrderReturnInput = z.input<typeof orderReturnSchema>;

export const orderListQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10),
  q: z._default(
    z.string().check(z.trim(), z.maxLength(100), plainText('Invalid q: must be text')),
    '',
  ),
  status: z.optional(z.enum(orderStatuses)),
});

/** The shop moves an order; a cancel may carry the shop's reason, which its shopper reads. */
export const orderStatusUpdateSchema = z.object({
  status: z.enum(orderStatuses, { error: 'Unknown order status' }),
  reason: z.optional(requiredText(orderMessages.reasonRequired, 500, 'multiline')),
});

// ---------- answers ----------

const address = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  phone: z.string(),
});

export const orderItem = z.object({
  _id: z.string(),
  product: z.string(),
  productName: z.string(),
  productImage: z.string(),
  color: z.object({ colorName: z.string(), colorHex: z.string() }),
  size: z.string(),
  quantity: z.number(),
  priceAtPurchase: z.number(),
  itemTotal: z.number(),
  /** Whether this kind of item can ever be exchanged or returned (hygiene and final sale). */
  returnable: z.boolean(),
  /** Why it cannot, for the return screen; null when it can. */
  returnBlockedReason: z.nullable(z.string()),
  /** A condition checked when it comes back (beauty only with its seal unbroken); or null. */
  returnCondition: z.nullable(z.string()),
  // What the order keeps of the line's money: list total, offer share, code share, paid.
  listTotal: z.optional(orderLineMoneyFields.listTotal),
  offerDiscount: z.optional(orderLineMoneyFields.offerDiscount),
  codeDiscount: z.optional(orderLineMoneyFields.codeDiscount),
  paid: z.optional(orderLineMoneyFields.paid),
  offer: z.optional(orderLineMoneyFields.offer),
});
export type OrderItem = z.infer<typeof orderItem>;

/** A parcel of a return line as the courier booked it. */
export const returnParcel = z.object({
  courier: z.nullable(z.string()),
  awb: z.string(),
  trackingUrl: z.nullable(z.string()),
});
export type ReturnParcel = z.infer<typeof returnParcel>;

/** A line of a return request and where it stands. */
export const orderReturnLine = z.object({
  _id: z.string(),
  itemId: z.string(),
  productName: z.string(),
  quantity: z.number(),
  action: z.enum(returnActions),
  /** For an exchange: the colour and size sent in place of the item. */
  exchangeFor: z.nullable(z.object({ colorName: z.string(), size: z.string() })),
  state: z.enum(returnLineStates),
  stateLabel: z.string(),
  /** Rupees going back for a returned line once the shop has it; null for an exchange. */
  refundAmount: z.nullable(z.number()),
  requestedAt: z.string(),
  /** Why the shop declined the line, or why it did not pass the check on arrival. */
  declineReason: z.optional(z.nullable(z.string())),
  /** The reverse pickup booked for it: the courier's return AWB. */
  pickup: z.optional(z.nullable(returnParcel)),
  /** The parcel to the shopper: the replacement, or the items sent back after a failed check. */
  parcel: z.optional(z.nullable(returnParcel)),
});
export type OrderReturnLine = z.infer<typeof orderReturnLine>;

/**
 * Money the shop sent back for the order, as its shopper reads it: how much, whether it has reached
 * her (`Refunded`) or is on its way, and the items it was for (none for a refund of an amount).
 */
export const orderRefund = z.object({
  _id: z.string(),
  /** Rupees. */
  amount: z.number(),
  refunded: z.boolean(),
  label: z.string(),
  createdAt: z.string(),
  lines: z.array(z.object({ itemId: z.string(), productName: z.string(), quantity: z.number() })),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/**
 * A phone message sent about the order (WhatsApp or SMS), as its timeline shows it: the step it
 * reported, where it went and how far it got (queued, sent, delivered, read, failed...).
 */
export const orderMessage = z.object({
  id: z.string(),
  /** placed_cod, shipped, out_for_delivery, delivered, cancelled, return_picked_up, refund_sent... */
  step: z.string(),
  channel: z.enum(['whatsapp', 'sms']),
  recipient: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  readAt: z.nullable(z.string()),
  failedAt: z.nullable(z.string()),
});
export type OrderMessage = z.infer<typeof orderMessage>;

export const order = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  statusLabel: z.string(),
  subtotal: z.number(),
  /** Offers and codes together: total = subtotal − totalDiscountAmount + shipping (+ COD fee). */
  totalDiscountAmount: z.number(),
  /** Of which the offers (applied before codes), and each offer with what it took off. */
  offerDiscount: z.optional(z.number()),
  offers: z.optional(z.array(appliedOffer)),
  discountCode: z.nullable(z.string()),
  /** Each applied code and what it took off, in rupees. */
  discounts: z.array(
    z.object({ code: z.string(), type: z.enum(discountTypes), amount: z.number() }),
  ),
  shippingCharge: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  paymentMethod: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  /** For an unpaid order its deadline to pay; for cash on delivery its deadline to confirm. */
  paymentDueAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** Cash on delivery's fee, in the total (0 for orders paid online). */
  codFee: z.optional(z.number()),
  /** When a cash-on-delivery order was confirmed (by its mailed code, or by the shop). */
  codConfirmedAt: z.optional(z.nullable(z.string())),
  notes: z.string(),
  items: z.array(orderItem),
  shippingAddress: address,
  billingAddress: address,
  deliveredAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  returnReason: z.nullable(z.string()),
  /** The lines asked to be exchanged or returned, with their states. */
  returns: z.array(orderReturnLine),
  canCancel: z.boolean(),
  /** Delivered within the window, not yet asked, and holding a line that can be taken back. */
  canReturn: z.boolean(),
  /** The parcel once the shop asked a courier to carry it: AWB, link and its timeline. */
  tracking: z.nullable(tracking),
  /** Money sent back for the order (a cancel, returned items, or the shop's refund), oldest first. */
  refunds: z.array(orderRefund),
  /**
   * The phone messages sent about it, oldest first (her orders and the owner's order screen);
   * absent while none was sent, and on the answers of placing and paying.
   */
  messages: z.optional(z.array(orderMessage)),
});
export type Order = z.infer<typeof order>;

/** The answer to a return request: the order, and the lines it could not take with why. */
export const returnRequestResult = z.extend(order, {
  declined: z.array(z.object({ itemId: z.string(), productName: z.string(), reason: z.string() })),
});
export type ReturnRequestResult = z.infer<typeof returnRequestResult>;

export const placedOrder = z.object({
  orderId: z.string(),
  _id: z.string(),
  orderNumber: z.string(),
  total: z.number(),
  order,
});

export const orderPage = z.object({
  orders: z.array(order),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type OrderPage = z.infer<typeof orderPage>;

export const orderStats = z.object({
  total: z.number(),
  byStatus: z.record(z.string(), z.number()),
  totalSpent: z.number(),
  stats: z.array(z.object({ status: z.string(), count: z.number() })),
});

export const placedOrderResponse = successEnvelope(placedOrder);
export const orderResponse = successEnvelope(order);
export const returnRequestResponse = successEnvelope(returnRequestResult);
export const orderPageResponse = successEnvelope(orderPage);
export const orderStatsResponse = successEnvelope(orderStats);
