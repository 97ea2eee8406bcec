import { and, desc, eq, or, sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { fromColumnNames } from '../../db/json-rows.ts';
import { orders, payments, webhookEvents } from '../../db/schema.ts';
import { orderFromJson, type OrderWithItems } from '../orders/orders.repository.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type SettleOutcome = 'unknown' | 'already' | 'taken' | 'refund' | 'paid';

/** What `settle_payment` answers (see `settlePayment`). */
interface SettleAnswer {
  outcome: SettleOutcome;
  order?: unknown;
  items?: unknown[];
  payment?: unknown;
}

/** `settle_payment`'s arguments, by name. */
interface SettleCall {
  provider_order_id: string;
  provider_payment_id: string;
  method: string | null;
  user_id: string | null;
}

export function createPaymentsRepository(db: Database) {
  const settle = async (call: SettleCall) => {
    const [row] = await queryRows<{ settled: SettleAnswer }>(
      db,
      sql`select settle_payment(${call.provider_order_id}, ${call.provider_payment_id},
            ${call.method}::text, ${call.user_id}::uuid) as settled`,
    );
    return row!.settled;
  };

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

    async findByProviderOrderId(providerOrderId: string, tx: Executor = db) {
      if (tx === db) return (await byProviderOrderId.execute({ providerOrderId }))[0];
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerOrderId, providerOrderId));
      return row;
    },

    /**
     * Settles a provider's payment in one call (the database function `settle_payment`): the
     * order and payment locked, the payment and order marked paid once, the confirmation mail
     * queued with them. `userId` (a shopper's verification) settles only that shopper's order;
     * the provider's webhook passes null. Answers the payment, and with 'paid' and 'already' the
     * order with its lines.
     */
    async settlePayment(
      providerOrderId: string,
      providerPaymentId: string,
      method: string | null,
      userId: string | null,
    ): Promise<{
      outcome: SettleOutcome;
      order?: OrderWithItems | undefined;
      payment?: PaymentRow | undefined;
    }> {
      const answer = await settle({
        provider_order_id: providerOrderId,
        provider_payment_id: providerPaymentId,
        method,
        user_id: userId,
      });
      return {
        outcome: answer.outcome,
        order: answer.order ? orderFromJson(answer.order, answer.items ?? []) : undefined,
        payment: answer.payment ? fromColumnNames(payments, answer.payment) : undefined,
      };
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

    async paidPaymentOf(orderId: string) {
      const [row] = await db
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

    /** Remembers a webhook event id; false when it was seen before (delivery is at least once). */
    async rememberEvent(eventId: string, event: string): Promise<boolean> {
      const rows = await db
        .insert(webhookEvents)
        .values({ eventId, event })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      return rows.length === 1;
    },

    async forgetEvent(eventId: string) {
      await db.delete(webhookEvents).where(eq(webhookEvents.eventId, eventId));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
