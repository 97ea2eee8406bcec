import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import {
  captureMatchesOrder,
  type OrderPaymentStatus,
  type ProviderPaymentStatus,
} from '@shop/domain/payments';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { orders, payments, webhookEvents } from '../../db/schema.ts';
import type { OrderWithItems, OrdersRepository } from '../orders/orders.repository.ts';
import type { RefundsRepository } from './refunds.repository.ts';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * What settling a provider's payment came to: 'unknown' (no such provider order, or another
 * shopper's), 'already' (this payment settled it before), 'taken' (the provider's payment id is on
 * another order), 'paid' (settled now), 'late' (the order was cancelled or expired: the payment is
 * kept and a refund owed), 'duplicate' (the order was already paid by another payment: a refund
 * of this one is owed) or 'review' (the capture does not match the order: held for the shop).
 */
export type SettleOutcome =
  'unknown' | 'already' | 'taken' | 'paid' | 'late' | 'duplicate' | 'review';

export interface SettleCall {
  providerOrderId: string;
  providerPaymentId: string;
  method: string | null;
  /** A shopper's verification settles only her own order; the provider's webhook passes null. */
  userId: string | null;
  /** What the provider captured, when it says (a webhook does; a verification does not). */
  capture?: { amountPaise?: number | undefined; currency?: string | undefined } | undefined;
}

export interface Settled {
  outcome: SettleOutcome;
  order?: OrderWithItems | undefined;
  payment?: PaymentRow | undefined;
  /** The refund this settlement owes ('late' and 'duplicate'). */
  refundOwed?: boolean;
}

/** Order statuses in which money has arrived for the order's own payment. */
const MONEY_RECEIVED: OrderPaymentStatus[] = [
  'paid',
  'refund_pending',
  'refunded',
  'partially_refunded',
  'payment_review',
];

