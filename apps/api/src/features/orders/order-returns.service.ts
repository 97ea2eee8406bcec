/**
 * What the returns desk may ask of orders, besides the lookups every feature has (`OrderLookups`):
 * the order with its items and return lines read in the desk's own transaction, the moves a
 * return makes of the order, and stock given back. The desk is handed this, never the orders
 * repository.
 */
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import type { Executor } from '../../db/client.ts';
import type { OrderRow, OrderWithItems } from '../../db/order-rows.ts';
import { queueOrderUpdate, type OrderUpdateDeps } from './order-updates.ts';
import type { OrdersRepository, StockLine } from './orders.repository.ts';
import type { OrderLookups } from './orders.service.ts';

export type { NewReturnLine, ReturnLineRow } from './orders.repository.ts';
export type { OrderRow } from '../../db/order-rows.ts';

/** The order's columns a return moves: its status (returned, or delivered again) and its payment. */
export interface OrderReturnMove {
  status?: OrderStatus;
  returnedAt?: Date;
  paymentStatus?: PaymentStatus;
}

export interface OrderReturns extends Pick<OrderLookups, 'lockOrder'> {
  /** The order with its items and return lines, read with `executor`; undefined when none. */
  findIn(executor: Executor, orderId: string): Promise<OrderWithItems | undefined>;
  move(tx: Executor, orderId: string, changes: OrderReturnMove): Promise<void>;
  /** Puts units back on their stock row (product, colour and size, in any case). */
  returnStock(tx: Executor, line: StockLine): Promise<void>;
  /**
   * Tells her phone, in `tx`, that the courier collected her return: once per reverse parcel
   * (its return AWB names the occurrence), however often the courier reports it.
   */
  notifyPickedUpIn(tx: Executor, order: OrderRow, returnAwb: string): Promise<void>;
}

export function createOrderReturns(
  orders: OrdersRepository,
  orderUpdates?: OrderUpdateDeps,
): OrderReturns {
  return {
    notifyPickedUpIn: (tx, order, returnAwb) =>
      queueOrderUpdate(orderUpdates, tx, order, 'return_picked_up', {}, returnAwb),
    findIn: (executor, orderId) => orders.findById(executor, orderId),
    lockOrder: (tx, orderId) => orders.lockOrder(tx, orderId),
    async move(tx, orderId, changes) {
      await orders.updateOrder(tx, orderId, changes);
    },
    returnStock: (tx, line) => orders.returnStock(tx, line),
  };
}
