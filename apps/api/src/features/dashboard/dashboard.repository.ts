import { sql, type SQL } from 'drizzle-orm';
import { CASH_ON_DELIVERY } from '@shop/domain/cash-on-delivery';
import type { SalesDay } from '@shop/domain/dashboard';
import { dispatchPaymentStatuses, dispatchStatuses } from '@shop/domain/dispatch';
import type { OrderStatus } from '@shop/domain/orders';
import type { OrderPaymentStatus, RefundState } from '@shop/domain/payments';
import type { ReturnLineState } from '@shop/domain/returns';
import type { Database } from '../../db/client.ts';
import { paidOrderSql } from '../../db/order-conditions.ts';
import { preparedStatements } from '../../db/prepared.ts';

/** Changes taken by one rollup run at most (each names a day; a run recomputes their days). */
const CHANGES_PER_RUN = 5_000;
/** A refund in this state gave nothing back (and is for a person to settle). */
const FAILED_FOR_GOOD: RefundState = 'failed';
const NOT_REFUNDED = FAILED_FOR_GOOD;
const IN_REVIEW: OrderPaymentStatus = 'payment_review';
const DECLINED: ReturnLineState = 'declined';
const CANCELLED: OrderStatus = 'cancelled';

/** A day in India as a range of instants, for the orders placed on `day` (a `date` column). */
const placedOn = (day: SQL) =>
  sql`o.created_at >= (${day}::timestamp at time zone 'Asia/Kolkata')
      and o.created_at < ((${day} + 1)::timestamp at time zone 'Asia/Kolkata')`;

/**
 * Writes one day's rollup rows (`sales_days`, `sales_day_products`, `sales_day_sizes`) from its
 * orders, in one statement; the day's old rows are deleted first. A day without a paid order gets
 * no row.
 */
const recomputeDay = (day: string) => sql`
  with placed as materialized (
    select o.id, o.total_paise, o.payment_method, o.status, o.paid_at from orders o
    where ${placedOn(sql`${day}::date`)}
      -- Paid, or cash on delivery the shopper confirmed (its money counts once collected).
      and ${paidOrderSql('o')}),
  figures as (
    insert into sales_days (day, orders, paid_paise, refunded_paise, prepaid, cod, cancelled,
      returned)
    select ${day}::date, count(*)::int,
      coalesce(sum(p.total_paise) filter (where p.paid_at is not null), 0),
      coalesce(sum((select coalesce(sum(r.amount_paise), 0) from refunds r
        where r.order_id = p.id and r.state <> ${NOT_REFUNDED})), 0),
      count(*) filter (where p.payment_method <> ${CASH_ON_DELIVERY})::int,
      count(*) filter (where p.payment_method = ${CASH_ON_DELIVERY})::int,
      count(*) filter (where p.status = ${CANCELLED})::int,
      count(*) filter (where exists (select 1 from order_return_lines l
        where l.order_id = p.id and l.state <> ${DECLINED}))::int
    from placed p
    having count(*) > 0),
  lines as materialized (
    select i.product_id, i.product_name, i.category_slug, lower(i.size) as size, i.quantity,
      i.item_total_paise
    from placed p join order_items i on i.order_id = p.id
    where p.status <> ${CANCELLED}),
  products as (
    insert into sales_day_products (day, product_id, product_name, units, revenue_paise)
    select ${day}::date, product_id, max(product_name), sum(quantity)::int, sum(item_total_paise)
    from lines group by product_id)
  insert into sales_day_sizes (day, category_slug, size, units)
  select ${day}::date, category_slug, size, sum(quantity)::int from lines
  group by category_slug, size`;

/** A range's figures, as one row of JSON lists (see `range`). */
interface RangeRow {
  days: [string, number, number, number, number, number, number, number][];
  computed_at: string | Date | null;
  products: { product_id: string; name: string; units: number; revenue_paise: number }[];
  sizes: { category_slug: string; size: string; units: number }[];
}

interface LiveRow {
  low_stock: number;
  in_review: number;
  failed_refunds: number;
  awaiting: number;
  oldest_placed_at: string | Date | null;
  category_stock: { size: string; units: number }[];
}

/**
 * The dashboard's rollups (`sales_days`, `sales_day_products`, `sales_day_sizes`) and the few live
 * counts it shows. A trigger records each change to an order, refund or return line as a
 * `sales_changes` row in the changing transaction; `refresh` takes the committed ones and
 * recomputes their days. A visit reads two statements, run at once and prepared once per
 * connection: the range's figures, and what is true now.
 */
