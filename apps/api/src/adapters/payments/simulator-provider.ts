import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { shopState, simulatorPayments, simulatorRefunds } from '../../db/schema.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './provider.ts';
import { hmacHex } from './signatures.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like Razorpay's: a prefix and 14 base-62 characters ('order_Nf3k…'). */
export function simulatedId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

/** A webhook delivered to our own endpoint (the simulator does what Razorpay would). */
export type DeliverWebhook = (rawBody: string, headers: Record<string, string>) => Promise<void>;

/**
 * Switches that make the simulator misbehave as a real provider sometimes does, kept in the
 * database so that every process sharing it obeys them: the next N refund calls fail, or the next
 * N refund calls are made at the provider but never answered (as when the shop dies mid-call).
 */
export const simulatorSwitches = {
  failRefunds: 'simulator:fail-next-refunds',
  hangRefunds: 'simulator:hang-next-refunds',
  // the next N payment webhooks are lost on the way (reconciliation must find the payment)
  dropPaymentWebhooks: 'simulator:drop-next-payment-webhooks',
} as const;
type SimulatorSwitch = (typeof simulatorSwitches)[keyof typeof simulatorSwitches];

export function simulatorControls(db: Database) {
  const takeStatement = (which: SimulatorSwitch) =>
    sql`update shop_state set value = (value::int - 1)::text, updated_at = now()
        where key = ${which} and value ~ '^[0-9]+$' and value::int > 0 returning value`;
  return {
    async set(which: SimulatorSwitch, count: number) {
      await db
        .insert(shopState)
        .values({ key: which, value: String(count) })
        .onConflictDoUpdate({
          target: shopState.key,
          set: { value: String(count), updatedAt: sql`now()` },
        });
    },
    /** Spends one use of a switch; true when it was on. */
    async take(which: SimulatorSwitch): Promise<boolean> {
      const rows = await queryRows<{ value: string }>(db, takeStatement(which));
      return rows.length > 0;
    },
    /** The statement that spends one use of a switch, answering a row when it was on. */
    takeStatement,
  };
}

/** The simulator is a provider that can also take a payment, as Razorpay's checkout window does. */
export interface SimulatorProvider extends PaymentProvider {
  readonly name: 'simulator';
  /**
   * A shopper pays (or fails to pay) a provider order: the payment is recorded in the
   * simulator's books and its webhook delivered a moment later (unless the drop switch is on).
   */
  pay(input: {
    providerOrderId: string;
    amountPaise: number;
    outcome: 'success' | 'failure';
  }): Promise<{ providerPaymentId: string }>;
}

/**
 * The local stand-in for Razorpay's server side: provider orders and refunds with Razorpay-shaped
 * ids. Its refunds are its own books (the `simulator_refunds` table, as Razorpay keeps its own), and
 * each refund is confirmed a moment later by a signed `refund.processed` webhook to the shop, as
 * Razorpay would. Payments themselves are made by the simulator route and signed with the
 * configured key secret exactly as Razorpay signs them.
 */
