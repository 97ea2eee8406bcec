import { orderMessages } from '@shop/contracts/orders';
import { CASH_ON_DELIVERY } from '@shop/domain/cash-on-delivery';
import { MODIFICATION_WINDOW_MS } from '@shop/domain/orders';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import { retryOnDeadlock } from '../../../db/client.ts';
import { releaseOrders } from './order-steps.ts';

/**
 * Cancels unpaid orders past their payment deadline, and cash-on-delivery orders nobody
 * confirmed in time, and releases their stock.
 */
export async function expireUnpaidOrders(deps: OrdersServiceDeps, batch = 20): Promise<number> {
  const { db, orders: repository } = deps;
  const restocked: string[] = [];
  const expired = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      restocked.length = 0;
      // The claim locks the orders; their stock and discounts go back together (see release).
      const claimed = await repository.claimOverdueUnpaid(tx, batch);
      if (claimed.length === 0) return 0;
      restocked.push(
        ...(await releaseOrders(
          tx,
          repository,
          claimed.map(({ id }) => id),
        )),
      );
      for (const { id, payment_method: method } of claimed) {
        await repository.updateOrder(tx, id, {
          status: 'cancelled',
          cancelledAt: new Date(),
          cancelReason:
            method === CASH_ON_DELIVERY
              ? orderMessages.codNotConfirmedInTime
              : 'Payment was not completed in time',
        });
      }
      return claimed.length;
    }),
  );
  if (expired > 0) await deps.stockChanged(restocked);
  return expired;
}

/**
 * Confirms paid orders, and confirmed cash-on-delivery ones, once the two-hour modification
 * window has passed.
 */
export async function confirmPaidOrders(deps: OrdersServiceDeps, batch = 50): Promise<number> {
  const { db, orders: repository } = deps;
  return db.transaction(async (tx) => {
    const claimed = await repository.claimPaidToConfirm(
      tx,
      new Date(Date.now() - MODIFICATION_WINDOW_MS),
      batch,
    );
    for (const { id } of claimed) {
      await repository.updateOrder(tx, id, { status: 'confirmed', confirmedAt: new Date() });
    }
    return claimed.length;
  });
}