export function createDashboardRepository(db: Database) {
  const statements = preparedStatements(db);
  return {
    async refresh(): Promise<number> {
      // Run first by every visit, mostly finding nothing: prepared once per connection.
      const taken = await preparedStatements(db).rows<{ day: string }>(
        db,
        'dashboard_take_changes',
        sql`delete from sales_changes where id in (
              select id from sales_changes order by id limit ${CHANGES_PER_RUN}
              for update skip locked)
            returning day::text`,
      );
      const days = [...new Set(taken.map((row) => row.day))];
      if (days.length === 0) return 0;
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sales_rollups'))`);
          const dayList = sql`${`{${days.join(',')}}`}::date[]`;
          await tx.execute(sql`delete from sales_days where day = any(${dayList})`);
          await tx.execute(sql`delete from sales_day_products where day = any(${dayList})`);
          await tx.execute(sql`delete from sales_day_sizes where day = any(${dayList})`);
          // One statement per day, its bounds constants the planner sees: it then reads the day's
          // orders through orders_created_idx. A join over a list of days hid the bounds, so the
          // planner guessed a ninth of all orders, compiled the statement (JIT, ≈ 0.7 s) and
          // scanned every order for the lines (≈ 1.3 s for one day at 1,000,000 orders).
          for (const day of days.sort()) await tx.execute(recomputeDay(day));
        });
      } catch (error) {
        // The days are owed still: marked again for the next run.
        await db
          .execute(
            sql`insert into sales_changes (day) select unnest(${`{${days.join(',')}}`}::date[])`,
          )
          .catch(() => undefined);
        throw error;
      }
      return days.length;
    },

    /**
     * A range's days (oldest first), the oldest time one of them was computed, its `top` products
     * by units then takings, and the units of each category's sizes: one statement, a few
     * thousand rollup rows summed for a 90-day range, a few hundred returned at most.
     */
    async range(from: string, to: string, top: number) {
      const inRange = sql`day between ${from}::date and ${to}::date`;
      const [row] = await statements.rows<RangeRow>(
        db,
        'dashboard_range',
        sql`select
              (select coalesce(json_agg(json_build_array(day::text, orders, paid_paise,
                 refunded_paise, prepaid, cod, cancelled, returned) order by day), '[]')
               from sales_days where ${inRange}) as days,
              (select min(refreshed_at) from sales_days where ${inRange}) as computed_at,
              (select coalesce(json_agg(p), '[]') from (
                 select product_id, max(product_name) as name, sum(units)::int as units,
                   sum(revenue_paise)::bigint as revenue_paise
                 from sales_day_products where ${inRange} group by product_id
                 order by units desc, revenue_paise desc, product_id limit ${top}) p) as products,
              (select coalesce(json_agg(s), '[]') from (
                 select category_slug, size, sum(units)::int as units
                 from sales_day_sizes where ${inRange} group by category_slug, size) s) as sizes`,
      );
      const days: SalesDay[] = row!.days.map(
        ([day, orders, paidPaise, refundedPaise, prepaid, cod, cancelled, returned]) => ({
          day,
          orders,
          paidPaise: Number(paidPaise),
          refundedPaise: Number(refundedPaise),
          prepaid,
          cod,
          cancelled,
          returned,
        }),
      );
      return {
        days,
        computedAt: row!.computed_at ? new Date(row!.computed_at) : null,
        topProducts: row!.products.map((product) => ({
          productId: product.product_id,
          name: product.name,
          units: product.units,
          revenuePaise: Number(product.revenue_paise),
        })),
        sizes: row!.sizes.map((size) => ({
          categorySlug: size.category_slug,
          size: size.size,
          units: size.units,
        })),
      };
    },

    /**
     * What needs a person today, each a small count read through a partial index (never a scan
     * of the orders), and the units in stock now per size of a category's active products.
     */
    async live(categorySlug: string) {
      // The dispatch queue's rule: paid or confirmed cash on delivery, and confirmed or being
      // packed (orders_dispatch_idx).
      const readyToPack = sql`status = any(${`{${dispatchStatuses.join(',')}}`}::text[])
        and payment_status = any(${`{${dispatchPaymentStatuses.join(',')}}`}::text[])`;
      const [row] = await statements.rows<LiveRow>(
        db,
        'dashboard_live',
        sql`select
              (select count(*)::int from product_size_stock s
                 join product_colors c on c.id = s.color_id
                 join products p on p.id = c.product_id and p.is_active
               -- Each product's own threshold, as the stock desk's low-stock list counts.
               where s.stock <= p.low_stock_threshold) as low_stock,
              (select count(*)::int from orders where payment_status = ${IN_REVIEW}) as in_review,
              (select count(*)::int from refunds where state = ${FAILED_FOR_GOOD})
                as failed_refunds,
              (select count(*)::int from orders where ${readyToPack}) as awaiting,
              (select min(created_at) from orders where ${readyToPack}) as oldest_placed_at,
              (select coalesce(json_agg(b), '[]') from (
                 select lower(s.size) as size, sum(s.stock)::int as units
                 from product_size_stock s
                 join product_colors c on c.id = s.color_id
                 join products p on p.id = c.product_id and p.is_active
                 join categories cat on cat.id = p.category_id and cat.slug = ${categorySlug}
                 group by lower(s.size)) b) as category_stock`,
      );
      return {
        lowStock: row!.low_stock,
        paymentsInReview: row!.in_review,
        failedRefunds: row!.failed_refunds,
        awaitingDispatch: row!.awaiting,
        oldestPlacedAt: row!.oldest_placed_at ? new Date(row!.oldest_placed_at) : null,
        stockBySize: new Map(row!.category_stock.map((size) => [size.size, size.units])),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
