/**
 * What the returns desk may ask of orders: an order with its items and return lines, the order
 * locked in the caller's transaction (an order is locked before its return lines, as every
 * writer of both locks them), the moves a return makes of the order, and stock given back.
 * The desk is handed this, never the orders repository.
 */
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import type { Executor } from '../../db/client.ts';
import type { OrderRow, OrdersRepository, OrderWithItems, StockLine } from './orders.repository.ts';

export type {
  NewReturnLine,
  OrderRow,
  OrderWithItems,
  ReturnLineRow,
  StockLine,
} from './orders.repository.ts';

/** The order's columns a return moves: its status (returned, or delivered again) and its payment. */
export interface OrderReturnMove {
  status?: OrderStatus;
  returnedAt?: Date;
  paymentStatus?: PaymentStatus;
}

export interface OrderReturns {
  /** The order with its items and return lines; undefined when there is none. */
  find(executor: Executor, orderId: string): Promise<OrderWithItems | undefined>;
  /** The order's row, locked until the caller's transaction ends; undefined when there is none. */
  lock(tx: Executor, orderId: string): Promise<OrderRow | undefined>;
  move(tx: Executor, orderId: string, changes: OrderReturnMove): Promise<void>;
  /** Puts units back on their stock row (product, colour and size, in any case). */
  returnStock(tx: Executor, line: StockLine): Promise<void>;
}

export function createOrderReturns(orders: OrdersRepository): OrderReturns {
  return {
    find: (executor, orderId) => orders.findById(executor, orderId),
    lock: (tx, orderId) => orders.lockOrder(tx, orderId),
    async move(tx, orderId, changes) {
      await orders.updateOrder(tx, orderId, changes);
    },
    returnStock: (tx, line) => orders.returnStock(tx, line),
  };
}
