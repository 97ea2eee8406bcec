import { invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import {
  awaitsPayment,
  type OrderPaymentStatus,
  type ProviderPaymentStatus,
} from '@shop/domain/payments';
import { paymentMessages, type CheckoutResult, type Payment } from '@shop/contracts/payments';
import { type Database, type Executor } from '../../db/client.ts';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
} from '../../adapters/payments/signatures.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { SimulatorProvider } from '../../adapters/payments/simulator-provider.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import {
  toOrder,
  type OrderLookups,
  type OrderRefunds,
  type OrderSettlement,
} from '../orders/orders.service.ts';
import type { PaymentRow, PaymentsRepository, SettleCall } from './payments.repository.ts';
import type { RefundsRepository } from './refunds.repository.ts';
import { settlePayment, type Settled } from './workflows/settle-payment.ts';
import type { RefundsService } from './refunds.service.ts';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';

/** A provider order unpaid this long is asked about (its webhook or browser should have come). */
const RECONCILE_AFTER_MS = 10 * 60_000;
/** ...and asked again no sooner than this. */
const RECONCILE_AGAIN_AFTER_MS = 5 * 60_000;

/** What the shop reads of a provider's webhook; everything else is stored as it came. */
interface WebhookEnvelope {
  event?: unknown;
  payload?: {
    payment?: {
      entity?: {
        id?: string;
        order_id?: string;
        method?: string;
        amount?: number;
        currency?: string;
        error_description?: string;
      };
    };
    refund?: {
      entity?: {
        id?: string;
        payment_id?: string;
        status?: string;
        receipt?: string | null;
        notes?: Record<string, string>;
      };
    };
  };
}

function toPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    razorpayOrderId: row.providerOrderId,
    razorpayPaymentId: row.providerPaymentId,
    amount: paiseToRupees(row.amountPaise),
    currency: row.currency,
    status: row.status as ProviderPaymentStatus,
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
  /** Orders read and locked through the orders service (made after this one). */
  orders: () => Pick<OrderLookups, 'findForUser' | 'lockOrder'>;
  provider: PaymentProvider;
  /** The simulator, when it is the provider: it takes the shopper's payment itself. */
  simulator: SimulatorProvider | undefined;
  refunds: RefundsService;
  /** The refunds' rows: a settlement owes a late or duplicate payment back in its transaction. */
  refundsRepository: RefundsRepository;
  /** What a settlement does to its order, through the orders service (made after this one). */
  orderSettlement: () => OrderSettlement;
  keySecret: string;
  webhookSecret: string;
  outbox: MailOutbox;
  log: (error: unknown, message: string) => void;
  metrics: PaymentMetrics;
  /** Counts payment verifications per account (see shopperLimits). */
  throttle: Throttle;
  limits: ShopperLimits;
}) {
  const { db, payments, provider, outbox } = deps;

  async function ownOrder(userId: string, orderId: string) {
    const order = isUuid(orderId) ? await deps.orders().findForUser(userId, orderId) : undefined;
    if (!order) throw notFound('Order not found');
    return order;
  }

  /** Settles a provider's payment in `tx` (see workflows/settle-payment.ts). */
  function settleIn(tx: Executor, call: SettleCall): Promise<Settled> {
    return settlePayment(
      { payments, refunds: deps.refundsRepository, orders: deps.orderSettlement() },
      tx,
      call,
    );
  }

  /** Work a settlement leaves for after its commit. */
  function afterSettle(settled: Settled) {
    if (settled.outcome === 'paid') {
      deps.metrics.paymentSettled();
      outbox.deliverSoon();
    }
    if (settled.refundOwed) deps.refunds.sendSoon();
  }

  async function recordFailure(tx: Executor, providerOrderId: string, reason: string) {
    const known = await payments.findByProviderOrderId(tx, providerOrderId);
    if (!known) return;
    // Every transaction here locks the order before its payment: one order, no deadlock.
    const order = await deps.orders().lockOrder(tx, known.orderId);
    const payment = await payments.lockByProviderOrderId(tx, providerOrderId);
    if (!order || !payment || payment.status !== 'created') return;
    await payments.update(tx, payment.id, { failureReason: reason.slice(0, 500) });
    if (order.paymentStatus === 'pending') {
      await deps.orderSettlement().setPaymentStatus(tx, order.id, 'failed');
    }
  }

  const refunds: OrderRefunds = {
    owe: (tx, orderId, reason, decidedBy) => deps.refunds.oweOrder(tx, orderId, reason, decidedBy),
    oweReturn: (tx, orderId, amountPaise, decidedBy) =>
      deps.refunds.oweReturn(tx, orderId, amountPaise, decidedBy),
    mayRefund: (tx, orderId, amountPaise, decidedBy) =>
      deps.refunds.mayRefund(tx, orderId, amountPaise, decidedBy),
    sendSoon: () => deps.refunds.sendSoon(),
  };

  return {
    refunds,

    /** Drops simulated webhooks not yet delivered (the server is closing). */
    stop() {
      provider.stop?.();
    },

    /** Creates (or reuses) the provider order for a shop order, for the server's own total. */
    async initiate(userId: string, orderId: string, method: string) {
      if (method !== 'razorpay') throw invalid(paymentMessages.incomplete);
      const found = isUuid(orderId) ? await payments.toInitiate(userId, orderId) : undefined;
      if (!found) throw notFound('Order not found');
      const { order } = found;
      if (order.status !== 'pending' || !awaitsPayment(order.paymentStatus as OrderPaymentStatus)) {
        throw invalid(paymentMessages.orderNotPayable);
      }
      if (order.paymentDueAt.getTime() <= Date.now())
        throw invalid(paymentMessages.orderNotPayable);
      let payment = found.openPayment ?? undefined;
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
        if (!payment) throw invalid(paymentMessages.incomplete);
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
      // database then settles it only if that order is one of this shopper's. It is checked
      // before anything is read; a forged one is still counted by the throttle.
      const signed = isValidPaymentSignature(
        deps.keySecret,
        result.razorpay_order_id,
        result.razorpay_payment_id,
        result.razorpay_signature,
      );
      // One read without a lock tells a payment the provider's webhook settled already (the
      // answer, with no transaction and no lock) from one still to settle, and how. It runs
      // while the throttle counts the attempt.
      const seen = await deps.throttle.takeWhileReading(
        deps.limits.paymentVerifications,
        userId,
        async () => (signed ? payments.settledView(result.razorpay_order_id) : undefined),
      );
      if (!signed) throw invalid(paymentMessages.verificationFailed);
      if (!seen || seen.order.userId !== userId) throw invalid(paymentMessages.verificationFailed);
      if (seen.payment.providerPaymentId === result.razorpay_payment_id) {
        return { order: toOrder(seen.order), payment: toPayment(seen.payment) };
      }
      const call: SettleCall = {
        providerOrderId: result.razorpay_order_id,
        providerPaymentId: result.razorpay_payment_id,
        method: null,
        userId,
      };
      // The order and its payment locked, the outcome decided on them and written together.
      const settled = await db.transaction((tx) => settleIn(tx, call));
      afterSettle(settled);
      if (settled.outcome === 'unknown' || settled.outcome === 'taken') {
        throw invalid(paymentMessages.verificationFailed);
      }
      // Paid now or before, held for review, or paid late (kept on record, and refunded).
      const now =
        settled.order && settled.payment
          ? { order: settled.order, payment: settled.payment }
          : await payments.settledView(result.razorpay_order_id);
      if (!now) throw invalid(paymentMessages.verificationFailed);
      return { order: toOrder(now.order), payment: toPayment(now.payment) };
    },

    async failure(
      userId: string,
      input: {
        razorpayOrderId: string;
        razorpayPaymentId?: string | undefined;
        failureReason: string;
      },
    ) {
      const payment = await payments.findByProviderOrderId(db, input.razorpayOrderId);
      const order = payment ? await deps.orders().findForUser(userId, payment.orderId) : undefined;
      if (!payment || !order) throw notFound(paymentMessages.notFound);
      await db.transaction((tx) =>
        recordFailure(tx, payment.providerOrderId, input.failureReason || 'Payment failed'),
      );
      return toPayment((await payments.findByProviderOrderId(db, payment.providerOrderId))!);
    },

    async details(userId: string, id: string) {
      const payment = await payments.findForUser(userId, id);
      if (!payment) throw notFound(paymentMessages.notFound);
      return toPayment(payment);
    },

    async ofOrder(userId: string, orderId: string) {
      const order = await ownOrder(userId, orderId);
      const rows = await payments.listForOrder(order.id);
      if (rows.length === 0) throw notFound(paymentMessages.notFound);
      return { ...toPayment(rows[0]!), payments: rows.map(toPayment) };
    },

    /**
     * A webhook from the provider: signature over the raw bytes first; every event is then
     * stored raw by its id, its effect and its handled mark committing in one transaction with
     * it, so a repeat is a no-op. An error keeps the raw event, unhandled; a crash answers
     * nothing, so the provider delivers it again.
     * payment.captured and order.paid settle the order, payment.failed records the failure,
     * refund.processed and refund.failed move the refund. Other events are stored and acknowledged.
     */
    async webhook(rawBody: string, signature: string | undefined, eventId: string | undefined) {
      if (!signature || !isValidWebhookSignature(deps.webhookSecret, rawBody, signature)) {
        throw invalid(paymentMessages.badWebhook);
      }
      let envelope: WebhookEnvelope;
      try {
        envelope = JSON.parse(rawBody);
      } catch {
        throw invalid('Invalid webhook body');
      }
      const event = typeof envelope.event === 'string' ? envelope.event.slice(0, 100) : 'unknown';
      const entity = envelope.payload?.payment?.entity;
      const refund = envelope.payload?.refund?.entity;
      const id = (
        eventId || `${event}:${entity?.id ?? ''}:${refund?.id ?? ''}:${refund?.status ?? ''}`
      ).slice(0, 200);
      const settles =
        (event === 'payment.captured' || event === 'order.paid') && entity?.id && entity.order_id;
      if (settles) {
        // Most captures arrive after the shopper's browser settled the payment: then there is
        // nothing to apply, and the event is stored as handled in the statement that finds so.
        const seen = await payments.claimSettledCapture(
          entity.order_id!,
          entity.id!,
          id,
          event,
          envelope,
        );
        if (seen.settled) return { event, handled: seen.claimed, duplicate: !seen.claimed };
      }
      const after: Array<() => void> = [];
      const outcome = await db
        .transaction(async (tx) => {
          if (!(await payments.claimEvent(tx, id, event, envelope))) return 'duplicate' as const;
          let handled = true;
          if (
            (event === 'payment.captured' || event === 'order.paid') &&
            entity?.id &&
            entity.order_id
          ) {
            const settled = await settleIn(tx, {
              providerOrderId: entity.order_id,
              providerPaymentId: entity.id,
              method: entity.method ?? null,
              userId: null,
              capture: { amountPaise: entity.amount, currency: entity.currency },
            });
            after.push(() => afterSettle(settled));
            if (settled.outcome === 'taken') {
              // Money captured against an order whose payment id already paid another: for people.
              deps.log(
                new Error(
                  `payment ${entity.id} for ${entity.order_id} is already on another order`,
                ),
                'captured payment not applied',
              );
            }
          } else if (event === 'payment.failed' && entity?.order_id) {
            await recordFailure(tx, entity.order_id, entity.error_description ?? 'Payment failed');
          } else if ((event === 'refund.processed' || event === 'refund.failed') && refund?.id) {
            handled = await deps.refunds.providerSays(tx, {
              refundId: refund.notes?.refund_id ?? refund.receipt ?? undefined,
              providerRefundId: refund.id,
              state: event === 'refund.processed' ? 'processed' : 'failed',
              error:
                event === 'refund.failed' ? 'The provider could not process the refund' : undefined,
            });
          } else {
            handled = false;
          }
          return handled ? ('handled' as const) : ('ignored' as const);
        })
        .catch(async (error: unknown) => {
          // Applying failed and its claim was undone: the raw event is kept all the same, unhandled,
          // for the provider's retry (or a person) to apply.
          await payments.storeEvent(id, event, envelope).catch(() => undefined);
          throw error;
        });
      for (const work of after) work();
      return { event, handled: outcome === 'handled', duplicate: outcome === 'duplicate' };
    },

    /**
     * Reconciliation: provider orders still unpaid here some minutes after they were made are
     * looked up at the provider, and each payment it captured is settled (or refunded) exactly
     * as its webhook would have done; refunds sent but never confirmed are asked about too. The
     * shop converges even when the webhook and the browser are both lost.
     */
    async reconcile(batch = 20): Promise<number> {
      const providerOrderIds = await payments.claimToReconcile(
        batch,
        RECONCILE_AFTER_MS,
        RECONCILE_AGAIN_AFTER_MS,
      );
      for (const providerOrderId of providerOrderIds) {
        try {
          const found = await provider.paymentsOfOrder(providerOrderId);
          const captured = found.filter((payment) => payment.status === 'captured');
          for (const payment of captured) {
            const settled = await db.transaction((tx) =>
              settleIn(tx, {
                providerOrderId,
                providerPaymentId: payment.id,
                method: payment.method,
                userId: null,
                capture: { amountPaise: payment.amountPaise, currency: payment.currency },
              }),
            );
            afterSettle(settled);
          }
          const failed = found.find((payment) => payment.status === 'failed');
          if (captured.length === 0 && failed) {
            await db.transaction((tx) =>
              recordFailure(tx, providerOrderId, failed.errorDescription ?? 'Payment failed'),
            );
          }
        } catch (error) {
          deps.log(error, `reconciling ${providerOrderId} failed`);
        }
      }
      const refundsAsked = await deps.refunds.checkUnconfirmed(RECONCILE_AFTER_MS);
      return providerOrderIds.length + refundsAsked;
    },

    /**
     * The simulator's payment window: pays (or fails) a provider order as Razorpay would, answers
     * the handler's fields signed with the key secret, and delivers the matching webhook.
     */
    async simulatePayment(userId: string, providerOrderId: string, outcome: 'success' | 'failure') {
      const payment = await payments.ownPayment(userId, providerOrderId);
      if (!payment) throw notFound(paymentMessages.notFound);
      if (!deps.simulator) throw notFound(paymentMessages.notFound);
      const { providerPaymentId } = await deps.simulator.pay({
        providerOrderId,
        amountPaise: payment.amountPaise,
        outcome,
      });
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
