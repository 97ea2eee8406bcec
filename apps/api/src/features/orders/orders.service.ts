import { timingSafeEqual } from 'node:crypto';
import {
  orderMessages,
  type CreateOrderInput,
  type Order,
  type OrderPage,
} from '@shop/contracts/orders';
import type { Tracking } from '@shop/contracts/shipping';
import { normalizeSize, sameColorName, sameSize } from '@shop/domain/cart';
import {
  CASH_ON_DELIVERY,
  COD_CODE_ATTEMPTS,
  codDecision,
  codMessages,
  normalizeCodCode,
} from '@shop/domain/cash-on-delivery';
import { conflict, invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import {
  cancelCheck,
  MODIFICATION_WINDOW_MS,
  needsPaymentFor,
  readyForGoods,
  transition,
  type OrderActor,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/domain/orders';
import { isRefundable } from '@shop/domain/payments';
import type { RefundDecider } from '@shop/domain/refunds';
import {
  planReturn,
  returnMessages,
  returnWindowCheck,
  type DeclinedLine,
  type PlannedReturnLine,
  type ReturnLineState,
  type ReturnRequestLine,
} from '@shop/domain/returns';
import type { UserRole } from '@shop/domain/roles';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import type { ProductFacts } from '../catalogue/catalogue.repository.ts';
import type { MailExtras } from '../mail/mail-outbox.ts';
import { codCodeHash } from './cod-codes.ts';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  orderShippedMail,
  returnDeclinedMail,
  returnRequestedMail,
} from './order-mails.ts';
import type { CreateOrderCommand } from './order-pricing.ts';
import { linesForReturn, toOrder } from './order-presenter.ts';
import { shopperRefunds } from './order-refunds.ts';
import type { OrdersServiceDeps } from './orders-deps.ts';
import type { OrderRow, OrderWithItems } from './orders.repository.ts';
import { byteOrder, releaseOrders, stockRowKey } from './workflows/order-steps.ts';
import { placeOrder } from './workflows/place-order.ts';

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
  const { db, orders: repository, facts, outbox } = deps;

  type Recipient = { email: string; firstName: string } | undefined;
  type OrderMail = (to: string, firstName: string, order: Order, publicUrl: string) => MailMessage;

  /**
   * Queues a mail to the order's shopper inside the caller's transaction. The recipient is read
   * before the transaction opens: on PGlite a query outside an open transaction waits for it.
   */
  async function mailShopper(
    tx: Executor,
    recipient: Recipient,
    row: OrderWithItems,
    build: OrderMail,
    extras?: MailExtras,
  ) {
    if (recipient)
      await outbox.enqueue(
        tx,
        build(recipient.email, recipient.firstName, toOrder(row), deps.publicUrl),
        extras,
      );
  }

  async function trackingOf(orderIds: string[]) {
    return deps.trackingOf ? deps.trackingOf(orderIds) : new Map<string, Tracking>();
  }

  async function refundsOf(orderIds: string[]) {
    return deps.refundsOf ? deps.refundsOf(orderIds) : [];
  }

  /**
   * Confirms a COD order under its lock when `accept` says so (a wrong code is counted instead),
   * queueing the confirmation mail; the modification window then runs as for a paid order.
   */
  async function confirmCod(
    orderId: string,
    accept: (locked: OrderRow) => boolean,
    actor?: AuditActor,
  ): Promise<'confirmed' | 'already' | 'wrong'> {
    const before = await repository.findById(db, orderId);
    const recipient = before ? await deps.findUser(before.userId) : undefined;
    const outcome = await db.transaction(async (tx) => {
      const locked = await repository.lockOrder(tx, orderId);
      if (!locked) throw notFound(orderMessages.notFound);
      if (locked.paymentMethod !== CASH_ON_DELIVERY) throw conflict(codMessages.notAwaiting);
      if (locked.codConfirmedAt) return 'already' as const;
      if (
        locked.status !== ('pending' satisfies OrderStatus) ||
        locked.paymentStatus !== ('cod_pending' satisfies PaymentStatus)
      )
        throw conflict(codMessages.notAwaiting);
      if (locked.paymentDueAt.getTime() <= Date.now())
        throw conflict(orderMessages.codNotConfirmedInTime);
      if (!accept(locked)) {
        await repository.updateOrder(tx, orderId, {
          codCodeAttempts: locked.codCodeAttempts + 1,
        });
        return 'wrong' as const;
      }
      const now = new Date();
      await repository.updateOrder(tx, orderId, { codConfirmedAt: now, codCodeHash: null });
      if (actor) {
        await recordAudit(tx, actor, {
          action: 'order.cod_confirm',
          entity: 'order',
          entityId: orderId,
          before: { codConfirmedAt: null },
          after: { codConfirmedAt: now.toISOString() },
        });
      }
      const confirmed = (await repository.findById(tx, orderId))!;
      await mailShopper(tx, recipient, confirmed, orderConfirmationMail);
      return 'confirmed' as const;
    });
    if (outcome === 'confirmed') outbox.deliverSoon();
    return outcome;
  }

  async function ownOrder(userId: string, orderId: string) {
    const row = isUuid(orderId) ? await repository.findForUser(db, userId, orderId) : undefined;
    if (!row) throw notFound(orderMessages.notFound);
    return row;
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
      mailShopper(tx, recipient, row, (to, name, order, url) =>
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
      /** The courier and AWB the shop typed when marking it shipped: stored on the order. */
      shipment?: { courier: string; awb: string } | undefined;
    },
  ) {
    const { current, recipient } = prepared;
    const orderId = current.id;
    const locked = await repository.lockOrder(tx, orderId);
    if (!locked) throw notFound(orderMessages.notFound);
    const check = transition(locked.status as OrderStatus, to, options.by ?? 'shop');
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
        tx,
        recipient,
        full,
        orderDeliveredMail,
        collectedNow && paidNow ? { invoiceOf: orderId } : undefined,
      );
    }
    if (to === 'delivered' && locked.status === 'return_requested') {
      await mailShopper(tx, recipient, full, returnDeclinedMail);
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
      const row = await ownOrder(userId, orderId);
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
      await ownOrder(userId, orderId);
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

    /**
     * The shopper asks to exchange or return lines of a delivered order. Each line is judged on
     * its own: one that cannot be taken back (hygiene, final sale, a replacement out of stock)
     * is answered in `declined` with why, and the others go ahead. An exchange takes the stock
     * of its replacement now, so it is there when the shop has the item back.
     */
    async requestReturn(
      userId: string,
      orderId: string,
      request: { reason: string; items?: ReturnRequestLine[] | undefined },
    ) {
      const current = await ownOrder(userId, orderId);
      const open = returnWindowCheck({
        status: current.status,
        deliveredAt: current.deliveredAt,
        now: new Date(),
      });
      if (!open.ok) throw invalid(open.message);
      const plan = planReturn(linesForReturn(current), request.items);
      const declined: DeclinedLine[] = [...plan.declined];
      const itemOf = (line: PlannedReturnLine) =>
        current.items.find((item) => item.id === line.itemId)!;
      // A replacement must be a colour and size the product is still sold in.
      const exchanges = plan.accepted.filter((line) => line.exchangeFor !== null);
      const products =
        exchanges.length > 0
          ? await facts.fresh(exchanges.map((line) => itemOf(line).productId))
          : new Map<string, ProductFacts>();
      const sellable = plan.accepted.filter((line) => {
        if (!line.exchangeFor) return true;
        const item = itemOf(line);
        const product = products.get(item.productId);
        const color = product?.is_active
          ? product.colors.find((c) => sameColorName(c.colorName, line.exchangeFor!.colorName))
          : undefined;
        const size = color?.sizeStock.find((entry) => sameSize(entry.size, line.exchangeFor!.size));
        if (!color || !size) {
          declined.push({
            itemId: item.id,
            productName: item.productName,
            reason: `${item.productName} is not sold in ${line.exchangeFor.colorName}, size ${line.exchangeFor.size.toUpperCase()}`,
          });
          return false;
        }
        line.exchangeFor = { colorName: color.colorName, size: normalizeSize(size.size) };
        return true;
      });
      const recipient = await deps.findUser(current.userId);
      const restocked = await db.transaction(async (tx) => {
        const locked = await repository.lockOrder(tx, orderId);
        const still = locked
          ? returnWindowCheck({
              status: locked.status,
              deliveredAt: locked.deliveredAt,
              now: new Date(),
            })
          : { ok: false as const, message: orderMessages.notFound };
        if (!still.ok) throw invalid(still.message);
        // Replacements take their stock in the order stock rows are locked everywhere.
        const byStockRow = [...sellable].sort((a, b) =>
          byteOrder(
            stockRowKey(itemOf(a).productId, a.exchangeFor),
            stockRowKey(itemOf(b).productId, b.exchangeFor),
          ),
        );
        const accepted: PlannedReturnLine[] = [];
        for (const line of byStockRow) {
          const item = itemOf(line);
          if (
            line.exchangeFor &&
            !(await repository.takeStock(tx, {
              productId: item.productId,
              colorName: line.exchangeFor.colorName,
              size: line.exchangeFor.size,
              quantity: line.quantity,
            }))
          ) {
            declined.push({
              itemId: item.id,
              productName: item.productName,
              reason: `${item.productName} in ${line.exchangeFor.colorName}, size ${line.exchangeFor.size.toUpperCase()} is out of stock`,
            });
            continue;
          }
          accepted.push(line);
        }
        if (accepted.length === 0) {
          throw invalid(
            declined.length === 1
              ? declined[0]!.reason
              : `${returnMessages.nothingToReturn}: ${declined.map((line) => line.reason).join('; ')}`,
          );
        }
        const now = new Date();
        await repository.insertReturnLines(
          tx,
          accepted.map((line) => ({
            orderId,
            orderItemId: line.itemId,
            quantity: line.quantity,
            action: line.action,
            exchangeColorName: line.exchangeFor?.colorName ?? null,
            exchangeSize: line.exchangeFor?.size ?? null,
            requestedAt: now,
          })),
        );
        await repository.updateOrder(tx, orderId, {
          status: 'return_requested' satisfies OrderStatus,
          returnRequestedAt: now,
          returnReason: request.reason,
        });
        const full = (await repository.findById(tx, orderId))!;
        await mailShopper(tx, recipient, full, (to, name, order, url) =>
          returnRequestedMail(to, name, order, url, declined),
        );
        return accepted.filter((line) => line.exchangeFor).map((line) => itemOf(line).productId);
      });
      if (restocked.length > 0) await deps.stockChanged(restocked);
      outbox.deliverSoon();
      return { ...toOrder(await ownOrder(userId, orderId)), declined };
    },

    // ----- the shop's side -----

    async adminList(status: OrderStatus | undefined, pageNumber: number, limit: number) {
      return page(status ? eq(orders.status, status) : undefined, pageNumber, limit);
    },

    /**
     * The shop moves an order on; the table decides what is allowed. The move and its audit
     * entry (status and payment status, before and after) commit together. A cancellation
     * carries the shop's reason, which the shopper reads; a move to shipped may carry the courier
     * and its AWB, stored with it and in its audit entry.
     */
    async adminSetStatus(
      actor: AuditActor & { role: UserRole },
      orderId: string,
      to: OrderStatus,
      reason?: string,
      shipment?: { courier: string; awb: string },
    ) {
      const prepared = await prepareMove(orderId);
      const decidedBy = { role: actor.role, staffLimitPaise: deps.staffRefundLimitPaise };
      const moved = await db.transaction((tx) =>
        moveIn(tx, actor, prepared, to, { decidedBy, reason, shipment }),
      );
      return afterMove(orderId, to, moved);
    },

    /**
     * The same move in a caller's transaction (the courier's worker and webhook move the order
     * with their own rows): read what it needs first, move inside, then the work after commit.
     */
    statusMoves: { prepare: prepareMove, moveIn, after: afterMove },

    // ----- cash on delivery -----

    /** Whether checkout may offer cash on delivery for the shopper's cart at this PIN code. */
    async codOptions(userId: string, pinCode: string) {
      const [terms, takesCash, recentOrders, orderPaise] = await Promise.all([
        deps.cashOnDelivery.terms(),
        deps.cashOnDelivery.takesCashAt(pinCode),
        repository.recentForCod(userId),
        deps.cashOnDelivery.cartTotalPaise(userId),
      ]);
      const decision = codDecision({
        terms,
        orderPaise,
        pinCodeTakesCash: takesCash,
        recentOrders,
      });
      return decision.ok
        ? { available: true, fee: paiseToRupees(decision.feePaise), message: null }
        : { available: false, fee: paiseToRupees(terms.feePaise), message: decision.message };
    },

    /**
     * The shopper confirms her cash-on-delivery order with the mailed code. A wrong code counts
     * (committed before the 400), and after COD_CODE_ATTEMPTS only the shop can confirm it. A
     * repeat after success answers the confirmed order.
     */
    async confirmCashOnDelivery(userId: string, orderId: string, typed: string) {
      const row = await ownOrder(userId, orderId);
      const code = normalizeCodCode(typed);
      const outcome = await confirmCod(row.id, (locked) => {
        if (locked.codCodeAttempts >= COD_CODE_ATTEMPTS) throw conflict(codMessages.codeSpent);
        const expected = Buffer.from(locked.codCodeHash ?? '', 'hex');
        const given = Buffer.from(
          codCodeHash(deps.cashOnDelivery.codeKey, locked.orderNumber, code),
          'hex',
        );
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (outcome === 'wrong') throw invalid(codMessages.codeWrong);
      return toOrder((await repository.findById(db, row.id))!);
    },

    /** The shop confirms a cash-on-delivery order after calling the shopper (audited). */
    async confirmCashOnDeliveryByShop(actor: AuditActor, orderId: string) {
      const row = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
      if (!row) throw notFound(orderMessages.notFound);
      await confirmCod(row.id, () => true, actor);
      return toOrder((await repository.findById(db, row.id))!);
    },

    // ----- sweeps (safe to run twice, and from several processes at once) -----

    /**
     * Cancels unpaid orders past their payment deadline, and cash-on-delivery orders nobody
     * confirmed in time, and releases their stock.
     */
    async expireUnpaid(batch = 20): Promise<number> {
      const restocked: string[] = [];
      const expired = await db.transaction(async (tx) => {
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
      });
      if (expired > 0) await deps.stockChanged(restocked);
      return expired;
    },

    /**
     * Confirms paid orders, and confirmed cash-on-delivery ones, once the two-hour modification
     * window has passed.
     */
    async confirmPaid(batch = 50): Promise<number> {
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
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { CreateOrderInput };
