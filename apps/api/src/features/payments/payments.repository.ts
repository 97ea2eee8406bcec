import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { OrderPaymentStatus, ProviderPaymentStatus } from '@shop/domain/payments';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { fromColumnNames } from '../../db/json-rows.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { orders, payments, webhookEvents } from '../../db/schema.ts';
import { itemsJson, returnsJson, type OrderWithItems } from '../../db/order-rows.ts';

export type PaymentRow = typeof payments.$inferSelect;

export interface SettleCall {
  providerOrderId: string;
  providerPaymentId: string;
  method: string | null;
  /** A shopper's verification settles only her own order; the provider's webhook passes null. */
  userId: string | null;
  /** What the provider captured, when it says (a webhook does; a verification does not). */
  capture?: { amountPaise?: number | undefined; currency?: string | undefined } | undefined;
}

/** An order and its provider payment as a settlement locked them. */
export interface LockedToSettle {
  order: OrderWithItems | undefined;
  payment: PaymentRow | undefined;
  /** The reported provider payment id is already on another of the shop's payments. */
  elsewhere: boolean;
}

/** What a new provider order records; the rest of the payment row starts at its defaults. */
type NewProviderOrder = Pick<
  typeof payments.$inferInsert,
  'orderId' | 'provider' | 'providerOrderId' | 'amountPaise'
>;

/**
 * Stores a webhook event (as it came) handled now, unless it was handled before: a second delivery
 * of the same event waits on its row until the first one's transaction ends, then finds it
 * handled. `when` (a `where` clause) stores it only if it holds.
 */
function claimStatement(eventId: string, event: string, payload: unknown, when: SQL = sql``) {
  return sql`insert into webhook_events (event_id, event, payload, handled_at)
    select ${eventId}, ${event}, ${JSON.stringify(payload)}::jsonb, now() ${when}
    on conflict (event_id) do update set handled_at = now()
      where webhook_events.handled_at is null`;
}

