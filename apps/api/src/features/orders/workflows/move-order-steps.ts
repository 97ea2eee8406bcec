import type { Tracking } from '@shop/contracts/shipping';
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import type { ReturnLineState } from '@shop/domain/returns';
import type { Executor } from '../../../db/client.ts';
import { orderDeliveredMail, orderShippedMail, returnDeclinedMail } from '../order-mails.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import type { OrderRow, OrdersRepository, OrderWithItems } from '../orders.repository.ts';
import { queueOrderUpdate } from '../order-updates.ts';
import { mailShopper } from './order-steps.ts';

type Recipient = { email: string; firstName: string } | undefined;

/**
 * Step "give stock back" of a declined return: each line whose items are still with the shopper
 * is declined, and a replacement's stock (taken when she asked) goes back.
 */
export async function declineReturnLines(
  tx: Executor,
  repository: OrdersRepository,
  order: OrderWithItems,
) {
  const lines = await repository.lockAwaitingReturnLines(tx, order.id);
  const now = new Date();
  for (const line of lines) {
    if (line.exchangeColorName !== null && line.exchangeSize !== null) {
      const item = order.items.find((candidate) => candidate.id === line.orderItemId)!;
      await repository.returnStock(tx, {
        productId: item.productId,
        colorName: line.exchangeColorName,
        size: line.exchangeSize,
        quantity: line.quantity,
      });
    }
    await repository.updateReturnLine(tx, line.id, {
      state: 'declined' satisfies ReturnLineState,
      declinedAt: now,
    });
  }
}

/**
 * Step "queue the mail" (and the phone update) of a move (not a cancel): shipped, delivered, or a return declined. The
 * tax invoice goes with the mail that follows payment: a prepaid order's shipped mail, a cash
 * order's delivered mail (it is paid, and invoiced, at the door).
 */
export async function mailMove(
  deps: OrdersServiceDeps,
  tx: Executor,
  recipient: Recipient,
  locked: OrderRow,
  to: OrderStatus,
  tracking: Tracking | undefined,
) {
  const shipped = to === 'shipped';
  const delivered = to === 'delivered' && locked.status === 'shipped';
  const declined = to === 'delivered' && locked.status === 'return_requested';
  if (!shipped && !delivered && !declined) return;
  const full = (await deps.orders.findById(tx, locked.id))!;
  const paidNow = full.paymentStatus === ('paid' satisfies PaymentStatus);
  if (shipped) {
    await mailShopper(
      deps,
      tx,
      recipient,
      full,
      (address, name, order, url) =>
        orderShippedMail(address, name, { ...order, tracking: tracking ?? null }, url),
      paidNow ? { invoiceOf: full.id } : undefined,
    ); // Her phone: the courier and the AWB (the link opens her orders, with the tracking).
    await queueOrderUpdate(deps.orderUpdates, tx, full, 'shipped', {
      courier: (tracking?.courier ?? full.courier ?? 'our courier').slice(0, 30),
      awb: (tracking?.awb ?? full.awb ?? '-').slice(0, 30),
    });
  }
  if (delivered) {
    const collectedNow = locked.paymentStatus === ('cod_pending' satisfies PaymentStatus);
    await mailShopper(
      deps,
      tx,
      recipient,
      full,
      orderDeliveredMail,
      collectedNow && paidNow ? { invoiceOf: full.id } : undefined,
    );
    await queueOrderUpdate(deps.orderUpdates, tx, full, 'delivered');
  }
  if (declined) await mailShopper(deps, tx, recipient, full, returnDeclinedMail);
}
