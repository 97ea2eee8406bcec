import {
  REFUND_MAX_ATTEMPTS,
  refundRetryDelayMs,
  type RefundReason,
  type RefundState,
} from '@shop/domain/payments';
import { refundablePaise, refundGate, type RefundDecider } from '@shop/domain/refunds';
import type { StaffRole } from '@shop/domain/roles';
import type { Database, Executor } from '../../db/client.ts';
import type { PaymentProvider, ProviderRefund } from '../../adapters/payments/provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type {
  RefundLineView,
  RefundRow,
  RefundsRepository,
  RefundWithLines,
} from './refunds.repository.ts';

/** A refund with its lines, as the payments feature answers it to the others. */
export type { RefundWithLines };

export interface RefundsOptions {
  /** Base of the doubling wait between failed sends (REFUND_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How long a claimed refund is left to its worker before another may send it. */
  leaseMs: number;
}

/** The provider's word for a refund, in our states. */
const stateOf: Record<ProviderRefund['status'], RefundState> = {
  pending: 'sent',
  processed: 'processed',
  failed: 'failed',
};

/**
 * Refunds owed are written by the decision that owes them (see `owe`); this sends them. It runs
 * after the deciding request's commit and on a timer, in every process: a refund is claimed before
 * it is sent, and every send after the first asks the provider first whether an earlier attempt
 * got through (matched by our refund id in its receipt), so a crash anywhere refunds once.
 */
