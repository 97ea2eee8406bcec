import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shop/domain/orders';
import { COD_HISTORY_ORDERS, type RecentOrder } from '@shop/domain/cash-on-delivery';
import type { OrderPaymentStatus } from '@shop/domain/payments';
import type { ShipmentState } from '@shop/domain/shipping';
import { awaitingItemsStates } from '@shop/domain/returns';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { fromColumnNames, toColumnNames } from '../../db/json-rows.ts';
import { awaitingPaymentSql } from '../../db/order-conditions.ts';
import {
  itemsJson,
  returnsJson,
  type OrderItemRow,
  type OrderReturnLineView,
  type OrderRow,
  type OrderWithItems,
} from '../../db/order-rows.ts';
import { preparedStatements } from '../../db/prepared.ts';
import type { ChangeNotice } from '../catalogue/catalogue-changes.ts';
import { discountUses, discounts, orderItems, orderReturnLines, orders } from '../../db/schema.ts';

const AWAITING_PAYMENT = awaitingPaymentSql();

const COD_PENDING: OrderPaymentStatus = 'cod_pending';
/** A cash-on-delivery order neither the shopper nor the shop has confirmed yet. */
const AWAITING_COD_CONFIRMATION = sql`(status = ${'pending' satisfies OrderStatus}
  and payment_status = ${COD_PENDING} and cod_confirmed_at is null)`;
/** A parcel in these states is coming or came back undelivered. */
const PARCEL_CAME_BACK: readonly ShipmentState[] = ['rto_initiated', 'rto_delivered'];

export type { OrderRow, OrderWithItems };
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type NewReturnLine = typeof orderReturnLines.$inferInsert;
export type ReturnLineRow = typeof orderReturnLines.$inferSelect;

/** An order line with what decides whether its buyer may review it. */
export interface ReviewLineFacts {
  orderItemId: string;
  orderId: string;
  orderNumber: string;
  productId: string;
  userId: string;
  size: string;
  colorName: string;
  orderStatus: OrderStatus;
  deliveredAt: Date | null;
  paidAt: Date | null;
  codConfirmedAt: Date | null;
}

/** A delivered order and whom its mails go to. */
export interface DeliveredOrder {
  orderId: string;
  userId: string;
  orderNumber: string;
  /** As PostgreSQL writes the time (to the microsecond), so it can be a keyset cursor. */
  deliveredAt: string;
  email: string;
  firstName: string;
}

/** An order priced by the application, to be placed in the caller's transaction. */
export interface PlacedOrder {
  order: NewOrder;
  items: NewOrderItem[];
  /** The discounts the order was priced with (locked by the caller): their uses are counted. */
  discountIds: string[];
  /** Sent to other server processes when the order commits (see CatalogueChanges). */
  notice?: ChangeNotice | undefined;
}

/** The shopper's cart as an order is placed from it, its row locked until the transaction ends. */
export interface CartForOrder {
  cartId: string;
  discountIds: string[];
  /** Lines in the order they were added. */
  lines: { productId: string; colorName: string; size: string; quantity: number }[];
}

/** One stock row a line draws on: product, colour (any case) and size (any case). */
export interface StockLine {
  productId: string;
  colorName: string;
  size: string;
  quantity: number;
}

/**
 * An order as a database function answers it (`to_jsonb` of its row and of each line): a new
 * order, with no return lines yet.
 */
export function orderFromJson(order: unknown, items: unknown[]): OrderWithItems {
  return {
    ...fromColumnNames(orders, order),
    items: items.map((item) => fromColumnNames(orderItems, item)),
    returns: [],
  };
}

/** An order and its lines keyed by column name, as `to_jsonb` gives them (`orderFromJson`). */
export function orderAsJson(row: OrderWithItems): { order: unknown; items: unknown[] } {
  const { items, returns: _returns, ...order } = row;
  return {
    order: toColumnNames(orders, order),
    items: items.map((item) => toColumnNames(orderItems, item)),
  };
}

interface CartForOrderRow {
  id: string;
  coupon: string | null;
  voucher: string | null;
  lines: CartForOrder['lines'];
}

