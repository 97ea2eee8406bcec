import { orderMessages } from '@shop/contracts/orders';
import { invalid, notFound } from '@shop/domain/errors';
import { cancelCheck, type OrderStatus, type PaymentStatus } from '@shop/domain/orders';
import { isRefundable } from '@shop/domain/payments';
import type { RefundDecider } from '@shop/domain/refunds';
import { retryOnDeadlock, type Executor } from '../../../db/client.ts';
import { orderCancelledMail } from '../order-mails.ts';
import { toOrder } from '../order-presenter.ts';
import { queueOrderUpdate } from '../order-updates.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import type { OrderRow, OrderWithItems } from '../orders.repository.ts';
import { mailShopper, ownOrder, releaseOrders } from './order-steps.ts';

/**
 * Step "owe the refund": a paid order's money goes back, the refund row written with the
 * decision through the one refund gate (which refuses `decidedBy` beyond their limit). Paid, or
 * partly refunded by hand since: the rest goes back. Answers whether a refund is now owed.
 */
async function oweRefund(
  deps: OrdersServiceDeps,
  tx: Executor,
  row: OrderRow,
  decidedBy: RefundDecider,
): Promise<boolean> {
  if (!isRefundable(row.paymentStatus)) return false;
  const owed = await deps.refunds().owe(tx, row.id, 'cancelled', decidedBy);
  if (owed) {
    await deps.orders.updateOrder(tx, row.id, {
      paymentStatus: 'refund_pending' satisfies PaymentStatus,
    });
  }
  return owed;
}

/**
 * Cancels a locked order inside the caller's transaction (its move already decided): the stock
 * and code uses given back, a paid order's refund owed, the status cancelled. Answers the row
 * and whether a refund is owed.
 */
export async function cancelLocked(
  deps: OrdersServiceDeps,
  tx: Executor,
  row: OrderRow,
  reason: string,
  decidedBy: RefundDecider,
): Promise<{ row: OrderRow; refundOwed: boolean }> {
  // Step "give stock back": stock and code uses, in the order placing locks them.
  await releaseOrders(tx, deps.orders, [row.id]);
  const refundOwed = await oweRefund(deps, tx, row, decidedBy);
  // Cash on delivery brought back by the courier was never paid: refused at the door.
  const refusedAtDoor =
    row.paymentStatus === ('cod_pending' satisfies PaymentStatus) && row.status === 'shipped';
  const cancelled = await deps.orders.updateOrder(tx, row.id, {
    status: 'cancelled',
    cancelledAt: new Date(),
    cancelReason: reason,
    ...(refusedAtDoor ? { paymentStatus: 'cod_refused' satisfies PaymentStatus } : {}),
  });
  await queueOrderUpdate(deps.orderUpdates, tx, cancelled, 'cancelled');
  return { row: cancelled, refundOwed };
}

/**
 * After a cancel's commit: catalogue copies emptied of the stock given back, the refund sent,
 * and the shopper's mail queued and delivered. Answers the order as the cancel left it, read
 * before the refund worker is woken: her answer says the refund is pending, whichever process's
 * worker then sends it first.
 */
export async function afterCancel(
  deps: OrdersServiceDeps,
  orderId: string,
  refundOwed: boolean,
): Promise<OrderWithItems> {
  const { db, orders: repository, outbox } = deps;
  const row = (await repository.findById(db, orderId))!;
  await deps.stockChanged(row.items.map((item) => item.productId));
  if (refundOwed) deps.refunds().sendSoon();
  const recipient = await deps.findUser(row.userId);
  await db.transaction((tx) =>
    mailShopper(deps, tx, recipient, row, (to, name, order, url) =>
      orderCancelledMail(to, name, order, url, refundOwed),
    ),
  );
  outbox.deliverSoon();
  return row;
}

/**
 * The shopper cancels her own order, in one transaction: lock the order, ask the domain whether
 * it may still be cancelled (`cancelCheck`), then give its stock back and owe its refund. Her
 * refund is the shop's rule, no one's decision (`decidedBy` null).
 */
export async function cancelOrder(
  deps: OrdersServiceDeps,
  userId: string,
  orderId: string,
  reason: string,
) {
  await ownOrder(deps, userId, orderId);
  const { row, refundOwed } = await retryOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      const locked = await deps.orders.lockOrder(tx, orderId);
      if (!locked) throw notFound(orderMessages.notFound);
      const check = cancelCheck(locked.status as OrderStatus);
      if (!check.ok) throw invalid(check.message);
      return cancelLocked(deps, tx, locked, reason, null);
    }),
  );
  return toOrder(await afterCancel(deps, row.id, refundOwed));
}
