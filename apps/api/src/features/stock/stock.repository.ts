import { sql, type SQL } from 'drizzle-orm';
import { POPULAR_SOLD_UNITS, POPULAR_WINDOW_DAYS } from '@shop/domain/stock';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { awaitingPaymentSql } from '../../db/order-conditions.ts';

/** A product, colour and size, case aside (as stock rows and movements are matched). */
export interface CellKey {
  colorName: string;
  size: string;
}

export const cellKey = (colorName: string, size: string) =>
  `${colorName.trim().toLowerCase()}\u001f${size.trim().toLowerCase()}`;

export interface GridRow {
  color_name: string;
  color_hex: string;
  size: string | null;
  stock: number | null;
  version: string | number | null;
}

export interface LockedCell {
  id: string;
  color_name: string;
  size: string;
  stock: number;
}

export interface MovementRow {
  id: string | number;
  color_name: string;
  size: string;
  delta: number;
  stock_after: number;
  reason: string;
  note: string;
  actor_email: string | null;
  at: string | Date;
}

export interface LowRow {
  product_id: string;
  product_name: string;
  name_key: string;
  color_name: string;
  color_hex: string;
  size: string;
  stock: number;
  threshold: number;
  sold30: number;
}

/** A size's net units taken by orders over the popular window (sales less units given back). */
const sold30 = (product: SQL, color: SQL, size: SQL) =>
  sql`greatest(0, coalesce((select -sum(m.delta) from stock_movements m
      where m.product_id = ${product} and lower(m.color_name) = lower(${color})
        and lower(m.size) = lower(${size}) and m.reason in ('sale', 'release')
        and m.at > now() - make_interval(days => ${POPULAR_WINDOW_DAYS})), 0))::int`;

/** The statements of the stock desk; the service decides, these read and write. */
/** What the movement trigger records of the next stock changes in a transaction. */
export interface StockChangeDescription {
  reason: string;
  note: string;
  actorId: string | null;
  actorEmail: string;
}

/**
 * Names the next stock changes of this transaction for the movement trigger: the reason, the
 * note and who (transaction-local settings, gone at commit). Without it a change is an order's.
 */
export async function describeStockChange(tx: Executor, change: StockChangeDescription) {
  await tx.execute(
    sql`select set_config('shop.stock_reason', ${change.reason}, true),
          set_config('shop.stock_note', ${change.note}, true),
          set_config('shop.stock_actor_id', ${change.actorId ?? ''}, true),
          set_config('shop.stock_actor_email', ${change.actorEmail}, true)`,
  );
}

