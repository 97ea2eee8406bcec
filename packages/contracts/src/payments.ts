// Payments: what the checkout sends to pay an order and what the server answers. zod/mini because
// the payment window parses these answers in the browser (only checkout and order pages load it).
import * as z from 'zod/mini';
import { providerPaymentStatuses } from '@shop/domain/payments';
import { plainText, successEnvelope } from './common-mini.ts';
import { order } from './orders.ts';

export const paymentMessages = {
  incomplete: 'Payment initialization incomplete',
  verificationFailed: 'Payment verification failed',
  orderNotPayable: 'This order can no longer be paid',
  notFound: 'Payment not found',
  badWebhook: 'Invalid webhook signature',
  orderIdRequired: 'Order ID is required',
  methodInvalid: 'Invalid payment method',
  providerOrderIdRequired: 'razorpayOrderId is required',
  providerPaymentIdInvalid: 'Invalid razorpayPaymentId',
  failureReasonInvalid: 'Invalid failureReason',
} as const;

/** The providers a payment can be opened with; the simulator stands in for Razorpay locally. */
export const paymentProviders = ['razorpay', 'simulator'] as const;

/**
 * Required text: trimmed, not blank, at most `max` characters, no control characters. Each of
 * these failures answers the field's one message, so a forged checkout result learns nothing.
 */
const requiredField = (message: string, max = 200) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: message }),
      plainText(message),
    );

// ---------- inputs ----------

/** `POST /payments/initiate`: the shop order to pay; Razorpay is the one method. */
export const initiatePaymentSchema = z.object({
  orderId: requiredField(paymentMessages.orderIdRequired, 64),
  method: z._default(
    z.string().check(z.maxLength(30), plainText(paymentMessages.methodInvalid)),
    'razorpay',
  ),
});
export type InitiatePaymentInput = z.input<typeof initiatePaymentSchema>;

/**
 * What the payment window hands back on success (Razorpay's field names), and what
 * `POST /payments/verify` and `POST /payments/success` take: the signature proves the provider
 * issued this payment for this provider order.
 */
export const checkoutResultSchema = z.object({
  razorpay_order_id: requiredField(paymentMessages.verificationFailed),
  razorpay_payment_id: requiredField(paymentMessages.verificationFailed),
  razorpay_signature: requiredField(paymentMessages.verificationFailed),
});
export type CheckoutResult = z.output<typeof checkoutResultSchema>;

/** `POST /payments/failure`: a payment the window reported failed or the shopper closed. */
export const paymentFailureSchema = z.object({
  razorpayOrderId: requiredField(paymentMessages.providerOrderIdRequired),
  razorpayPaymentId: z.optional(
    z.string().check(z.maxLength(200), plainText(paymentMessages.providerPaymentIdInvalid)),
  ),
  failureReason: z._default(
    z
      .string()
      .check(z.maxLength(500), plainText(paymentMessages.failureReasonInvalid, 'multiline')),
    'Payment failed',
  ),
});
export type PaymentFailureInput = z.input<typeof paymentFailureSchema>;

/** `POST /payments/simulator/pay`: the simulator's window paying (or failing) a provider order. */
export const simulatorPaySchema = z.object({
  razorpayOrderId: requiredField(paymentMessages.providerOrderIdRequired),
  outcome: z._default(z.enum(['success', 'failure']), 'success'),
});

// ---------- answers ----------

/** The provider order to open the payment window on. Amounts in paise, as Razorpay takes them. */
export const paymentStart = z.object({
  razorpayOrderId: z.string(),
  razorpayKey: z.string(),
  key: z.string(),
  amount: z.number(),
  currency: z.literal('INR'),
  orderId: z.string(),
  orderNumber: z.string(),
  provider: z.enum(paymentProviders),
  /** The provider order itself, as Razorpay's Orders API describes it. */
  order: z.object({ id: z.string(), amount: z.number(), currency: z.literal('INR') }),
});
export type PaymentStart = z.infer<typeof paymentStart>;

/** One provider order of a shop order and what became of it. Amount in rupees. */
export const payment = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: z.string(),
  razorpayOrderId: z.string(),
  razorpayPaymentId: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(providerPaymentStatuses),
  method: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
  refundId: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;

/** An order's latest payment, with every payment of the order (newest first). */
export const orderPayments = z.extend(payment, { payments: z.array(payment) });

/** A verified payment: the order as it stands now (paid, held for review, or refunded late). */
export const verifiedPayment = z.object({ order, payment });

/** What the shop did with a provider's webhook event. */
export const webhookAck = z.object({
  event: z.string(),
  handled: z.boolean(),
  duplicate: z.boolean(),
});

/**
 * A failed simulated payment (402): the message, and Razorpay's error object as its window reports
 * a failed payment.
 */
export const simulatorPayFailure = z.object({
  success: z.literal(false),
  message: z.string(),
  requestId: z.string(),
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});

export const paymentStartResponse = successEnvelope(paymentStart);
export const verifiedPaymentResponse = successEnvelope(verifiedPayment);
export const paymentResponse = successEnvelope(payment);
export const orderPaymentsResponse = successEnvelope(orderPayments);
/** The simulator's answer is the checkout result its window hands to verify. */
export const simulatorPayResponse = successEnvelope(checkoutResultSchema);
export const webhookAckResponse = successEnvelope(webhookAck);