export function createPaymentsRepository(db: Database, refunds: RefundsRepository) {
  // Read by every verify, success and webhook call: prepared once, it skips query building.
  const byProviderOrderId = db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, sql.placeholder('providerOrderId')))
    .prepare('payment_by_provider_order_id');

  return {
    async openPaymentOf(orderId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created')));
      return row;
    },

    /** Records a provider order; undefined when another request recorded one first. */
    async insertPayment(values: typeof payments.$inferInsert) {
      const rows = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return rows[0];
    },

    async findByProviderOrderId(tx: Executor, providerOrderId: string) {
      if (tx === db) return (await byProviderOrderId.execute({ providerOrderId }))[0];
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerOrderId, providerOrderId));
      return row;
    },

    /**
     * Settles a provider's payment in one transaction: the order locked first, then its payment
     * (the order every writer of both locks them in), so verify, success and webhooks arriving
     * together settle it once. A paid order's confirmation mail is queued with it; a late or
     * duplicate payment's refund is owed with it. Runs in `tx` (a webhook's, which marks its
     * event handled in the same transaction).
     */
    async settle(
      tx: Executor,
      call: SettleCall,
      ordersRepository: OrdersRepository,
    ): Promise<Settled> {
      const [known] = await tx
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.providerOrderId, call.providerOrderId));
      if (!known) return { outcome: 'unknown' };
      const order = await ordersRepository.lockOrder(tx, known.orderId);
      if (!order || (call.userId !== null && order.userId !== call.userId)) {
        return { outcome: 'unknown' };
      }
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerOrderId, call.providerOrderId))
        .for('update');
      if (!payment) return { outcome: 'unknown' };
      const answer = async (outcome: SettleOutcome, row: PaymentRow, refundOwed = false) => ({
        outcome,
        order: await ordersRepository.findById(tx, order.id),
        payment: row,
        refundOwed,
      });
      if (payment.providerPaymentId === call.providerPaymentId) return answer('already', payment);

      // A provider's payment pays one order: its id already on another payment is no payment here.
      const [elsewhere] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(eq(payments.providerPaymentId, call.providerPaymentId), ne(payments.id, payment.id)),
        );
      if (elsewhere) return { outcome: 'taken' };

      const capturedPaise = call.capture?.amountPaise ?? payment.amountPaise;
      const alreadyPaid =
        payment.status !== 'created' || (MONEY_RECEIVED as string[]).includes(order.paymentStatus);
      if (alreadyPaid) {
        // A second captured payment for money already received: it goes back in full.
        const owed = await refunds.owe(tx, {
          orderId: order.id,
          paymentId: null,
          providerPaymentId: call.providerPaymentId,
          amountPaise: capturedPaise,
          reason: 'duplicate_payment',
        });
        return answer('duplicate', payment, owed !== undefined);
      }

      const cancelled = order.status === 'cancelled';
      const matches = captureMatchesOrder(call.capture ?? {}, payment.amountPaise);
      const status: ProviderPaymentStatus = matches || cancelled ? 'paid' : 'review';
      const [settled] = await tx
        .update(payments)
        .set({
          status,
          providerPaymentId: call.providerPaymentId,
          method: call.method,
          paidAt: sql`now()`,
          failureReason: null,
          ...(status === 'paid' ? { amountPaise: capturedPaise } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id))
        .returning();

      if (cancelled) {
        // Paid after the order was cancelled or expired: the money goes back, whatever it was.
        const owed = await refunds.owe(tx, {
          orderId: order.id,
          paymentId: payment.id,
          providerPaymentId: call.providerPaymentId,
          amountPaise: capturedPaise,
          reason: 'late_payment',
        });
        await ordersRepository.updateOrder(tx, order.id, {
          paymentStatus: 'refund_pending' satisfies OrderPaymentStatus,
        });
        return answer('late', settled!, owed !== undefined);
      }
      if (!matches) {
        await ordersRepository.updateOrder(tx, order.id, {
          paymentStatus: 'payment_review' satisfies OrderPaymentStatus,
        });
        return answer('review', settled!);
      }

      await ordersRepository.updateOrder(tx, order.id, {
        paymentStatus: 'paid' satisfies OrderPaymentStatus,
        paidAt: new Date(),
      });
      // Whichever tab or device paid, what was bought leaves the cart.
      await ordersRepository.takeOrderedLinesFromCart(tx, order.id, order.userId);
      // The confirmation mail, written when the outbox delivers it (from the order as committed).
      await tx.execute(
        sql`insert into mail_outbox (template, data)
            select 'order_confirmation', jsonb_build_object(
              'recipient', jsonb_build_object('email', u.email, 'firstName', u.first_name),
              'order', (select to_jsonb(o) from orders o where o.id = ${order.id}),
              'items', (select coalesce(jsonb_agg(to_jsonb(i) order by i.position), '[]'::jsonb)
                        from order_items i where i.order_id = ${order.id}))
            from users u where u.id = ${order.userId}`,
      );
      return answer('paid', settled!);
    },

    async lockByProviderOrderId(tx: Executor, providerOrderId: string) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerOrderId, providerOrderId))
        .for('update');
      return row;
    },

    async update(tx: Executor, id: string, changes: Partial<typeof payments.$inferInsert>) {
      const [row] = await tx
        .update(payments)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(payments.id, id))
        .returning();
      return row!;
    },

    async paidPaymentOf(tx: Executor, orderId: string) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
      return row;
    },

    /** A payment of one of the user's orders, by our id or the provider's payment or order id. */
    async findForUser(userId: string, id: string) {
      const [row] = await db
        .select({ payment: payments })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            or(
              eq(payments.providerPaymentId, id),
              eq(payments.providerOrderId, id),
              sql`${payments.id}::text = ${id}`,
            ),
          ),
        );
      return row?.payment;
    },

    async listForOrder(orderId: string) {
      return db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt));
    },

    /**
     * Claims provider orders to ask the provider about: still unpaid here, made more than
     * `quietMs` ago (the webhook or the browser should have told us by then) and less than three
     * days ago, and not asked within `recheckMs`. The claim stamps `checked_at`, so another
     * process does not ask about the same ones.
     */
    async claimToReconcile(limit: number, quietMs: number, recheckMs: number) {
      const rows = await queryRows<{ provider_order_id: string }>(
        db,
        sql`update payments set checked_at = now()
            where id in (
              select id from payments
              where status = ${'created' satisfies ProviderPaymentStatus}
                and created_at < now() - ${`${quietMs} milliseconds`}::interval
                and created_at > now() - interval '3 days'
                and (checked_at is null or checked_at < now() - ${`${recheckMs} milliseconds`}::interval)
              order by checked_at nulls first, created_at
              limit ${limit}
              for update skip locked)
            returning provider_order_id`,
      );
      return rows.map((row) => row.provider_order_id);
    },

    /**
     * Stores a webhook delivery as it came, once per event id (delivery is at least once). It is
     * kept whether or not applying it later succeeds.
     */
    async storeEvent(eventId: string, event: string, payload: unknown) {
      await db.insert(webhookEvents).values({ eventId, event, payload }).onConflictDoNothing();
    },

    /**
     * Locks a stored event for applying it; answers whether it was handled before. A second
     * delivery of the same event waits here until the first one's transaction ends.
     */
    async lockEvent(tx: Executor, eventId: string): Promise<{ handled: boolean } | undefined> {
      const [row] = await tx
        .select({ handledAt: webhookEvents.handledAt })
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, eventId))
        .for('update');
      return row ? { handled: row.handledAt !== null } : undefined;
    },

    async markEventHandled(tx: Executor, eventId: string) {
      await tx
        .update(webhookEvents)
        .set({ handledAt: sql`now()` })
        .where(eq(webhookEvents.eventId, eventId));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