export function createStockRepository(db: Database) {
  return {
    async productsPage(query: {
      q: string;
      after: { name: string; id: string } | undefined;
      limit: number;
    }) {
      const where: SQL[] = [sql`true`];
      if (query.q !== '') {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        where.push(sql`p.name ilike ${pattern}`);
      }
      if (query.after) {
        where.push(sql`(lower(p.name), p.id) > (${query.after.name}, ${query.after.id}::uuid)`);
      }
      return queryRows<{
        id: string;
        name: string;
        name_key: string;
        is_active: boolean;
        threshold: number;
        image: string | null;
        units: number;
        low_sizes: number;
      }>(
        db,
        sql`select p.id, p.name, lower(p.name) as name_key, p.is_active,
              p.low_stock_threshold as threshold,
              (select i.url from product_colors c join product_color_images i on i.color_id = c.id
                where c.product_id = p.id order by c.position, i.position limit 1) as image,
              coalesce((select sum(s.stock) from product_colors c
                join product_size_stock s on s.color_id = c.id where c.product_id = p.id), 0)::int as units,
              (select count(*) from product_colors c
                join product_size_stock s on s.color_id = c.id
                where c.product_id = p.id and s.stock <= p.low_stock_threshold)::int as low_sizes
            from products p
            where ${sql.join(where, sql` and `)}
            order by lower(p.name), p.id
            limit ${query.limit + 1}`,
      );
    },

    async product(tx: Executor, productId: string) {
      const [row] = await queryRows<{
        id: string;
        name: string;
        is_active: boolean;
        threshold: number;
      }>(
        tx,
        sql`select id, name, is_active, low_stock_threshold as threshold
            from products where id = ${productId}`,
      );
      return row;
    },

    /**
     * Every colour of a product with its sizes, stock and the id of each size's last movement,
     * read in one statement (one snapshot: the versions belong to the stock beside them).
     */
    async gridRows(tx: Executor, productId: string) {
      return queryRows<GridRow>(
        tx,
        sql`select c.color_name, c.color_hex, s.size, s.stock,
              (select max(m.id) from stock_movements m
                where m.product_id = c.product_id and lower(m.color_name) = lower(c.color_name)
                  and lower(m.size) = lower(s.size)) as version
            from product_colors c
            left join product_size_stock s on s.color_id = c.id
            where c.product_id = ${productId}
            order by c.position, c.color_name, s.position`,
      );
    },

    /** Units held by orders awaiting payment, per colour and size (lower case) of these products. */
    async held(tx: Executor, productIds: string[]) {
      if (productIds.length === 0) return [];
      return queryRows<{ product_id: string; color: string; size: string; units: number }>(
        tx,
        sql`select i.product_id, lower(i.color_name) as color, lower(i.size) as size,
              sum(i.quantity)::int as units
            from orders o join order_items i on i.order_id = o.id
            where ${awaitingPaymentSql('o')}
              and i.product_id in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::uuid)
            group by 1, 2, 3`,
      );
    },

    /**
     * Locks the stock rows of these sizes of a product, in the order every placement locks stock
     * rows (colour, then size, byte-wise, lower case), so an edit and a checkout holding the same
     * rows never wait on each other in a circle.
     */
    async lockCells(tx: Executor, productId: string, cells: CellKey[]) {
      return queryRows<LockedCell>(
        tx,
        sql`select s.id, c.color_name, s.size, s.stock
            from product_size_stock s join product_colors c on c.id = s.color_id
            where c.product_id = ${productId}
              and (lower(c.color_name), lower(s.size)) in (
                select lower(e->>'colorName'), lower(e->>'size')
                from jsonb_array_elements(${JSON.stringify(cells)}::jsonb) e)
            order by lower(c.color_name) collate "C", lower(s.size) collate "C"
            for update of s`,
      );
    },

    /**
     * For sizes read at a movement id (`seen`; null: before any), the net units orders moved
     * since, and how many of the shop's own movements came since. Read under the sizes' locks,
     * so nothing more can join them before the edit is written.
     */
    async movedSince(
      tx: Executor,
      productId: string,
      cells: (CellKey & { seen: number | null })[],
    ) {
      if (cells.length === 0) return [];
      return queryRows<{ color: string; size: string; orders: number; desk: number }>(
        tx,
        sql`select lower(e->>'colorName') as color, lower(e->>'size') as size,
              coalesce(sum(m.delta) filter (where m.reason in ('sale', 'release')), 0)::int as orders,
              count(m.id) filter (where m.reason not in ('sale', 'release'))::int as desk
            from jsonb_array_elements(${JSON.stringify(cells)}::jsonb) e
            join stock_movements m on m.product_id = ${productId}
              and lower(m.color_name) = lower(e->>'colorName') and lower(m.size) = lower(e->>'size')
              and m.id > coalesce((e->>'seen')::bigint, 0)
            group by 1, 2`,
      );
    },

    /**
     * Names the next stock changes of this transaction for the movement trigger: the reason, the
     * note and who (transaction-local settings, gone at commit).
     */
    describeNextChange: describeStockChange,

    async setStock(tx: Executor, stockRowId: string, stock: number) {
      await tx.execute(
        sql`update product_size_stock set stock = ${stock}::int where id = ${stockRowId}`,
      );
    },

    /** Newest first, keyset by id; one size when `cell` is given. */
    async movements(query: {
      productId: string;
      cell: CellKey | undefined;
      before: number | undefined;
      limit: number;
    }) {
      const where: SQL[] = [sql`m.product_id = ${query.productId}`];
      if (query.cell) {
        where.push(
          sql`lower(m.color_name) = lower(${query.cell.colorName}) and lower(m.size) = lower(${query.cell.size})`,
        );
      }
      if (query.before !== undefined) where.push(sql`m.id < ${query.before}`);
      return queryRows<MovementRow>(
        db,
        sql`select m.id, m.color_name, m.size, m.delta, m.stock_after, m.reason, m.note,
              m.actor_email, m.at
            from stock_movements m
            where ${sql.join(where, sql` and `)}
            order by m.id desc
            limit ${query.limit + 1}`,
      );
    },

    async setThreshold(tx: Executor, productId: string, threshold: number) {
      const [row] = await queryRows<{ before: number }>(
        tx,
        sql`update products p set low_stock_threshold = ${threshold}, updated_at = now()
            from (select id, low_stock_threshold from products where id = ${productId} for update) old
            where p.id = old.id
            returning old.low_stock_threshold as before`,
      );
      return row;
    },

    /**
     * Sizes of active products at their threshold or under, fewest units first (keyset: stock,
     * product name, product, colour, size); `popularOnly` keeps those sold out in a popular size.
     */
    async lowSizes(query: {
      popularOnly: boolean;
      after: [number, string, string, string, string] | undefined;
      limit: number;
    }) {
      const where: SQL[] = [sql`true`];
      if (query.after) {
        const [stock, name, id, color, size] = query.after;
        where.push(
          sql`(l.stock, l.name_key, l.product_id, lower(l.color_name), lower(l.size))
            > (${stock}::int, ${name}, ${id}::uuid, ${color}, ${size})`,
        );
      }
      if (query.popularOnly) {
        where.push(sql`l.stock = 0 and l.sold30 >= ${POPULAR_SOLD_UNITS}`);
      }
      return queryRows<LowRow>(
        db,
        sql`select * from (
              select p.id as product_id, p.name as product_name, lower(p.name) as name_key,
                c.color_name, c.color_hex, s.size, s.stock, p.low_stock_threshold as threshold,
                ${sold30(sql`p.id`, sql`c.color_name`, sql`s.size`)} as sold30
              from product_size_stock s
              join product_colors c on c.id = s.color_id
              join products p on p.id = c.product_id and p.is_active
              where s.stock <= p.low_stock_threshold) l
            where ${sql.join(where, sql` and `)}
            order by l.stock, l.name_key, l.product_id, lower(l.color_name), lower(l.size)
            limit ${query.limit + 1}`,
      );
    },

    /**
     * Claims the low-stock mail of `day` (YYYY-MM-DD, in India) for this transaction: answers
     * when the previous day's mail was claimed (the window of this one), or undefined when the
     * day is already claimed, by this process or another.
     */
    async claimMailDay(tx: Executor, day: string) {
      const key = 'stock:low-stock-mail-day';
      await tx.execute(
        sql`insert into shop_state (key, value, updated_at) values (${key}, '', now() - interval '1 day')
            on conflict (key) do nothing`,
      );
      const [row] = await queryRows<{ value: string; updated_at: string | Date }>(
        tx,
        sql`select value, updated_at from shop_state where key = ${key} for update`,
      );
      if (!row || row.value >= day) return undefined;
      await tx.execute(
        sql`update shop_state set value = ${day}, updated_at = now() where key = ${key}`,
      );
      return new Date(row.updated_at);
    },

    /**
     * The movements since `since` that took units from a size of an active product, with the
     * size's stock and threshold now (the service keeps those that crossed the threshold).
     */
    async takenSince(tx: Executor, since: Date) {
      return queryRows<{
        product_id: string;
        product_name: string;
        color_name: string;
        size: string;
        delta: number;
        stock_after: number;
        stock: number;
        threshold: number;
      }>(
        tx,
        sql`select p.id as product_id, p.name as product_name, c.color_name, s.size, m.delta,
              m.stock_after, s.stock, p.low_stock_threshold as threshold
            from stock_movements m
            join products p on p.id = m.product_id and p.is_active
            join product_colors c on c.product_id = p.id and lower(c.color_name) = lower(m.color_name)
            join product_size_stock s on s.color_id = c.id and lower(s.size) = lower(m.size)
            where m.at > ${since.toISOString()}::timestamptz and m.delta < 0
              and s.stock <= p.low_stock_threshold
            order by p.name, p.id, lower(c.color_name), lower(s.size), m.id`,
      );
    },

    async lowCount(tx: Executor) {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from product_size_stock s
            join product_colors c on c.id = s.color_id
            join products p on p.id = c.product_id and p.is_active
            where s.stock <= p.low_stock_threshold`,
      );
      return row?.n ?? 0;
    },

    /** The shop's owners: a stored owner role, or a verified address listed in ADMIN_EMAILS. */
    async owners(tx: Executor, listedOwners: readonly string[]) {
      return queryRows<{ email: string; first_name: string }>(
        tx,
        sql`select email, first_name from users
            where email_verified and (role = 'owner'
              or email in (select jsonb_array_elements_text(${JSON.stringify(listedOwners)}::jsonb)))
            order by email`,
      );
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
