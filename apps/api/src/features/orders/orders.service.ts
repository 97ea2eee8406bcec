import { orderMessages, type CreateOrderInput, type OrderPage } from '@shop/contracts/orders';
import type { Tracking } from '@shop/contracts/shipping';
import { invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import {
  cancelCheck,
  needsPaymentFor,
  readyForGoods,
  transition,
  type OrderActor,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/domain/orders';
import { isRefundable } from '@shop/domain/payments';
import type { RefundDecider } from '@shop/domain/refunds';
import { type ReturnLineState, type ReturnRequestLine } from '@shop/domain/returns';
import type { UserRole } from '@shop/domain/roles';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderShippedMail,
  returnDeclinedMail,
} from './order-mails.ts';
import type { CreateOrderCommand } from './order-pricing.ts';
import { toOrder } from './order-presenter.ts';
import { shopperRefunds } from './order-refunds.ts';
import type { OrdersServiceDeps } from './orders-deps.ts';
import type { OrderRow, OrderWithItems } from './orders.repository.ts';
import { releaseOrders } from './workflows/order-steps.ts';
import {
  codOptions,
  confirmCashOnDelivery,
  confirmCashOnDeliveryByShop,
} from './workflows/confirm-cash-on-delivery.ts';
import { confirmPaidOrders, expireUnpaidOrders } from './workflows/expire-unpaid-orders.ts';
import { mailShopper, ownOrder } from './workflows/order-steps.ts';
import { placeOrder } from './workflows/place-order.ts';
import { requestReturn } from './workflows/request-return.ts';

export type { CreateOrderCommand } from './order-pricing.ts';
export { toOrder } from './order-presenter.ts';
export { orderMailTemplates } from './order-mail-templates.ts';
export type {
  CashOnDeliveryDeps,
  OrderMetrics,
  OrderRefunds,
  OrdersServiceDeps,
} from './orders-deps.ts';

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, orders: repository, outbox } = deps;

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

  /**
   * Cancels inside a transaction: stock and discount back, status cancelled, and a paid order's
   * refund owed with it. Answers the row and whether a refund is owed.
   */
  async function cancelLocked(
    tx: Executor,
    row: OrderRow,
    reason: string,
    decidedBy: RefundDecider,
  ) {
    await releaseOrders(tx, repository, [row.id]);
    const refundOwed = await oweRefund(tx, row, decidedBy);
    // Cash on delivery brought back by the courier was never paid: refused at the door.
    const refusedAtDoor =
      row.paymentStatus === ('cod_pending' satisfies PaymentStatus) && row.status === 'shipped';
    const cancelled = await repository.updateOrder(tx, row.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: reason,
      ...(refusedAtDoor ? { paymentStatus: 'cod_refused' satisfies PaymentStatus } : {}),
    });
    return { row: cancelled, refundOwed };
  }

  /** A paid order's money goes back: the refund row is written with the decision. */
  async function oweRefund(tx: Executor, row: OrderRow, decidedBy: RefundDecider) {
    // Paid, or partly refunded by hand since: the rest goes back (the refunds service owes it).
    if (!isRefundable(row.paymentStatus)) return false;
    const owed = await deps.refunds().owe(tx, row.id, 'cancelled', decidedBy);
    if (owed) {
      await repository.updateOrder(tx, row.id, {
        paymentStatus: 'refund_pending' satisfies PaymentStatus,
      });
    }
    return owed;
  }

  async function afterCancel(orderId: string, refundOwed: boolean) {
    const restocked = (await repository.findById(db, orderId))!;
    await deps.stockChanged(restocked.items.map((item) => item.productId));
    if (refundOwed) deps.refunds().sendSoon();
    const refunded = refundOwed;
    const row = (await repository.findById(db, orderId))!;
    const recipient = await deps.findUser(row.userId);
    await db.transaction((tx) =>
      mailShopper(deps, tx, recipient, row, (to, name, order, url) =>
        orderCancelledMail(to, name, order, url, refunded),
      ),
    );
    outbox.deliverSoon();
    return row;
  }

  /**
   * The shop declines the request: each line whose items are still with the shopper is declined
   * and a replacement's stock goes back.
   */
  async function declineReturnLines(tx: Executor, order: OrderWithItems) {
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

  /** What a status move reads before its transaction: the order and its shopper's address. */
  async function prepareMove(orderId: string) {
    const current = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
    if (!current) throw notFound(orderMessages.notFound);
    const recipient = await deps.findUser(current.userId);
    return { current, recipient };
  }

  /**
   * Moves an order in the caller's transaction, as the table allows `by` (the shop by default;
   * the system for a parcel the courier brought back), with its audit entry and its mails.
   */
  async function moveIn(
    tx: Executor,
    actor: AuditActor,
    prepared: Awaited<ReturnType<typeof prepareMove>>,
    to: OrderStatus,
    options: {
      /**
       * Who decides the refund a cancel owes: the person of the shop moving it (staff within
       * their limit), or null for the courier's word (a parcel brought back).
       */
      decidedBy: RefundDecider;
      reason?: string | undefined;
      by?: OrderActor;
      /** The parcel a move to shipped was booked as: its mail names the AWB and the link. */
      tracking?: Tracking | undefined;
      /** The parcel's courier and AWB, which a move to shipped needs: stored on the order. */
      shipment?: { courier: string; awb: string } | undefined;
    },
  ) {
    const { current, recipient } = prepared;
    const orderId = current.id;
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
      const cancelled = await cancelLocked(
        tx,
        locked,
        options.reason ?? 'Cancelled by the shop',
        options.decidedBy,
      );
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
      await declineReturnLines(tx, current);
      restocked = true;
    }
    const row = await repository.updateOrder(tx, orderId, changes);
    await audit(row);
    const full = (await repository.findById(tx, orderId))!;
    // The tax invoice goes with the mail that follows payment: a prepaid order's shipped mail,
    // a cash order's delivered mail (it is paid, and invoiced, at the door).
    const paidNow = full.paymentStatus === ('paid' satisfies PaymentStatus);
    if (to === 'shipped') {
      await mailShopper(
        deps,
        tx,
        recipient,
        full,
        (address, name, order, url) =>
          orderShippedMail(address, name, { ...order, tracking: options.tracking ?? null }, url),
        paidNow ? { invoiceOf: orderId } : undefined,
      );
    }
    if (to === 'delivered' && locked.status === 'shipped') {
      const collectedNow = locked.paymentStatus === ('cod_pending' satisfies PaymentStatus);
      await mailShopper(
        deps,
        tx,
        recipient,
        full,
        orderDeliveredMail,
        collectedNow && paidNow ? { invoiceOf: orderId } : undefined,
      );
    }
    if (to === 'delivered' && locked.status === 'return_requested') {
      await mailShopper(deps, tx, recipient, full, returnDeclinedMail);
    }
    // No move refunds but a cancel: an order becomes returned on the returns desk, line by line.
    return { row, refundOwed: false, restocked };
  }

  /** After a move's commit: a refund to send, catalogue copies to empty, mail to deliver. */
  async function afterMove(
    orderId: string,
    to: OrderStatus,
    moved: { refundOwed: boolean; restocked: boolean },
  ) {
    if (to === 'cancelled') return toOrder(await afterCancel(orderId, moved.refundOwed));
    if (moved.refundOwed) deps.refunds().sendSoon();
    if (moved.restocked) {
      const full = (await repository.findById(db, orderId))!;
      await deps.stockChanged(full.items.map((item) => item.productId));
    }
    outbox.deliverSoon();
    return toOrder((await repository.findById(db, orderId))!);
  }

  return {
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

    async cancel(userId: string, orderId: string, reason: string) {
      await ownOrder(deps, userId, orderId);
      const { row, refundOwed } = await db.transaction(async (tx) => {
        const locked = await repository.lockOrder(tx, orderId);
        if (!locked) throw notFound(orderMessages.notFound);
        const check = cancelCheck(locked.status as OrderStatus);
        if (!check.ok) throw invalid(check.message);
        // The shopper's own order: her refund is the shop's rule, no one's decision.
        return cancelLocked(tx, locked, reason, null);
      });
      return toOrder(await afterCancel(row.id, refundOwed));
    },

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
    async adminSetStatus(
      actor: AuditActor & { role: UserRole },
      orderId: string,
      to: OrderStatus,
      reason?: string,
    ) {
      const prepared = await prepareMove(orderId);
      const decidedBy = { role: actor.role, staffLimitPaise: deps.staffRefundLimitPaise };
      const moved = await db.transaction((tx) =>
        moveIn(tx, actor, prepared, to, { decidedBy, reason }),
      );
      return afterMove(orderId, to, moved);
    },

    /**
     * The same move in a caller's transaction (the courier's worker and webhook move the order
     * with their own rows): read what it needs first, move inside, then the work after commit.
     */
    statusMoves: { prepare: prepareMove, moveIn, after: afterMove },

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
