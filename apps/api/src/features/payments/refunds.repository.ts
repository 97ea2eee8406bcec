import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  canMoveRefund,
  openRefundStates,
  paymentStatusAfterRefunds,
  type ProviderPaymentStatus,
  type RefundReason,
  type RefundState,
} from '@shop/domain/payments';
import { forbidden } from '@shop/domain/errors';
import { refundGate, type RefundDecider } from '@shop/domain/refunds';
import { hasRole, type StaffRole } from '@shop/domain/roles';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { orders, payments, refundLines, refunds } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** The units of one bought line a refund gives back, and what that line gives. */
export interface RefundLineView {
  itemId: string;
  quantity: number;
  amountPaise: number;
}
/** A refund with the lines it gives back: chosen by the shop, or returned items it pays for. */
export type RefundWithLines = RefundRow & { lines: RefundLineView[] };

/**
 * A refund's lines as one JSON value of the row it is selected with: the shop's refund of chosen
 * lines, and the returned lines a return's refund pays for.
 */
const refundLinesJson = sql<RefundLineView[]>`(
  select coalesce(json_agg(line), '[]'::json) from (
    select l.order_item_id as "itemId", l.quantity, l.amount_paise as "amountPaise"
    from refund_lines l where l.refund_id = "refunds"."id"
    union all
    select x.order_item_id, x.quantity, coalesce(x.refund_paise, 0)
    from order_return_lines x where x.refund_id = "refunds"."id" and x.action = 'return'
  ) line)`;

/** Refunds that concern the order's own payment; a duplicate capture's refund leaves it paid. */
const ORDER_REFUND_REASONS: RefundReason[] = ['cancelled', 'returned', 'late_payment', 'shop'];

/** The refunds owed, their claims by workers, and what the provider says of them. */
/** What else happens in the transaction where a refund's state moves (her phone is told). */
export interface RefundMoveHooks {
  moved?: (
    tx: Executor,
    refund: { id: string; orderId: string; amountPaise: number },
    to: RefundState,
  ) => Promise<void>;
}

