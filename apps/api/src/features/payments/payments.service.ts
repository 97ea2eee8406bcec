import { invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import { isUniqueViolation, type Database } from '../../db/client.ts';
import {
  hmacHex,
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
} from '../../adapters/payments/signatures.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { simulatedId } from '../../adapters/payments/simulator-provider.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { OrdersRepository } from '../orders/orders.repository.ts';
import { toOrder, type OrderRefunds } from '../orders/orders.service.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

export const paymentText = {
  incomplete: 'Payment initialization incomplete',
  verificationFailed: 'Payment verification failed',
  orderNotPayable: 'This order can no longer be paid',
  notFound: 'Payment not found',
  badWebhook: 'Invalid webhook signature',
} as const;

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** A webhook delivered to our own endpoint (the simulator does what Razorpay would). */
export type DeliverWebhook = (rawBody: string, headers: Record<string, string>) => Promise<void>;

function toPayment(row: PaymentRow) {
  return {
    _id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    razorpayOrderId: row.providerOrderId,
    razorpayPaymentId: row.providerPaymentId,
    amount: paiseToRupees(row.amountPaise),
    currency: row.currency,
    status: row.status,
    method: row.method,
    failureReason: row.failureReason,
    refundId: row.refundId,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the payments service tells operators' metrics. */
export interface PaymentMetrics {
  /** A payment marked its order paid (once per payment, however often it is reported). */
  paymentSettled: () => void;
}

export function createPaymentsService(deps: {
  db: Database;
  payments: PaymentsRepository;
  orders: OrdersRepository;
  provider: PaymentProvider;
  keySecret: string;
  webhookSecret: string;
  outbox: MailOutbox;
  deliverWebhook: () => DeliverWebhook;
  log: (error: unknown, message: string) => void;
  metrics: PaymentMetrics;
}) {
  const { db, payments, orders, provider, outbox } = deps;
  const pendingWebhooks = new Set<NodeJS.Timeout>();

  async function ownOrder(userId: string, orderId: string) {
    const order = isUuid(orderId) ? await orders.findForUser(userId, orderId) : undefined;
    if (!order) throw notFound('Order not found');
    return order;
  }

  /**
   * Marks an order paid, exactly once however often it is told (verify, success, webhooks, all at
   * once): the order row is locked, and a payment already paid is left alone. A payment that
   * arrives for an order already cancelled or expired is kept on record and refunded.
   */
  async function settle(
    providerOrderId: string,
    providerPaymentId: string,
    method: string | null,
    userId: string | null,
  ): ReturnType<PaymentsRepository['settlePayment']> {
    const settled = await payments
      .settlePayment(providerOrderId, providerPaymentId, method, userId)
      .catch((error: unknown) => {
        // The same payment id settling two orders at once: the second meets the unique key.
        if (isUniqueViolation(error)) return { outcome: 'taken' as const };
        throw error;
      });
    // The database queued the confirmation mail with the payment; send it now.
    if (settled.outcome === 'paid') {
      deps.metrics.paymentSettled();
      outbox.deliverSoon();
    }
    if (settled.outcome === 'refund' && settled.payment)
      await refundPayment(settled.payment, false);
    return settled;
  }

  /** Refunds a paid payment in full; the provider is called outside any transaction. */
  async function refundPayment(payment: PaymentRow, markOrder: boolean) {
    if (!payment.providerPaymentId) return false;
    const refund = await provider.refund(payment.providerPaymentId, {
      amountPaise: payment.amountPaise,
      receipt: `refund-${payment.id}`,
    });
    await db.transaction(async (tx) => {
      await orders.lockOrder(tx, payment.orderId);
      await payments.update(tx, payment.id, {
        status: 'refunded',
        refundId: refund.id,
        refundedAt: new Date(),
      });
      if (markOrder) await orders.updateOrder(tx, payment.orderId, { paymentStatus: 'refunded' });
    });
    return true;
  }

  async function recordFailure(providerOrderId: string, reason: string) {
    const known = await payments.findByProviderOrderId(providerOrderId);
    if (!known) return;
    await db.transaction(async (tx) => {
      // Every transaction here locks the order before its payment: one order, no deadlock.
      const order = await orders.lockOrder(tx, known.orderId);
      const payment = await payments.lockByProviderOrderId(tx, providerOrderId);
      if (!order || !payment || payment.status !== 'created') return;
      await payments.update(tx, payment.id, { failureReason: reason.slice(0, 500) });
      if (order.paymentStatus === 'pending') {
        await orders.updateOrder(tx, order.id, { paymentStatus: 'failed' });
      }
    });
  }

  const refunds: OrderRefunds = {
    async refundOrder(orderId) {
      const paid = await payments.paidPaymentOf(orderId);
      return paid ? refundPayment(paid, true) : false;
    },
  };

  return {
    refunds,

    /** Drops simulated webhooks not yet delivered (the server is closing). */
    stop() {
      for (const timer of pendingWebhooks) clearTimeout(timer);
      pendingWebhooks.clear();
    },

    /** Creates (or reuses) the provider order for a shop order, for the server's own total. */
    async initiate(userId: string, orderId: string, method: string) {
      if (method !== 'razorpay') throw invalid(paymentText.incomplete);
      const order = await ownOrder(userId, orderId);
      if (
        order.status !== 'pending' ||
        order.paymentStatus === 'paid' ||
        order.paymentStatus === 'refunded'
      ) {
        throw invalid(paymentText.orderNotPayable);
      }
      if (order.paymentDueAt.getTime() <= Date.now()) throw invalid(paymentText.orderNotPayable);
      let payment = await payments.openPaymentOf(order.id);
      if (!payment) {
        const created = await provider.createOrder({
          amountPaise: order.totalPaise,
          receipt: order.orderNumber,
          notes: { orderId: order.id, orderNumber: order.orderNumber },
        });
        payment =
          (await payments.insertPayment({
            orderId: order.id,
            provider: provider.name,
            providerOrderId: created.id,
            amountPaise: order.totalPaise,
          })) ?? (await payments.openPaymentOf(order.id));
        if (!payment) throw invalid(paymentText.incomplete);
      }
      return {
        razorpayOrderId: payment.providerOrderId,
        razorpayKey: provider.keyId,
        key: provider.keyId,
        amount: payment.amountPaise,
        currency: 'INR' as const,
        orderId: order.id,
        orderNumber: order.orderNumber,
        provider: provider.name,
        order: {
          id: payment.providerOrderId,
          amount: payment.amountPaise,
          currency: 'INR' as const,
        },
      };
    },

    /** A payment the shopper's browser reports, for one of the shopper's own orders. */
    async verify(userId: string, result: CheckoutResult) {
      // A valid signature proves the provider issued this payment for this provider order; the
      // database then settles it only if that order is one of this shopper's.
      if (
        !isValidPaymentSignature(
          deps.keySecret,
          result.razorpay_order_id,
          result.razorpay_payment_id,
          result.razorpay_signature,
        )
      ) {
        throw invalid(paymentText.verificationFailed);
      }
      const { outcome, order, payment } = await settle(
        result.razorpay_order_id,
        result.razorpay_payment_id,
        null,
        userId,
      );
      if (outcome === 'unknown' || outcome === 'taken') {
        throw invalid(paymentText.verificationFailed);
      }
      // Paid now, or already (by this payment, or by another one of the same order).
      if (order && payment) return { order: toOrder(order), payment: toPayment(payment) };
      // A payment for an order cancelled meanwhile: kept on record, and refunded by `settle`.
      const refunded = (await payments.findByProviderOrderId(result.razorpay_order_id))!;
      return {
        order: toOrder((await orders.findById(refunded.orderId))!),
        payment: toPayment(refunded),
      };
    },

    async failure(
      userId: string,
      input: {
        razorpayOrderId: string;
        razorpayPaymentId?: string | undefined;
        failureReason: string;
      },
    ) {
      const payment = await payments.findByProviderOrderId(input.razorpayOrderId);
      const order = payment ? await orders.findForUser(userId, payment.orderId) : undefined;
      if (!payment || !order) throw notFound(paymentText.notFound);
      await recordFailure(payment.providerOrderId, input.failureReason || 'Payment failed');
      return toPayment((await payments.findByProviderOrderId(payment.providerOrderId))!);
    },

    async details(userId: string, id: string) {
      const payment = await payments.findForUser(userId, id);
      if (!payment) throw notFound(paymentText.notFound);
      return toPayment(payment);
    },

    async ofOrder(userId: string, orderId: string) {
      const order = await ownOrder(userId, orderId);
      const rows = await payments.listForOrder(order.id);
      if (rows.length === 0) throw notFound(paymentText.notFound);
      return { ...toPayment(rows[0]!), payments: rows.map(toPayment) };
    },

    /**
     * A webhook from the provider: signature over the raw bytes first, then each event id once.
     * Events: payment.captured and order.paid settle the order; payment.failed records the
     * failure; refund.processed marks the refund. Anything else is acknowledged and ignored.
     */
    async webhook(rawBody: string, signature: string | undefined, eventId: string | undefined) {
      if (!signature || !isValidWebhookSignature(deps.webhookSecret, rawBody, signature)) {
        throw invalid(paymentText.badWebhook);
      }
      let envelope: {
        event?: string;
        payload?: {
          payment?: {
            entity?: {
              id?: string;
              order_id?: string;
              method?: string;
              amount?: number;
              error_description?: string;
            };
          };
          refund?: { entity?: { id?: string; payment_id?: string } };
        };
      };
      try {
        envelope = JSON.parse(rawBody);
      } catch {
        throw invalid('Invalid webhook body');
      }
      const event = envelope.event ?? 'unknown';
      const id =
        eventId ||
        `${event}:${envelope.payload?.payment?.entity?.id ?? ''}:${envelope.payload?.refund?.entity?.id ?? ''}`;
      if (!(await payments.rememberEvent(id, event)))
        return { event, handled: false, duplicate: true };
      try {
        const entity = envelope.payload?.payment?.entity;
        if (
          (event === 'payment.captured' || event === 'order.paid') &&
          entity?.id &&
          entity.order_id
        ) {
          const payment = await payments.findByProviderOrderId(entity.order_id);
          // Only the full amount settles an order.
          if (payment && (entity.amount === undefined || entity.amount >= payment.amountPaise)) {
            const { outcome } = await settle(
              entity.order_id,
              entity.id,
              entity.method ?? null,
              null,
            );
            if (outcome === 'taken') {
              // Money captured against an order whose payment id already paid another: for people.
              deps.log(
                new Error(
                  `payment ${entity.id} for ${entity.order_id} is already on another order`,
                ),
                'captured payment not applied',
              );
            }
          }
        } else if (event === 'payment.failed' && entity?.order_id) {
          await recordFailure(entity.order_id, entity.error_description ?? 'Payment failed');
        } else if (event === 'refund.processed' && envelope.payload?.refund?.entity?.payment_id) {
          // Refunds are recorded when made; the provider's confirmation needs nothing more.
        } else {
          return { event, handled: false, duplicate: false };
        }
      } catch (error) {
        // Let the provider's retry try again.
        await payments.forgetEvent(id);
        throw error;
      }
      return { event, handled: true, duplicate: false };
    },

    /**
     * The simulator's payment window: pays (or fails) a provider order as Razorpay would, answers
     * the handler's fields signed with the key secret, and delivers the matching webhook.
     */
    async simulatePayment(userId: string, providerOrderId: string, outcome: 'success' | 'failure') {
      const payment = await payments.findByProviderOrderId(providerOrderId);
      const order = payment ? await orders.findForUser(userId, payment.orderId) : undefined;
      if (!payment || !order) throw notFound(paymentText.notFound);
      const providerPaymentId = simulatedId('pay');
      const entity = {
        id: providerPaymentId,
        entity: 'payment',
        amount: payment.amountPaise,
        currency: 'INR',
        status: outcome === 'success' ? 'captured' : 'failed',
        order_id: providerOrderId,
        method: 'upi',
        captured: outcome === 'success',
        ...(outcome === 'failure'
          ? {
              error_code: 'BAD_REQUEST_ERROR',
              error_description: 'Payment failed',
              error_reason: 'payment_failed',
            }
          : {}),
        created_at: Math.floor(Date.now() / 1000),
      };
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_simulator',
        event: outcome === 'success' ? 'payment.captured' : 'payment.failed',
        contains: ['payment'],
        payload: { payment: { entity } },
        created_at: Math.floor(Date.now() / 1000),
      });
      const headers = {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(deps.webhookSecret, body),
        'x-razorpay-event-id': simulatedId('evt'),
      };
      // Razorpay's webhook arrives on its own, a moment later, whatever the browser does.
      setTimeout(() => {
        deps
          .deliverWebhook()(body, headers)
          .catch((error) => deps.log(error, 'simulated webhook failed'));
      }, 50);
      if (outcome === 'failure') {
        return {
          ok: false as const,
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: providerOrderId, payment_id: providerPaymentId },
          },
        };
      }
      return {
        ok: true as const,
        result: {
          razorpay_order_id: providerOrderId,
          razorpay_payment_id: providerPaymentId,
          razorpay_signature: paymentSignature(deps.keySecret, providerOrderId, providerPaymentId),
        },
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
