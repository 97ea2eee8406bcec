import { settlementOutcome, type SettleOutcome } from '@shop/domain/payments';
import { isUniqueViolation, type Executor } from '../../../db/client.ts';
import type { OrderSettlement } from '../../orders/orders.service.ts';
import type {
  LockedToSettle,
  PaymentRow,
  PaymentsRepository,
  SettleCall,
} from '../payments.repository.ts';
import type { RefundsRepository } from '../refunds.repository.ts';

export type { SettleOutcome } from '@shop/domain/payments';

export interface Settled {
  outcome: SettleOutcome;
  order?: LockedToSettle['order'];
  payment?: PaymentRow | undefined;
  /** The refund this settlement owes ('late' and 'duplicate'). */
  refundOwed?: boolean;
}

export interface SettlementDeps {
  payments: PaymentsRepository;
  refunds: RefundsRepository;
  /** What the settlement does to the order, through the orders service. */
  orders: OrderSettlement;
}

/**
 * Settles a provider's payment exactly once however often it is told (verify, success and
 * webhooks, all at once), in `tx` (a webhook marks its event handled in the same transaction).
 * Steps: lock the order and then its payment, decide with the domain's `settlementOutcome`, then
 * write what it decided: paid (the lines leave the cart, the confirmation is queued), held for
 * review, or the money owed back (late or duplicate). The order comes back when it is settled
 * now or was by this payment. What must happen after commit (mail, refund) is the caller's.
 */
export async function settlePayment(
  deps: SettlementDeps,
  tx: Executor,
  call: SettleCall,
): Promise<Settled> {
  try {
    // In a savepoint of its own: on PostgreSQL an error aborts the whole transaction, and the
    // caller's own writes in it (a webhook's claim on its event) must still commit with 'taken'.
    return await tx.transaction((step) => settleLocked(deps, step, call));
  } catch (error) {
    // The same payment id settling two orders at once: the second meets the unique key.
    if (isUniqueViolation(error)) return { outcome: 'taken' };
    throw error;
  }
}

async function settleLocked(
  deps: SettlementDeps,
  tx: Executor,
  call: SettleCall,
): Promise<Settled> {
  const { payments, refunds, orders } = deps;
  // Step "lock": the order, then its payment, as committed once the locks are granted.
  const { order, payment, elsewhere } = await payments.lockToSettle(tx, call);
  // Step "decide": on the rows as locked.
  const outcome = settlementOutcome({ order, payment, elsewhere }, call);
  // Without the order or its payment, the outcome is 'unknown'.
  if (outcome === 'unknown' || outcome === 'taken' || !order || !payment) return { outcome };
  // The order as locked is as this payment left it: the answer, without another read.
  if (outcome === 'already') return { outcome, payment, order };
  if (outcome === 'paid') {
    const paid = await payments.writePaid(tx, call, order, payment);
    // What the order bought leaves the shopper's cart with it; its confirmation is queued.
    await orders.linesLeaveCart(tx, order);
    await orders.queueConfirmation(tx, paid.order);
    return { outcome, ...paid };
  }
  const capturedPaise = call.capture?.amountPaise ?? payment.amountPaise;
  if (outcome === 'duplicate') {
    // A second captured payment for money already received: it goes back in full.
    const owed = await refunds.owe(
      tx,
      {
        orderId: order.id,
        paymentId: null,
        providerPaymentId: call.providerPaymentId,
        amountPaise: capturedPaise,
        reason: 'duplicate_payment',
      },
      null,
    );
    return { outcome, payment, refundOwed: owed !== undefined };
  }
  if (outcome === 'review') {
    const held = await payments.recordCapture(tx, payment.id, 'review', call);
    await orders.setPaymentStatus(tx, order.id, 'payment_review');
    return { outcome, payment: held };
  }
  // 'late': paid after the order was cancelled or expired, the money goes back.
  const kept = await payments.recordCapture(tx, payment.id, 'paid', call, capturedPaise);
  const owed = await refunds.owe(
    tx,
    {
      orderId: order.id,
      paymentId: payment.id,
      providerPaymentId: call.providerPaymentId,
      amountPaise: capturedPaise,
      reason: 'late_payment',
    },
    null,
  );
  await orders.setPaymentStatus(tx, order.id, 'refund_pending');
  return { outcome, payment: kept, refundOwed: owed !== undefined };
}
