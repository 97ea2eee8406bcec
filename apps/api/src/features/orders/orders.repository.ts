import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { discountUses, discounts, orderItems, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

/** One stock row a line draws on: product, colour (any case) and size (any case). */
export interface StockLine {
  productId: string;
  colorName: string;
  size: string;
  quantity: number;
}

const itemsJson = sql<Omit<OrderItemRow, never>[]>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'orderId', i.order_id, 'productId', i.product_id, 'productName', i.product_name,
    'productImage', i.product_image, 'colorName', i.color_name, 'colorHex', i.color_hex,
    'size', i.size, 'quantity', i.quantity, 'pricePaise', i.price_paise,
    'itemTotalPaise', i.item_total_paise, 'categorySlug', i.category_slug,
    'subcategorySlug', i.subcategory_slug, 'position', i.position
  ) order by i.position)
  from order_items i where i.order_id = "orders"."id"), '[]'::json)`;

export function createOrdersRepository(db: Database) {
  async function withItems(
    where: SQL | undefined,
    options: { limit?: number; offset?: number } = {},
    tx: Executor = db,
  ) {
    const query = tx
      .select({ order: orders, items: itemsJson })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id));
    const rows = await (options.limit !== undefined
      ? query.limit(options.limit).offset(options.offset ?? 0)
      : query);
    return rows.map(({ order, items }): OrderWithItems => ({ ...order, items }));
  }

  return {
    withItems,

    async findForUser(userId: string, orderId: string, tx: Executor = db) {
      const [row] = await withItems(and(eq(orders.id, orderId), eq(orders.userId, userId)), {}, tx);
      return row;
    },

    /** The order row alone (no items), only if it is the user's. */
    async findRowForUser(userId: string, orderId: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      return row;
    },

    async findById(orderId: string, tx: Executor = db) {
      const [row] = await withItems(eq(orders.id, orderId), {}, tx);
      return row;
    },

    async findByIdempotencyKey(userId: string, key: string) {
      const [row] = await withItems(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row;
    },

    async countWhere(where: SQL | undefined): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(where);
      return row?.n ?? 0;
    },

    async insertOrder(
      tx: Executor,
      order: NewOrder,
      items: NewOrderItem[],
    ): Promise<OrderWithItems> {
      const [row] = await tx.insert(orders).values(order).returning();
      const inserted = await tx
        .insert(orderItems)
        .values(items.map((item) => ({ ...item, orderId: row!.id })))
        .returning();
      return { ...row!, items: inserted.sort((a, b) => a.position - b.position) };
    },

    /**
     * Takes `quantity` from one stock row of an active product, only if that many are there: the
     * check and the write are one statement, so concurrent orders can never take stock below
     * zero. Answers the product's price at that moment (the price the order is charged), or
     * undefined when the stock is short or the product inactive.
     */
    async takeStock(tx: Executor, line: StockLine): Promise<number | undefined> {
      const rows = await queryRows<{ price_paise: number }>(
        tx,
        sql`update product_size_stock s set stock = s.stock - ${line.quantity}::int
            from product_colors c, products p
            where s.color_id = c.id and c.product_id = p.id and p.id = ${line.productId} and p.is_active
              and lower(c.color_name) = lower(${line.colorName}) and lower(s.size) = lower(${line.size})
              and s.stock >= ${line.quantity}::int
            returning p.price_paise`,
      );
      return rows[0]?.price_paise;
    },

    async returnStock(tx: Executor, line: StockLine) {
      await tx.execute(
        sql`update product_size_stock s set stock = s.stock + ${line.quantity}::int
            from product_colors c
            where s.color_id = c.id and c.product_id = ${line.productId}
              and lower(c.color_name) = lower(${line.colorName}) and lower(s.size) = lower(${line.size})`,
      );
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

    /** Locks a discount row so concurrent orders with it count its uses one at a time. */
    async lockDiscount(tx: Executor, discountId: string) {
      const [row] = await tx
        .select()
        .from(discounts)
        .where(eq(discounts.id, discountId))
        .for('update');
      return row;
    },

    async discountUsesOf(tx: Executor, discountId: string, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(discountUses)
        .where(and(eq(discountUses.discountId, discountId), eq(discountUses.userId, userId)));
      return row?.n ?? 0;
    },

    async recordDiscountUse(tx: Executor, discountId: string, userId: string, orderId: string) {
      await tx.insert(discountUses).values({ discountId, userId, orderId });
      await tx
        .update(discounts)
        .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
        .where(eq(discounts.id, discountId));
    },

    /** An order that never went through gives its discount use back. */
    async releaseDiscountUse(tx: Executor, orderId: string) {
      const released = await tx
        .delete(discountUses)
        .where(eq(discountUses.orderId, orderId))
        .returning({ discountId: discountUses.discountId });
      for (const { discountId } of released) {
        await tx
          .update(discounts)
          .set({ timesUsed: sql`greatest(${discounts.timesUsed} - 1, 0)` })
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

    async itemsOf(tx: Executor, orderId: string) {
      return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    },

    /**
     * Claims unpaid orders past their payment deadline. SKIP LOCKED lets several server
     * processes sweep at once without taking the same order twice.
     */
    async claimOverdueUnpaid(tx: Executor, limit: number) {
      return queryRows<{ id: string }>(
        tx,
        sql`select id from orders
            where status = 'pending' and payment_status <> 'paid' and payment_due_at < now()
            order by payment_due_at limit ${limit}
            for update skip locked`,
      );
    },

    /** Paid orders whose modification window has passed, claimed the same way. */
    async claimPaidToConfirm(tx: Executor, paidBefore: Date, limit: number) {
      return queryRows<{ id: string }>(
        tx,
        sql`select id from orders
            where status = 'pending' and payment_status = 'paid' and paid_at < ${paidBefore.toISOString()}::timestamptz
            order by paid_at limit ${limit}
            for update skip locked`,
      );
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