export function createPaymentsRepository(db: Database) {
  // Written or locked by every paid order: prepared once (see prepared.ts).
  const prepared = preparedStatements(db);
  // Read by every verify, success and webhook call: prepared once, it skips query building.
  const byProviderOrderId = db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, sql.placeholder('providerOrderId')))
    .prepare('payment_by_provider_order_id');
  const settledViewQuery = db
    .select({ payment: payments, order: orders, items: itemsJson, returns: returnsJson })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.providerOrderId, sql.placeholder('providerOrderId')))
    .prepare('payment_settled_view');
  const ownPaymentQuery = db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.providerOrderId, sql.placeholder('providerOrderId')),
        eq(orders.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('own_payment_by_provider_order_id');
  const toInitiateQuery = db
    .select({
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentDueAt: orders.paymentDueAt,
        totalPaise: orders.totalPaise,
      },
      openPayment: payments,
    })
    .from(orders)
    .leftJoin(
      payments,
      and(
        eq(payments.orderId, orders.id),
        eq(payments.status, 'created' satisfies ProviderPaymentStatus),
      ),
    )
    .where(
      and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId'))),
    )
    .prepare('order_to_initiate');

  /**
   * Writes a payment paid and its order with it, in the caller's transaction, on the rows it
   * locked and decided on. A provider's payment id committed on another payment meanwhile meets
   * its unique key.
   */
  async function writePaid(
    tx: Executor,
    call: SettleCall,
    order: OrderWithItems,
    payment: PaymentRow,
  ): Promise<{ order: OrderWithItems; payment: PaymentRow }> {
    const [paidPayment] = await prepared.rows<Record<string, unknown>>(
      tx,
      'write_payment_paid',
      sql`update payments set status = ${'paid' satisfies ProviderPaymentStatus},
            provider_payment_id = ${call.providerPaymentId}, method = ${call.method},
            paid_at = now(), failure_reason = null,
            amount_paise = ${call.capture?.amountPaise ?? payment.amountPaise}::int,
            updated_at = now()
          where id = ${payment.id}
          returning *`,
    );
    const [paidOrder] = await prepared.rows<Record<string, unknown>>(
      tx,
      'write_order_paid',
      sql`update orders set payment_status = ${'paid' satisfies OrderPaymentStatus},
            paid_at = now(), updated_at = now()
          where id = ${order.id}
          returning *`,
    );
    return {
      payment: fromColumnNames(payments, paidPayment),
      order: { ...fromColumnNames(orders, paidOrder), items: order.items, returns: order.returns },
    };
  }

  /** A captured payment written on its row (held for review, or kept to be refunded). */
  async function recordCapture(
    tx: Executor,
    paymentId: string,
    status: ProviderPaymentStatus,
    call: SettleCall,
    amountPaise?: number,
  ): Promise<PaymentRow> {
    const [row] = await tx
      .update(payments)
      .set({
        status,
        providerPaymentId: call.providerPaymentId,
        method: call.method,
        paidAt: sql`now()`,
        failureReason: null,
        ...(amountPaise === undefined ? {} : { amountPaise }),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    return row!;
  }

  return {
    async openPaymentOf(orderId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created')));
      return row;
    },

    /** Records a provider order; undefined when another request recorded one first. */
    async insertPayment(values: NewProviderOrder) {
      const [row] = await prepared.rows<Record<string, unknown>>(
        db,
        'insert_provider_order',
        sql`insert into payments (order_id, provider, provider_order_id, amount_paise)
            values (${values.orderId}, ${values.provider}, ${values.providerOrderId},
              ${values.amountPaise}::int)
            on conflict do nothing returning *`,
      );
      return row && fromColumnNames(payments, row);
    },

    async findByProviderOrderId(tx: Executor, providerOrderId: string) {
      if (tx === db) return (await byProviderOrderId.execute({ providerOrderId }))[0];
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerOrderId, providerOrderId));
      return row;
    },

    /** One of the shopper's orders as a payment is started for it, with its open payment. */
    async toInitiate(userId: string, orderId: string) {
      const [row] = await toInitiateQuery.execute({ orderId, userId });
      return row;
    },

    /** The payment of a provider order, when it pays one of this shopper's orders. */
    async ownPayment(userId: string, providerOrderId: string) {
      const [row] = await ownPaymentQuery.execute({ providerOrderId, userId });
      return row?.payment;
    },

    /**
     * A provider order's payment with the order it pays, read without a lock: enough to tell a
     * payment already settled (its provider payment id is on it) from one still to settle.
     */
    async settledView(
      providerOrderId: string,
    ): Promise<{ payment: PaymentRow; order: OrderWithItems } | undefined> {
      const [row] = await settledViewQuery.execute({ providerOrderId });
      if (!row) return undefined;
      const { payment, order, items, returns } = row;
      return { payment, order: { ...order, items, returns } };
    },

    writePaid,
    recordCapture,

    /**
     * Locks a provider order's order and then its payment (the order every writer of both locks
     * them in), and reads them as committed once the locks are granted, with whether the
     * reported provider payment id is already on another payment. Runs in the settlement's `tx`.
     */
    async lockToSettle(tx: Executor, call: SettleCall): Promise<LockedToSettle> {
      // The order and then its payment, locked in one statement: the payment's lock is taken in
      // a subquery that names the locked order, so it cannot run before the order's lock is
      // granted, and both rows come back as committed then (a lock that waited answers the row
      // as its holder left it). With the payment comes whether the provider's payment id is
      // already on another one (a provider's payment pays one order); the unique key on it
      // refuses the rare one committed meanwhile ('taken' too). The order comes with its lines.
      const [locked] = await prepared.rows<{
        order: (Record<string, unknown> & Pick<OrderWithItems, 'items' | 'returns'>) | null;
        payment: (Record<string, unknown> & { elsewhere: boolean }) | null;
      }>(
        tx,
        'lock_to_settle',
        sql`with locked_order as (
              select orders.*, ${itemsJson} as items, ${returnsJson} as returns from orders
              where id = (select order_id from payments
                where provider_order_id = ${call.providerOrderId})
              for update of orders
            )
            select to_jsonb(o) as order, to_jsonb(p) as payment
            from locked_order o
            left join lateral (
              select payments.*, exists (select 1 from payments other
                  where other.provider_payment_id = ${call.providerPaymentId}
                    and other.id <> payments.id) as elsewhere
              from payments
              where payments.provider_order_id = ${call.providerOrderId}
                and payments.order_id = o.id
              for update of payments
            ) p on true`,
      );
      const order: OrderWithItems | undefined = locked?.order
        ? {
            ...fromColumnNames(orders, locked.order),
            items: locked.order.items,
            returns: locked.order.returns,
          }
        : undefined;
      const payment = locked?.payment ? fromColumnNames(payments, locked.payment) : undefined;
      return { order, payment, elsewhere: locked?.payment?.elsewhere ?? false };
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
     * Claims a webhook event for applying it in `tx`: stored (as it came) and marked handled
     * together with its effect, so a crash or an error leaves it unclaimed for the provider's
     * retry. Answers false when it was handled before; a second delivery of the same event waits
     * here until the first one's transaction ends, then finds it handled.
     */
    async claimEvent(tx: Executor, eventId: string, event: string, payload: unknown) {
      const claimed = await prepared.rows<{ event_id: string }>(
        tx,
        'claim_webhook_event',
        sql`${claimStatement(eventId, event, payload)} returning event_id`,
      );
      return claimed.length > 0;
    },

    /**
     * A capture of a payment already settled (its payment carries the provider's payment id)
     * needs nothing applied: its event is claimed as `claimEvent` claims it, in the same one
     * statement that finds the payment settled. Answers `settled: false`, having stored nothing,
     * when the payment is not settled by this payment id: the caller then applies the event.
     */
    async claimSettledCapture(
      providerOrderId: string,
      providerPaymentId: string,
      eventId: string,
      event: string,
      payload: unknown,
    ): Promise<{ settled: boolean; claimed: boolean }> {
      const [row] = await prepared.rows<{ settled: boolean; claimed: boolean }>(
        db,
        'claim_settled_capture',
        sql`with settled as (
              select 1 from payments
              where provider_order_id = ${providerOrderId}
                and provider_payment_id = ${providerPaymentId}
            ), claimed as (
              ${claimStatement(eventId, event, payload, sql`where exists (select 1 from settled)`)}
              returning event_id
            )
            select exists (select 1 from settled) as settled,
              exists (select 1 from claimed) as claimed`,
      );
      return row!;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
