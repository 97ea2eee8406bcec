import { orderMessages } from '@shop/contracts/orders';
import type { Tracking } from '@shop/contracts/shipping';
import { invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import {
  needsPaymentFor,
  readyForGoods,
  transition,
  type OrderActor,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/domain/orders';
import type { RefundDecider } from '@shop/domain/refunds';
import type { UserRole } from '@shop/domain/roles';
import { retryOnDeadlock, type Executor } from '../../../db/client.ts';
import { recordAudit, type AuditActor } from '../../audit/audit.service.ts';
import { toOrder } from '../order-presenter.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import type { OrderRow } from '../orders.repository.ts';
import { afterCancel, cancelLocked } from './cancel-order.ts';
import { declineReturnLines, mailMove } from './move-order-steps.ts';

/** What a status move reads before its transaction: the order and its shopper's address. */
export async function prepareMove(deps: OrdersServiceDeps, orderId: string) {
  const current = isUuid(orderId) ? await deps.orders.findById(deps.db, orderId) : undefined;
  if (!current) throw notFound(orderMessages.notFound);
  const recipient = await deps.findUser(current.userId);
  return { current, recipient };
}

export type PreparedMove = Awaited<ReturnType<typeof prepareMove>>;

export interface MoveOptions {
  /**
   * Who decides the refund a cancel owes: the person of the shop moving it (staff within their
   * limit), or null for the courier's word (a parcel brought back).
   */
  decidedBy: RefundDecider;
  reason?: string | undefined;
  by?: OrderActor;
  /** The parcel a move to shipped was booked as: its mail names the AWB and the link. */
  tracking?: Tracking | undefined;
  /** The parcel's courier and AWB, which a move to shipped needs: stored on the order. */
  shipment?: { courier: string; awb: string } | undefined;
}

/** What a move leaves for after its commit. */
export interface Moved {
  row: OrderRow;
  refundOwed: boolean;
  restocked: boolean;
}

/**
 * Moves an order in the caller's transaction, as the table allows `by` (the shop by default;
 * the system for a parcel the courier brought back), with its audit entry and its mails. Steps:
 * lock the order, decide with the domain's `transition` (and whether the goods may go before
 * payment), cancel (stock back, refund owed) or write the move, audit, queue the mail.
 */
export async function moveOrderIn(
  deps: OrdersServiceDeps,
  tx: Executor,
  actor: AuditActor,
  prepared: PreparedMove,
  to: OrderStatus,
  options: MoveOptions,
): Promise<Moved> {
  const { orders: repository } = deps;
  const orderId = prepared.current.id;
  const locked = await repository.lockOrder(tx, orderId);
  if (!locked) throw notFound(orderMessages.notFound);
  // A move to shipped passes only with its parcel (the shipping service's booking or hand entry).
  const check = transition(
    locked.status as OrderStatus,
    to,
    options.by ?? 'shop',
    options.shipment,
  );
  if (!check.ok) throw invalid(check.message);
  // An order paid online moves on only once paid: one awaiting payment holds stock, and
  // shipping it would give the goods away. Cash on delivery moves on once confirmed.
  if (needsPaymentFor(to) && !readyForGoods(locked)) throw invalid(orderMessages.notPaid);
  const audit = (after: OrderRow) =>
    recordAudit(tx, actor, {
      action: 'order.status',
      entity: 'order',
      entityId: orderId,
      before: {
        status: locked.status,
        paymentStatus: locked.paymentStatus,
        ...(options.shipment ? { courier: locked.courier, awb: locked.awb } : {}),
      },
      after: {
        status: after.status,
        paymentStatus: after.paymentStatus,
        ...(options.shipment ? { courier: after.courier, awb: after.awb } : {}),
      },
    });
  if (to === 'cancelled') {
    const reason = options.reason ?? 'Cancelled by the shop';
    const cancelled = await cancelLocked(deps, tx, locked, reason, options.decidedBy);
    await audit(cancelled.row);
    return { ...cancelled, restocked: true };
  }
  const now = new Date();
  const changes: Partial<OrderRow> = { status: to };
  if (to === 'confirmed') changes.confirmedAt = now;
  if (to === 'shipped') changes.shippedAt = now;
  // The courier and its tracking number go with the move, so a shipped order has them.
  if (to === 'shipped' && options.shipment) Object.assign(changes, options.shipment);
  if (to === 'delivered') changes.deliveredAt = locked.deliveredAt ?? now;
  // Delivered cash on delivery is paid: the courier collected it at the door.
  if (to === 'delivered' && locked.paymentStatus === ('cod_pending' satisfies PaymentStatus)) {
    changes.paymentStatus = 'paid' satisfies PaymentStatus;
    changes.paidAt = now;
  }
  let restocked = false;
  // The shop refuses the request: the order is delivered again, as it was.
  if (to === 'delivered' && locked.status === 'return_requested') {
    await declineReturnLines(tx, repository, prepared.current);
    restocked = true;
  }
  const row = await repository.updateOrder(tx, orderId, changes);
  await audit(row);
  await mailMove(deps, tx, prepared.recipient, locked, to, options.tracking);
  // No move refunds but a cancel: an order becomes returned on the returns desk, line by line.
  return { row, refundOwed: false, restocked };
}

/** After a move's commit: a refund to send, catalogue copies to empty, mail to deliver. */
export async function afterMove(
  deps: OrdersServiceDeps,
  orderId: string,
  to: OrderStatus,
  moved: { refundOwed: boolean; restocked: boolean },
) {
  const { db, orders: repository } = deps;
  if (to === 'cancelled') return toOrder(await afterCancel(deps, orderId, moved.refundOwed));
  if (moved.refundOwed) deps.refunds().sendSoon();
  if (moved.restocked) {
    const full = (await repository.findById(db, orderId))!;
    await deps.stockChanged(full.items.map((item) => item.productId));
  }
  deps.outbox.deliverSoon();
  return toOrder((await repository.findById(db, orderId))!);
}

/**
 * The shop moves an order on, in one transaction with its audit entry; the table decides what
 * is allowed. A cancellation carries the shop's reason, and its refund is decided by the person
 * moving it (staff within STAFF_REFUND_LIMIT_RUPEES).
 */
export async function setOrderStatus(
  deps: OrdersServiceDeps,
  actor: AuditActor & { role: UserRole },
  orderId: string,
  to: OrderStatus,
  reason?: string,
) {
  const prepared = await prepareMove(deps, orderId);
  const decidedBy = { role: actor.role, staffLimitPaise: deps.staffRefundLimitPaise };
  const moved = await retryOnDeadlock(() =>
    deps.db.transaction((tx) => moveOrderIn(deps, tx, actor, prepared, to, { decidedBy, reason })),
  );
  return afterMove(deps, orderId, to, moved);
}