export function createSimulatorProvider(
  keyId: string,
  deps: {
    db: Database;
    webhookSecret: string;
    deliverWebhook: () => DeliverWebhook;
    log: (error: unknown, message: string) => void;
  },
): SimulatorProvider {
  const controls = simulatorControls(deps.db);
  const pending = new Set<NodeJS.Timeout>();

  function toRefund(row: typeof simulatorRefunds.$inferSelect): ProviderRefund {
    return {
      id: row.id,
      amountPaise: row.amountPaise,
      status: row.status as ProviderRefund['status'],
      receipt: row.receipt,
      notes: (row.notes ?? {}) as Record<string, string>,
    };
  }

  /** Delivers a signed webhook to the shop a moment later, as Razorpay does. */
  function deliverLater(body: string, what: string) {
    const timer = setTimeout(() => {
      pending.delete(timer);
      deps
        .deliverWebhook()(body, {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(deps.webhookSecret, body),
          'x-razorpay-event-id': simulatedId('evt'),
        })
        .catch((error) => deps.log(error, `simulated ${what} webhook failed`));
    }, 50);
    timer.unref();
    pending.add(timer);
  }

  /** Razorpay confirms a refund on its own, a moment later: `refund.processed` to the webhook. */
  function confirmLater(refund: ProviderRefund, providerPaymentId: string) {
    const now = Math.floor(Date.now() / 1000);
    void deps.db
      .update(simulatorRefunds)
      .set({ status: 'processed' })
      .where(eq(simulatorRefunds.id, refund.id))
      .then(() =>
        deliverLater(
          JSON.stringify({
            entity: 'event',
            account_id: 'acc_simulator',
            event: 'refund.processed',
            contains: ['refund', 'payment'],
            payload: {
              refund: {
                entity: {
                  id: refund.id,
                  entity: 'refund',
                  amount: refund.amountPaise,
                  currency: 'INR',
                  payment_id: providerPaymentId,
                  notes: refund.notes,
                  receipt: refund.receipt,
                  status: 'processed',
                  speed_processed: 'normal',
                  created_at: now,
                },
              },
            },
            created_at: now,
          }),
          'refund',
        ),
      )
      .catch((error: unknown) => deps.log(error, 'simulated refund failed'));
  }

  return {
    name: 'simulator',
    keyId,
    async createOrder({ amountPaise }) {
      return { id: simulatedId('order'), amount: amountPaise, currency: 'INR' };
    },
    async pay({ providerOrderId, amountPaise, outcome }) {
      const id = simulatedId('pay');
      const failed = outcome === 'failure';
      // The payment in the simulator's books, and one use of the drop switch, in one call.
      const [recorded] = await queryRows<{ dropped: boolean }>(
        deps.db,
        sql`with dropped as (${controls.takeStatement(simulatorSwitches.dropPaymentWebhooks)}),
          paid as (
            insert into simulator_payments
              (id, provider_order_id, amount_paise, status, method, error_description)
            values (${id}, ${providerOrderId}, ${amountPaise}::int,
              ${failed ? 'failed' : 'captured'}, 'upi', ${failed ? 'Payment failed' : null})
            returning id)
          select exists (select 1 from dropped) as dropped`,
      );
      if (recorded!.dropped) return { providerPaymentId: id };
      const now = Math.floor(Date.now() / 1000);
      const entity = {
        id,
        entity: 'payment',
        amount: amountPaise,
        currency: 'INR',
        status: failed ? 'failed' : 'captured',
        order_id: providerOrderId,
        method: 'upi',
        captured: !failed,
        ...(failed
          ? {
              error_code: 'BAD_REQUEST_ERROR',
              error_description: 'Payment failed',
              error_reason: 'payment_failed',
            }
          : {}),
        created_at: now,
      };
      deliverLater(
        JSON.stringify({
          entity: 'event',
          account_id: 'acc_simulator',
          event: failed ? 'payment.failed' : 'payment.captured',
          contains: ['payment'],
          payload: { payment: { entity } },
          created_at: now,
        }),
        'payment',
      );
      return { providerPaymentId: id };
    },
    async paymentsOfOrder(providerOrderId) {
      const rows = await deps.db
        .select()
        .from(simulatorPayments)
        .where(eq(simulatorPayments.providerOrderId, providerOrderId))
        .orderBy(asc(simulatorPayments.createdAt));
      return rows.map((row) => ({
        id: row.id,
        status: row.status as ProviderPayment['status'],
        amountPaise: row.amountPaise,
        currency: row.currency,
        method: row.method,
        errorDescription: row.errorDescription,
      }));
    },
    async refund(providerPaymentId, { amountPaise, receipt, notes }) {
      if (await controls.take(simulatorSwitches.failRefunds)) {
        throw new PaymentProviderError('The refund could not be processed (simulated failure)');
      }
      const hang = await controls.take(simulatorSwitches.hangRefunds);
      const [row] = await deps.db
        .insert(simulatorRefunds)
        .values({
          id: simulatedId('rfnd'),
          providerPaymentId,
          amountPaise,
          receipt,
          notes,
          status: 'pending',
        })
        .returning();
      const refund = toRefund(row!);
      if (hang) {
        // Made at the provider, but the answer never comes back.
        return new Promise<ProviderRefund>(() => {});
      }
      confirmLater(refund, providerPaymentId);
      return refund;
    },
    async refundsOfPayment(providerPaymentId) {
      // The provider processes a refund on its own, whether or not anyone heard its answer.
      await deps.db.execute(
        sql`update simulator_refunds set status = 'processed'
            where provider_payment_id = ${providerPaymentId} and status = 'pending'
              and created_at < now() - interval '50 milliseconds'`,
      );
      const rows = await deps.db
        .select()
        .from(simulatorRefunds)
        .where(eq(simulatorRefunds.providerPaymentId, providerPaymentId))
        .orderBy(asc(simulatorRefunds.createdAt));
      return rows.map(toRefund);
    },
    stop() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