/** The shopper's cart with its discounts and lines (in the order added), as `c`. */
function cartForOrderSelect(userId: string) {
  return sql`select c.id, c.applied_coupon_id as coupon, c.applied_voucher_id as voucher,
      coalesce((select json_agg(json_build_object(
        'productId', i.product_id, 'colorName', i.color_name, 'size', i.size,
        'quantity', i.quantity) order by i.added_at, i.id)
      from cart_items i where i.cart_id = c.id), '[]'::json) as lines
    from carts c where c.user_id = ${userId}`;
}

function cartForOrder(row: CartForOrderRow): CartForOrder {
  return {
    cartId: row.id,
    // One code may sit in both slots (a coupon made a voucher and applied again): it counts once.
    discountIds: [...new Set([row.coupon, row.voucher].filter((id): id is string => id !== null))],
    lines: row.lines,
  };
}

export function createOrdersRepository(db: Database) {
  // The statements of every placement, parsed and planned once (see prepared.ts).
  const prepared = preparedStatements(db);
  async function withItems(
    tx: Executor,
    where: SQL | undefined,
    options: { limit?: number; offset?: number } = {},
  ) {
    const query = tx
      .select({ order: orders, items: itemsJson, returns: returnsJson })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id));
    const rows = await (options.limit !== undefined
      ? query.limit(options.limit).offset(options.offset ?? 0)
      : query);
    return rows.map(({ order, items, returns }): OrderWithItems => ({ ...order, items, returns }));
  }
  // The reads every order and payment call makes, prepared once: they skip query building.
  const byIdQuery = db
    .select({ order: orders, items: itemsJson, returns: returnsJson })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_by_id');
  const forUserQuery = db
    .select({ order: orders, items: itemsJson, returns: returnsJson })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('order_for_user');
  const withItemsOf = (
    rows: { order: OrderRow; items: OrderItemRow[]; returns: OrderReturnLineView[] }[],
  ) => rows.map(({ order, items, returns }): OrderWithItems => ({ ...order, items, returns }))[0];

  return {
    withItems,

    /** Outside a transaction (`tx` is the database) the prepared read answers. */
    async findForUser(tx: Executor, userId: string, orderId: string) {
      if (tx === db) return withItemsOf(await forUserQuery.execute({ id: orderId, userId }));
      const [row] = await withItems(tx, and(eq(orders.id, orderId), eq(orders.userId, userId)));
      return row;
    },

    async findById(tx: Executor, orderId: string) {
      if (tx === db) return withItemsOf(await byIdQuery.execute({ id: orderId }));
      const [row] = await withItems(tx, eq(orders.id, orderId));
      return row;
    },

    async findByIdempotencyKey(userId: string, key: string) {
      const [row] = await withItems(
        db,
        and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)),
      );
      return row;
    },

    async countWhere(where: SQL | undefined): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(where);
      return row?.n ?? 0;
    },

    /**
     * Takes a line's units from its stock row when the product is on sale and the row holds
     * them; answers the product's price now (for the caller to compare with the price the line
     * was priced at), or undefined when the row is short, gone or the product is off sale.
     */
    async takeLineStock(tx: Executor, line: StockLine): Promise<number | undefined> {
      const [row] = await prepared.rows<{ price_paise: number }>(
        tx,
        'take_line_stock',
        sql`update product_size_stock s set stock = s.stock - ${line.quantity}::int
            from product_colors c, products p
            where s.color_id = c.id and c.product_id = p.id and p.id = ${line.productId}
              and p.is_active
              and lower(c.color_name) = lower(${line.colorName}) and lower(s.size) = lower(${line.size})
              and s.stock >= ${line.quantity}::int
            returning p.price_paise`,
      );
      return row?.price_paise;
    },

    /** Inserts an order and its lines (by position); answers them as stored. */
    async insertOrder(
      tx: Executor,
      order: NewOrder,
      items: NewOrderItem[],
    ): Promise<OrderWithItems> {
      const [stored] = await prepared.rows<Record<string, unknown>>(
        tx,
        'insert_order',
        tx.insert(orders).values(order).returning(),
      );
      const row = fromColumnNames(orders, stored);
      const lines = await prepared.rows<Record<string, unknown>>(
        tx,
        'insert_order_items',
        tx
          .insert(orderItems)
          .values(items.map((item) => ({ ...item, orderId: row.id })))
          .returning(),
      );
      return {
        ...row,
        items: lines
          .map((line) => fromColumnNames(orderItems, line))
          .sort((a, b) => a.position - b.position),
        returns: [],
      };
    },

    /** Counts one use of each discount by this order (the discounts are locked by the caller). */
    async countDiscountUses(tx: Executor, orderId: string, userId: string, discountIds: string[]) {
      if (discountIds.length === 0) return;
      await tx
        .insert(discountUses)
        .values(discountIds.map((discountId) => ({ discountId, userId, orderId })));
      await tx
        .update(discounts)
        .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
        .where(inArray(discounts.id, discountIds));
    },

    /** Sends a change notice to the other server processes when the transaction commits. */
    async notifyOnCommit(tx: Executor, notice: ChangeNotice | undefined) {
      if (notice) await tx.execute(sql`select pg_notify(${notice.channel}, ${notice.payload})`);
    },

    /**
     * Locks the shopper's cart row (placements from one cart take turns) and answers its lines
     * and applied discounts; undefined when she has no cart.
     */
    async lockCartForOrder(tx: Executor, userId: string): Promise<CartForOrder | undefined> {
      const [row] = await prepared.rows<CartForOrderRow>(
        tx,
        'lock_cart_for_order',
        sql`${cartForOrderSelect(userId)} for update of c`,
      );
      return row && cartForOrder(row);
    },

    /** The shopper's orders still awaiting payment, locked (at most one, by the placing rule). */
    async lockOpenUnpaid(tx: Executor, userId: string) {
      return prepared.rows<{ id: string }>(
        tx,
        'lock_open_unpaid',
        sql`select id from orders
            where user_id = ${userId} and ${AWAITING_PAYMENT}
            order by id
            for update`,
      );
    },

    /**
     * Locks the discounts an order is priced with, in id order, so their uses count one by one;
     * their rules are then read under the lock (the discounts' `readingsFor`).
     */
    async lockDiscounts(tx: Executor, discountIds: string[]) {
      if (discountIds.length === 0) return [];
      return tx
        .select()
        .from(discounts)
        .where(inArray(discounts.id, discountIds))
        .orderBy(discounts.id)
        .for('update');
    },

    async returnStock(tx: Executor, line: StockLine) {
      await tx.execute(
        sql`update product_size_stock s set stock = s.stock + ${line.quantity}::int
            from product_colors c
            where s.color_id = c.id and c.product_id = ${line.productId}
              and lower(c.color_name) = lower(${line.colorName}) and lower(s.size) = lower(${line.size})`,
      );
    },

    /**
     * Takes units of one stock row if it holds them (an exchange's replacement): true when
     * taken, false when the row is short or does not exist.
     */
    async takeStock(tx: Executor, line: StockLine): Promise<boolean> {
      const taken = await queryRows<{ stock: number }>(
        tx,
        sql`update product_size_stock s set stock = s.stock - ${line.quantity}::int
            from product_colors c
            where s.color_id = c.id and c.product_id = ${line.productId}
              and lower(c.color_name) = lower(${line.colorName}) and lower(s.size) = lower(${line.size})
              and s.stock >= ${line.quantity}::int
            returning s.stock`,
      );
      return taken.length > 0;
    },

    async insertReturnLines(tx: Executor, lines: NewReturnLine[]) {
      if (lines.length === 0) return [];
      return tx.insert(orderReturnLines).values(lines).returning();
    },

    /** An order's return lines whose items the shop does not have yet, locked for its decision. */
    async lockAwaitingReturnLines(tx: Executor, orderId: string) {
      return tx
        .select()
        .from(orderReturnLines)
        .where(
          and(
            eq(orderReturnLines.orderId, orderId),
            inArray(orderReturnLines.state, [...awaitingItemsStates]),
          ),
        )
        .orderBy(orderReturnLines.requestedAt, orderReturnLines.id)
        .for('update');
    },

    async updateReturnLine(tx: Executor, id: string, changes: Partial<NewReturnLine>) {
      await tx
        .update(orderReturnLines)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(orderReturnLines.id, id));
    },

    /** Stock of a line of an active product; undefined when the product is gone or inactive. */
    async stockOf(line: Omit<StockLine, 'quantity'>): Promise<number | undefined> {
      const rows = await queryRows<{ stock: number }>(
        db,
        sql`select s.stock from product_size_stock s
            join product_colors c on c.id = s.color_id
            join products p on p.id = c.product_id and p.is_active
            where c.product_id = ${line.productId} and lower(c.color_name) = lower(${line.colorName})
              and lower(s.size) = lower(${line.size})`,
      );
      return rows[0]?.stock;
    },

    /**
     * Orders that never went through give their discount uses back. Each discount is counted
     * down once, in id order, as placing an order locks them.
     */
    async releaseDiscountUses(tx: Executor, orderIds: string[]) {
      const released = await tx
        .delete(discountUses)
        .where(inArray(discountUses.orderId, orderIds))
        .returning({ discountId: discountUses.discountId });
      const uses = new Map<string, number>();
      for (const { discountId } of released) uses.set(discountId, (uses.get(discountId) ?? 0) + 1);
      for (const discountId of [...uses.keys()].sort()) {
        await tx
          .update(discounts)
          .set({ timesUsed: sql`greatest(${discounts.timesUsed} - ${uses.get(discountId)!}, 0)` })
          .where(eq(discounts.id, discountId));
      }
    },

    /** The order, locked for the rest of the transaction (concurrent changes wait their turn). */
    async lockOrder(tx: Executor, orderId: string) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    async updateOrder(tx: Executor, orderId: string, changes: Partial<NewOrder>) {
      const [row] = await tx
        .update(orders)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      return row!;
    },

    /**
     * The lines of these orders, in the order stock rows are locked everywhere (product, then
     * colour and size byte-wise, as placing an order takes them): returning their stock in this order cannot
     * meet a placement holding the same rows the other way round.
     */
    async itemsOf(tx: Executor, orderIds: string[]) {
      return tx
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(
          orderItems.productId,
          sql`lower(${orderItems.colorName}) collate "C"`,
          sql`lower(${orderItems.size}) collate "C"`,
        );
    },

    /**
     * Claims unpaid orders past their payment deadline, and cash-on-delivery orders past their
     * deadline to be confirmed. SKIP LOCKED lets several server
     * processes sweep at once without taking the same order twice.
     */
    async claimOverdueUnpaid(tx: Executor, limit: number) {
      return queryRows<{ id: string; payment_method: string }>(
        tx,
        sql`select id, payment_method from orders
            where (${AWAITING_PAYMENT} or ${AWAITING_COD_CONFIRMATION}) and payment_due_at < now()
            order by payment_due_at limit ${limit}
            for update skip locked`,
      );
    },

    /**
     * Paid orders, and cash-on-delivery orders the shopper confirmed, whose modification window
     * has passed, claimed the same way.
     */
    async claimPaidToConfirm(tx: Executor, paidBefore: Date, limit: number) {
      const before = paidBefore.toISOString();
      return queryRows<{ id: string }>(
        tx,
        sql`select id from orders
            where status = 'pending'
              and ((payment_status = 'paid' and paid_at < ${before}::timestamptz)
                or (payment_status = ${COD_PENDING} and cod_confirmed_at < ${before}::timestamptz))
            order by coalesce(paid_at, cod_confirmed_at) limit ${limit}
            for update skip locked`,
      );
    },

    /**
     * A shopper's latest orders as the cash-on-delivery rule reads them, newest first: how each
     * was paid, whether it was cancelled, and whether its parcel came back to the shop.
     */
    async recentForCod(userId: string): Promise<RecentOrder[]> {
      const rows = await queryRows<{
        payment_method: string;
        status: string;
        refused: boolean;
      }>(
        db,
        sql`select o.payment_method, o.status,
              exists (select 1 from shipments s where s.order_id = o.id
                and s.state = any(${`{${PARCEL_CAME_BACK.join(',')}}`}::text[])) as refused
            from orders o where o.user_id = ${userId}
            order by o.created_at desc limit ${COD_HISTORY_ORDERS}`,
      );
      return rows.map((row) => ({
        paymentMethod: row.payment_method,
        cancelled: row.status === ('cancelled' satisfies OrderStatus),
        refusedAtDoor: row.refused,
      }));
    },

    /**
     * What an order bought leaves its shopper's cart, whichever tab or device it was paid from:
     * each product, colour and size (in any case) loses the units ordered, and a line with no
     * units left goes; lines added since stay. The lines that go are deleted first, so a line
     * lowered here is never looked at twice. (A cash-on-delivery order's leave as it is placed,
     * a paid order's as it is settled.)
     */
    async linesLeaveCart(tx: Executor, orderId: string, userId: string) {
      const ordered = sql`select i.product_id, lower(i.color_name) as color, lower(i.size) as size,
            sum(i.quantity)::int as units
          from order_items i where i.order_id = ${orderId} group by 1, 2, 3`;
      await prepared.rows(
        tx,
        'ordered_lines_leave_cart',
        sql`with ordered as (${ordered})
            delete from cart_items i using ordered o, carts c
            where c.user_id = ${userId} and i.cart_id = c.id and i.product_id = o.product_id
              and lower(i.color_name) = o.color and lower(i.size) = o.size
              and i.quantity <= o.units`,
      );
      await prepared.rows(
        tx,
        'ordered_lines_lower_cart',
        sql`with ordered as (${ordered})
            update cart_items i set quantity = i.quantity - o.units
            from ordered o, carts c
            where c.user_id = ${userId} and i.cart_id = c.id and i.product_id = o.product_id
              and lower(i.color_name) = o.color and lower(i.size) = o.size
              and i.quantity > o.units`,
      );
    },

    /**
     * The shopper's lines of a product (or one line), with their order's delivery and payment
     * facts: what the reviews feature judges eligibility by (the rule is the domain's).
     */
    async linesForReview(
      userId: string,
      filter: { productId?: string; orderItemId?: string },
    ): Promise<ReviewLineFacts[]> {
      const rows = await queryRows<ReviewLineFacts>(
        db,
        sql`select i.id as "orderItemId", o.id as "orderId", o.order_number as "orderNumber",
                   i.product_id as "productId", o.user_id as "userId", i.size,
                   i.color_name as "colorName", o.status as "orderStatus",
                   o.delivered_at as "deliveredAt", o.paid_at as "paidAt",
                   o.cod_confirmed_at as "codConfirmedAt"
            from order_items i join orders o on o.id = i.order_id
            where o.user_id = ${userId}
              ${filter.productId ? sql`and i.product_id = ${filter.productId}` : sql``}
              ${filter.orderItemId ? sql`and i.id = ${filter.orderItemId}` : sql``}
            order by o.created_at desc, i.position`,
      );
      return rows.map((row) => ({
        ...row,
        deliveredAt: row.deliveredAt && new Date(row.deliveredAt),
        paidAt: row.paidAt && new Date(row.paidAt),
        codConfirmedAt: row.codConfirmedAt && new Date(row.codConfirmedAt),
      }));
    },

    /**
     * Orders still delivered (no return asked) whose delivery fell in [from, to], after `after`
     * by (delivered_at, id), with whom their mails go to: the review request sweep's candidates.
     */
    async deliveredBetween(
      from: Date,
      to: Date,
      after: { at: string; id: string } | null,
      limit: number,
    ): Promise<DeliveredOrder[]> {
      return queryRows<DeliveredOrder>(
        db,
        sql`select o.id as "orderId", o.user_id as "userId", o.order_number as "orderNumber",
                   o.delivered_at::text as "deliveredAt", u.email, u.first_name as "firstName"
            from orders o join users u on u.id = o.user_id
            where o.status = ${'delivered' satisfies OrderStatus}
              and o.delivered_at >= ${from.toISOString()}::timestamptz
              and o.delivered_at <= ${to.toISOString()}::timestamptz
              ${after ? sql`and (o.delivered_at, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
            order by o.delivered_at, o.id
            limit ${limit}`,
      );
    },

    /** Whom an order's mails go to, read in the caller's transaction. */
    async recipientOf(
      tx: Executor,
      userId: string,
    ): Promise<{ email: string; firstName: string } | undefined> {
      const [row] = await prepared.rows<{ email: string; first_name: string }>(
        tx,
        'order_recipient',
        sql`select email, first_name from users where id = ${userId}`,
      );
      return row && { email: row.email, firstName: row.first_name };
    },

    async statsFor(userId: string) {
      return queryRows<{ status: string; count: number; spent: number }>(
        db,
        sql`select status, count(*)::int as count,
                   coalesce(sum(total_paise) filter (where payment_status = 'paid'), 0)::int as spent
            from orders where user_id = ${userId} group by status`,
      );
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
