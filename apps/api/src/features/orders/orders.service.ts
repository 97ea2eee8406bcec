import { type CreateOrderInput, type OrderPage } from '@shop/contracts/orders';
import type { Tracking } from '@shop/contracts/shipping';
import { paiseToRupees } from '@shop/domain/money';
import type { OrderStatus } from '@shop/domain/orders';
import { type ReturnRequestLine } from '@shop/domain/returns';
import type { UserRole } from '@shop/domain/roles';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { OrderRow, OrderWithItems } from '../../db/order-rows.ts';
import type { DeliveredOrder, ReviewLineFacts } from './orders.repository.ts';
import { orders } from '../../db/schema.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { CreateOrderCommand } from './order-pricing.ts';
import { toOrder } from './order-presenter.ts';
import { shopperRefunds } from './order-refunds.ts';
import type { OrdersServiceDeps } from './orders-deps.ts';
import { cancelOrder } from './workflows/cancel-order.ts';
import {
  codOptions,
  confirmCashOnDelivery,
  confirmCashOnDeliveryByShop,
} from './workflows/confirm-cash-on-delivery.ts';
import { confirmPaidOrders, expireUnpaidOrders } from './workflows/expire-unpaid-orders.ts';
import {
  afterMove,
  moveOrderIn,
  prepareMove,
  setOrderStatus,
  type MoveOptions,
  type PreparedMove,
} from './workflows/move-order.ts';
import { ownOrder } from './workflows/order-steps.ts';
import { placeOrder } from './workflows/place-order.ts';
import { requestReturn } from './workflows/request-return.ts';
import { orderSettlementSteps } from './workflows/settlement-steps.ts';

export type { CreateOrderCommand } from './order-pricing.ts';
/** An order with its lines and return lines, as the lookups answer it (see order-rows.ts). */
export type { OrderRow, OrderWithItems, DeliveredOrder, ReviewLineFacts };
export { toOrder } from './order-presenter.ts';
export { orderMailTemplates } from './order-mail-templates.ts';
export { orderSettlementSteps, type OrderSettlement } from './workflows/settlement-steps.ts';
export type {
  CashOnDeliveryDeps,
  OrderMetrics,
  OrderRefunds,
  OrdersServiceDeps,
} from './orders-deps.ts';

/**
 * What other features read and lock of an order through the orders service: the order with its
 * lines, and its row locked in their transaction. Every writer of an order and of its payment or
 * parcel locks the order first, so they take turns without deadlock.
 */