export function createRefundsRepository(db: Database, hooks: RefundMoveHooks = {}) {
  return {
    /**
     * Records a refund owed, in the transaction that decided it: the one place refund rows are
     * written, so the one gate (`refundGate`) judges every refund a person of the shop decides.
     * The order is locked first (a no-op for a caller holding it already) and the refunds staff
     * made of it are read under that lock, so two staff refunds at once are judged one after the
     * other and cannot both pass the limit. Throws 403 when the decider may not give it, which
     * undoes the caller's whole transaction (status, stock and all). Answers the row, or
     * undefined when this payment is already being refunded in full (a second decision of the
     * same refund).
     */
    async owe(
      tx: Executor,
      refund: {
        orderId: string;
        paymentId: string | null;
        providerPaymentId: string;
        amountPaise: number;
        reason: RefundReason;
        /** Why the shop refunded by hand. */
        note?: string | undefined;
      },
      decidedBy: RefundDecider,
    ): Promise<RefundRow | undefined> {
      if (decidedBy !== null) {
        await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, refund.orderId))
          .for('update');
        const earlier = await tx
          .select({
            state: refunds.state,
            amountPaise: refunds.amountPaise,
            decidedByRole: refunds.decidedByRole,
          })
          .from(refunds)
          .where(eq(refunds.orderId, refund.orderId));
        const check = refundGate(
          decidedBy,
          refund.amountPaise,
          earlier.map((row) => ({
            state: row.state as RefundState,
            amountPaise: row.amountPaise,
            decidedByRole: row.decidedByRole as StaffRole | null,
          })),
        );
        if (!check.ok) throw forbidden(check.message);
      }
      const decidedByRole =
        decidedBy !== null && hasRole(decidedBy.role, 'staff') ? decidedBy.role : null;
      const [row] = await tx
        .insert(refunds)
        .values({ ...refund, decidedByRole })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The units of each line a refund gives back, in its deciding transaction. */
    async addLines(tx: Executor, refundId: string, lines: readonly RefundLineView[]) {
      if (lines.length === 0) return;
      await tx.insert(refundLines).values(
        lines.map((line) => ({
          refundId,
          orderItemId: line.itemId,
          quantity: line.quantity,
          amountPaise: line.amountPaise,
        })),
      );
    },

    /** The refunds of these orders with their lines, oldest first. */
    async withLinesOf(tx: Executor, orderIds: readonly string[]): Promise<RefundWithLines[]> {
      if (orderIds.length === 0) return [];
      const rows = await tx
        .select({ refund: refunds, lines: refundLinesJson })
        .from(refunds)
        .where(inArray(refunds.orderId, [...orderIds]))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
      return rows.map(({ refund, lines }) => ({ ...refund, lines }));
    },

    /**
     * The order's payment status from its payment and its refunds, in the caller's transaction
     * (a refund just owed makes it `refund_pending`).
     */
    settleOrder: (tx: Executor, orderId: string) => settleOrderPaymentStatus(tx, orderId),

    /**
     * Claims refunds due for sending: each claimed row's next attempt moves `leaseMs` ahead and its
     * attempts count up, so no other worker (in this process or another) sends it meanwhile; a
     * worker that dies holding it lets the lease run out and the row is claimed again.
     */
    async claimDue(limit: number, leaseMs: number): Promise<RefundRow[]> {
      return db.transaction(async (tx) => {
        const due = await queryRows<{ id: string }>(
          tx,
          sql`select id from refunds
              where state = ${'pending' satisfies RefundState} and next_attempt_at <= now()
              order by next_attempt_at limit ${limit}
              for update skip locked`,
        );
        if (due.length === 0) return [];
        return tx
          .update(refunds)
          .set({
            attempts: sql`${refunds.attempts} + 1`,
            nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
            updatedAt: sql`now()`,
          })
          .where(
            inArray(
              refunds.id,
              due.map((row) => row.id),
            ),
          )
          .returning();
      });
    },

    /**
     * Claims refunds sent more than `quietMs` ago that the provider has not confirmed (its webhook
     * may be lost), to ask it; each is asked again at most every `quietMs`.
     */
    async claimUnconfirmed(limit: number, quietMs: number) {
      const interval = `${quietMs} milliseconds`;
      return queryRows<{ id: string; orderId: string; providerPaymentId: string }>(
        db,
        sql`update refunds set next_attempt_at = now() + ${interval}::interval
            where id in (
              select id from refunds
              where state = ${'sent' satisfies RefundState}
                and sent_at < now() - ${interval}::interval and next_attempt_at <= now()
              order by next_attempt_at limit ${limit}
              for update skip locked)
            returning id, order_id as "orderId", provider_payment_id as "providerPaymentId"`,
      );
    },

    /** A send that failed: retried after `delayMs`, or given up (`failed`) for the shop. */
    async sendFailed(id: string, error: string, retryInMs: number | undefined) {
      await db
        .update(refunds)
        .set({
          lastError: error.slice(0, 500),
          ...(retryInMs === undefined
            ? { state: 'failed' satisfies RefundState }
            : { nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(refunds.id, id), eq(refunds.state, 'pending' satisfies RefundState)));
    },

    /**
     * What the provider says of a refund (its answer to our send, or a webhook): the row moves
     * when the move is allowed, and the order's and payment's status follow, all in one
     * transaction that locks the order first (as every writer of an order and its payment does).
     * Finds the row by our id or by the provider's refund id. Answers false for a refund unknown.
     * Runs in the caller's transaction (a webhook's, which marks its event handled with it).
     */
    async providerSays(
      tx: Executor,
      found: {
        refundId?: string | undefined;
        providerRefundId?: string | undefined;
        state: RefundState;
        error?: string | undefined;
      },
    ): Promise<boolean> {
      const where = found.refundId
        ? sql`id::text = ${found.refundId}`
        : found.providerRefundId
          ? sql`provider_refund_id = ${found.providerRefundId}`
          : undefined;
      if (!where) return false;
      {
        const [known] = await queryRows<{ id: string; order_id: string }>(
          tx,
          sql`select id, order_id from refunds where ${where}`,
        );
        if (!known) return false;
        await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, known.order_id))
          .for('update');
        const [refund] = await tx
          .select()
          .from(refunds)
          .where(eq(refunds.id, known.id))
          .for('update');
        if (!refund) return false;
        const from = refund.state as RefundState;
        const moves = from !== found.state && canMoveRefund(from, found.state);
        const now = new Date();
        await tx
          .update(refunds)
          .set({
            providerRefundId: refund.providerRefundId ?? found.providerRefundId ?? null,
            ...(moves ? { state: found.state } : {}),
            ...(moves && found.state === 'sent' ? { sentAt: now } : {}),
            ...(moves && found.state === 'processed'
              ? { processedAt: now, sentAt: refund.sentAt ?? now }
              : {}),
            ...(moves && found.error ? { lastError: found.error.slice(0, 500) } : {}),
            updatedAt: now,
          })
          .where(eq(refunds.id, refund.id));
        if (moves) {
          await hooks.moved?.(
            tx,
            { id: refund.id, orderId: refund.orderId, amountPaise: refund.amountPaise },
            found.state,
          );
        }
        if (moves && found.state === 'processed' && refund.paymentId) {
          // A payment is refunded once what was processed for it covers it; a returned line
          // refunds only part of it.
          await tx.execute(
            sql`update payments p set status = ${'refunded' satisfies ProviderPaymentStatus},
                  refund_id = ${refund.providerRefundId ?? found.providerRefundId ?? null},
                  refunded_at = ${now.toISOString()}::timestamptz, updated_at = now()
                where p.id = ${refund.paymentId}
                  and p.amount_paise <= (select coalesce(sum(r.amount_paise), 0) from refunds r
                    where r.payment_id = p.id and r.state = ${'processed' satisfies RefundState})`,
          );
        }
        if (moves && (ORDER_REFUND_REASONS as string[]).includes(refund.reason)) {
          await settleOrderPaymentStatus(tx, refund.orderId);
        }
        return true;
      }
    },

    async ofOrder(tx: Executor, orderId: string) {
      return tx
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, orderId))
        .orderBy(asc(refunds.createdAt));
    },

    /** How many refunds are still owed and how many failed, for operators. */
    async counts(): Promise<{ open: number; failed: number }> {
      const [row] = await queryRows<{ open: number; failed: number }>(
        db,
        sql`select count(*) filter (where state in ${sql.raw(`('${openRefundStates.join("', '")}')`)})::int as open,
                   count(*) filter (where state = ${'failed' satisfies RefundState})::int as failed
            from refunds`,
      );
      return row ?? { open: 0, failed: 0 };
    },
  };

  /** The order's payment status from its payment and its own refunds (see the domain rule). */
  async function settleOrderPaymentStatus(tx: Executor, orderId: string) {
    const paid = await tx
      .select({ amountPaise: payments.amountPaise })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid', 'refunded'])));
    const owned = await tx
      .select({ state: refunds.state, amountPaise: refunds.amountPaise })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), inArray(refunds.reason, ORDER_REFUND_REASONS)));
    const paidPaise = paid.reduce((sum, row) => sum + row.amountPaise, 0);
    await tx
      .update(orders)
      .set({
        paymentStatus: paymentStatusAfterRefunds(
          paidPaise,
          owned.map((row) => ({ state: row.state as RefundState, amountPaise: row.amountPaise })),
        ),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));
  }
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