export function createRefundsService(deps: {
  db: Database;
  refunds: RefundsRepository;
  payments: PaymentsRepository;
  provider: PaymentProvider;
  log: (error: unknown, message: string) => void;
  options: RefundsOptions;
}) {
  const { refunds, payments, provider } = deps;
  const runs = new Set<Promise<unknown>>();
  let stopped = false;

  /** What is left of the order's captured payment once its refunds so far are counted. */
  async function leftToRefund(
    tx: Executor,
    orderId: string,
    paid: { id: string; amountPaise: number },
  ): Promise<number> {
    const earlier = (await refunds.withLinesOf(tx, [orderId])).filter(
      (refund) => refund.paymentId === paid.id,
    );
    return refundablePaise({
      paidPaise: paid.amountPaise,
      refunds: earlier.map((refund) => ({
        state: refund.state as RefundState,
        reason: refund.reason as RefundReason,
        amountPaise: refund.amountPaise,
        lines: refund.lines,
      })),
    });
  }

  async function send(refund: RefundRow) {
    const ours = (candidate: ProviderRefund) =>
      candidate.receipt === refund.id || candidate.notes.refund_id === refund.id;
    try {
      const earlier =
        refund.attempts > 1
          ? (await provider.refundsOfPayment(refund.providerPaymentId)).find(ours)
          : undefined;
      const made =
        earlier ??
        (await provider.refund(refund.providerPaymentId, {
          amountPaise: refund.amountPaise,
          receipt: refund.id,
          notes: { refund_id: refund.id, order_id: refund.orderId, reason: refund.reason },
        }));
      await deps.db.transaction((tx) =>
        refunds.providerSays(tx, {
          refundId: refund.id,
          providerRefundId: made.id,
          state: stateOf[made.status],
        }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry =
        refund.attempts >= REFUND_MAX_ATTEMPTS
          ? undefined
          : refundRetryDelayMs(refund.attempts, deps.options.retryBaseMs);
      await refunds.sendFailed(refund.id, message, retry);
      deps.log(error, retry === undefined ? 'refund failed for good' : 'refund send failed');
    }
  }

  const service = {
    /**
     * Owes what is left of an order's paid payment, in the caller's transaction (the cancel or
     * return that decides it): all of it, less what was refunded or is owed already (a refund by
     * hand before the cancel). False when the order has no paid payment, nothing is left, or it
     * is already owed. Throws 403 when `decidedBy` may not give it (see `RefundsRepository.owe`).
     */
    async oweOrder(
      tx: Executor,
      orderId: string,
      reason: Extract<RefundReason, 'cancelled' | 'returned' | 'shop'>,
      decidedBy: RefundDecider,
    ) {
      const paid = await payments.paidPaymentOf(tx, orderId);
      if (!paid?.providerPaymentId) return false;
      const left = await leftToRefund(tx, orderId, paid);
      if (left <= 0) return false;
      const owed = await refunds.owe(
        tx,
        {
          orderId,
          paymentId: paid.id,
          providerPaymentId: paid.providerPaymentId,
          amountPaise: left,
          reason,
        },
        decidedBy,
      );
      return owed !== undefined;
    },

    /**
     * Owes the refund of returned lines, in the caller's transaction (the desk refunding them),
     * never past what is left of the payment once the refunds owed or made before it (by hand, or
     * for other lines) are counted. Answers the refund's id and the amount owed, or undefined when the order has no
     * paid payment. The caller holds the order's lock. Throws 403 when `decidedBy` may not give
     * it (see `RefundsRepository.owe`).
     */
    async oweReturn(tx: Executor, orderId: string, amountPaise: number, decidedBy: RefundDecider) {
      const paid = await payments.paidPaymentOf(tx, orderId);
      if (!paid?.providerPaymentId || amountPaise <= 0) return undefined;
      const left = await leftToRefund(tx, orderId, paid);
      if (left <= 0) return undefined;
      const owedPaise = Math.min(amountPaise, left);
      const owed = await refunds.owe(
        tx,
        {
          orderId,
          paymentId: paid.id,
          providerPaymentId: paid.providerPaymentId,
          amountPaise: owedPaise,
          reason: 'returned',
        },
        decidedBy,
      );
      // What was owed, which the line, the mail and the audit then say: never more than was left.
      return owed ? { id: owed.id, amountPaise: owedPaise } : undefined;
    },

    /**
     * A refund the shop decides by hand, of chosen lines or an amount of the order's captured
     * payment, owed in the caller's transaction (which holds the order's lock and planned it from
     * `withLinesOf`): the refund, the lines it gives back and the order's payment status after it
     * are written together. Throws 403 when `decidedBy` may not give it (see
     * `RefundsRepository.owe`). Answers the refund with its lines.
     */
    async oweByHand(
      tx: Executor,
      refund: {
        orderId: string;
        paymentId: string;
        providerPaymentId: string;
        amountPaise: number;
        note?: string | undefined;
        lines: RefundLineView[];
      },
      decidedBy: RefundDecider,
    ): Promise<RefundWithLines> {
      const { lines, ...owed } = refund;
      const row = await refunds.owe(tx, { ...owed, reason: 'shop' }, decidedBy);
      // 'shop' refunds have no unique key to meet: the insert always answers its row.
      await refunds.addLines(tx, row!.id, lines);
      await refunds.settleOrder(tx, refund.orderId);
      return { ...row!, lines };
    },

    /** The refunds of these orders with their lines, oldest first, read in `tx`. */
    withLinesOf: (tx: Executor, orderIds: readonly string[]) => refunds.withLinesOf(tx, orderIds),

    /**
     * Whether `decidedBy` may refund this much of the order now (the gate `owe` applies), for a
     * screen to say before anyone tries; read without the order's lock, so only `owe` decides.
     */
    async mayRefund(tx: Executor, orderId: string, amountPaise: number, decidedBy: RefundDecider) {
      const earlier = await refunds.withLinesOf(tx, [orderId]);
      return refundGate(
        decidedBy,
        amountPaise,
        earlier.map((refund) => ({
          state: refund.state as RefundState,
          amountPaise: refund.amountPaise,
          decidedByRole: refund.decidedByRole as StaffRole | null,
        })),
      ).ok;
    },

    /** Sends the refunds that are due; answers how many were tried. */
    async sendDue(batch = 10): Promise<number> {
      if (stopped) return 0;
      const claimed = await refunds.claimDue(batch, deps.options.leaseMs);
      for (const refund of claimed) await send(refund);
      return claimed.length;
    },

    /**
     * Asks the provider about refunds sent but not confirmed for a while (a lost webhook), and
     * records what it says. Answers how many were asked about.
     */
    async checkUnconfirmed(quietMs: number, batch = 20): Promise<number> {
      if (stopped) return 0;
      const claimed = await refunds.claimUnconfirmed(batch, quietMs);
      for (const refund of claimed) {
        try {
          const known = (await provider.refundsOfPayment(refund.providerPaymentId)).find(
            (candidate) =>
              candidate.receipt === refund.id || candidate.notes.refund_id === refund.id,
          );
          if (!known) continue;
          await deps.db.transaction((tx) =>
            refunds.providerSays(tx, {
              refundId: refund.id,
              providerRefundId: known.id,
              state: stateOf[known.status],
            }),
          );
        } catch (error) {
          deps.log(error, 'asking the provider about a refund failed');
        }
      }
      return claimed.length;
    },

    /** Sends what a request has just made due, after its commit, without holding the request. */
    sendSoon() {
      if (stopped) return;
      const run = service
        .sendDue()
        .catch((error) => deps.log(error, 'sending refunds failed'))
        .finally(() => runs.delete(run));
      runs.add(run);
    },

    /** What the provider's refund webhook says. */
    providerSays: refunds.providerSays,

    /** Stops starting sends; a send in flight is awaited (a hung provider call is not). */
    async stop(waitMs = 5_000) {
      stopped = true;
      await Promise.race([
        Promise.all(runs),
        new Promise((resolve) => setTimeout(resolve, waitMs).unref()),
      ]);
    },
  };
  return service;
}

export type RefundsService = ReturnType<typeof createRefundsService>;