export interface OrderLookups {
  /** The order with its lines and return lines; undefined when there is none. */
  findById(orderId: string): Promise<OrderWithItems | undefined>;
  /** One of the shopper's own orders; undefined when it is not hers or does not exist. */
  findForUser(userId: string, orderId: string): Promise<OrderWithItems | undefined>;
  /** The order's row, locked for the rest of `tx`; undefined when there is none. */
  lockOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined>;
  /**
   * The shopper's lines of a product, or one of her lines, with their order's delivery and
   * payment facts (newest order first): what reviews are judged by.
   */
  linesForReview(
    userId: string,
    filter: { productId?: string; orderItemId?: string },
  ): Promise<ReviewLineFacts[]>;
  /** Orders still delivered whose delivery fell in [from, to], by keyset (delivered_at, id). */
  deliveredBetween(
    from: Date,
    to: Date,
    after: { at: string; id: string } | null,
    limit: number,
  ): Promise<DeliveredOrder[]>;
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, orders: repository } = deps;

  async function trackingOf(orderIds: string[]) {
    return deps.trackingOf ? deps.trackingOf(orderIds) : new Map<string, Tracking>();
  }

  async function refundsOf(orderIds: string[]) {
    return deps.refundsOf ? deps.refundsOf(orderIds) : [];
  }

  async function page(
    where: SQL | undefined,
    pageNumber: number,
    limit: number,
  ): Promise<OrderPage> {
    const [rows, total] = await Promise.all([
      repository.withItems(db, where, { limit, offset: (pageNumber - 1) * limit }),
      repository.countWhere(where),
    ]);
    const now = new Date();
    const ids = rows.map((row) => row.id);
    const [tracking, refunds] = await Promise.all([trackingOf(ids), refundsOf(ids)]);
    return {
      orders: rows.map((row) => ({
        ...toOrder(row, now),
        tracking: tracking.get(row.id) ?? null,
        refunds: shopperRefunds(refunds, row),
      })),
      total,
      totalPages: Math.ceil(total / limit),
      page: pageNumber,
    };
  }

  const lookups: OrderLookups = {
    findById: (orderId) => repository.findById(db, orderId),
    findForUser: (userId, orderId) => repository.findForUser(db, userId, orderId),
    lockOrder: (tx, orderId) => repository.lockOrder(tx, orderId),
    linesForReview: (userId, filter) => repository.linesForReview(userId, filter),
    deliveredBetween: (from, to, after, limit) =>
      repository.deliveredBetween(from, to, after, limit),
  };

  return {
    ...lookups,

    placeOrder(userId: string, command: CreateOrderCommand, idempotencyKey: string | undefined) {
      return placeOrder(deps, userId, command, idempotencyKey);
    },

    async list(userId: string, pageNumber: number, limit: number) {
      return page(eq(orders.userId, userId), pageNumber, limit);
    },

    async search(userId: string, q: string, pageNumber: number, limit: number) {
      const text = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const where = and(
        eq(orders.userId, userId),
        q
          ? or(
              ilike(orders.orderNumber, text),
              sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and i.product_name ilike ${text})`,
            )
          : undefined,
      );
      return page(where, pageNumber, limit);
    },

    async get(userId: string, orderId: string) {
      const row = await ownOrder(deps, userId, orderId);
      const [tracking, refunds] = await Promise.all([trackingOf([row.id]), refundsOf([row.id])]);
      return {
        ...toOrder(row),
        tracking: tracking.get(row.id) ?? null,
        refunds: shopperRefunds(refunds, row),
      };
    },

    async stats(userId: string) {
      const rows = await repository.statsFor(userId);
      const byStatus: Record<string, number> = {};
      for (const row of rows) byStatus[row.status] = row.count;
      return {
        total: rows.reduce((sum, row) => sum + row.count, 0),
        byStatus,
        totalSpent: paiseToRupees(rows.reduce((sum, row) => sum + row.spent, 0)),
        stats: rows.map(({ status, count }) => ({ status, count })),
      };
    },

    /** The shopper cancels her own order (see workflows/cancel-order.ts). */
    cancel: (userId: string, orderId: string, reason: string) =>
      cancelOrder(deps, userId, orderId, reason),

    requestReturn: (
      userId: string,
      orderId: string,
      request: { reason: string; items?: ReturnRequestLine[] | undefined },
    ) => requestReturn(deps, userId, orderId, request),

    // ----- the shop's side -----

    /**
     * The shop moves an order on; the table decides what is allowed. The move and its audit
     * entry (status and payment status, before and after) commit together. A cancellation
     * carries the shop's reason, which the shopper reads. A move to shipped is refused here: it
     * is made with its parcel by the shipping service.
     */
    adminSetStatus: (
      actor: AuditActor & { role: UserRole },
      orderId: string,
      to: OrderStatus,
      reason?: string,
    ) => setOrderStatus(deps, actor, orderId, to, reason),

    /**
     * The same move in a caller's transaction (the courier's worker and webhook move the order
     * with their own rows): read what it needs first, move inside, then the work after commit.
     */
    statusMoves: {
      prepare: (orderId: string) => prepareMove(deps, orderId),
      moveIn: (
        tx: Executor,
        actor: AuditActor,
        prepared: PreparedMove,
        to: OrderStatus,
        options: MoveOptions,
      ) => moveOrderIn(deps, tx, actor, prepared, to, options),
      after: (
        orderId: string,
        to: OrderStatus,
        moved: { refundOwed: boolean; restocked: boolean },
      ) => afterMove(deps, orderId, to, moved),
    },

    /** What a payment's settlement (the payments feature's workflow) does to its order. */
    settlement: orderSettlementSteps(repository, deps.outbox),

    // ----- cash on delivery -----

    codOptions: (userId: string, pinCode: string) => codOptions(deps, userId, pinCode),
    confirmCashOnDelivery: (userId: string, orderId: string, typed: string) =>
      confirmCashOnDelivery(deps, userId, orderId, typed),
    confirmCashOnDeliveryByShop: (actor: AuditActor, orderId: string) =>
      confirmCashOnDeliveryByShop(deps, actor, orderId),

    // ----- sweeps (safe to run twice, and from several processes at once) -----

    /**
     * Cancels unpaid orders past their payment deadline, and cash-on-delivery orders nobody
     * confirmed in time, and releases their stock (safe to run twice, and from several processes).
     */
    expireUnpaid: (batch?: number) => expireUnpaidOrders(deps, batch),
    /** Confirms paid orders, and confirmed COD ones, once the modification window has passed. */
    confirmPaid: (batch?: number) => confirmPaidOrders(deps, batch),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { CreateOrderInput };
