import { sql } from 'drizzle-orm';
import type { SalesDay } from '@shop/domain/dashboard';
import { dispatchPaymentStatus, dispatchStatuses } from '@shop/domain/dispatch';
import type { OrderStatus } from '@shop/domain/orders';
import type { OrderPaymentStatus, RefundState } from '@shop/domain/payments';
import type { ReturnLineState } from '@shop/domain/returns';
import { queryRows, type Database } from '../../db/client.ts';

/** Changes taken by one rollup run at most (each names a day; a run recomputes their days). */
const CHANGES_PER_RUN = 5_000;
/** A refund in this state gave nothing back (and is for a person to settle). */
const FAILED_FOR_GOOD: RefundState = 'failed';
const NOT_REFUNDED = FAILED_FOR_GOOD;
const IN_REVIEW: OrderPaymentStatus = 'payment_review';
const DECLINED: ReturnLineState = 'declined';
const CANCELLED: OrderStatus = 'cancelled';
/** The payment method of an order paid in cash on delivery; every other order is prepaid. */
const CASH_ON_DELIVERY = 'cod';

/** A day in India as a range of instants, for the orders placed on `day` (a `date` column). */
const placedOn = (day: ReturnType<typeof sql.raw>) =>
  sql`o.created_at >= (${day}::timestamp at time zone 'Asia/Kolkata')
      and o.created_at < ((${day} + 1)::timestamp at time zone 'Asia/Kolkata')`;

/**
 * The dashboard's rollups (`sales_days`, `sales_day_items`) and the few live counts it shows.
 * A trigger records each change to an order, refund or return line as a `sales_changes` row in the
 * changing transaction; `refresh` takes the committed ones and recomputes their days.
 */
export function createDashboardRepository(db: Database) {
  return {
    /**
     * Recomputes the days changed since the last run; answers how many days. The changes are
     * taken (deleted) first, in a statement of their own, and the days computed afterwards, so a
     * change committed meanwhile is either seen by the computation or left for the next run; an
     * advisory lock keeps two processes' runs in turn, the later one computing from later data.
     */
    async refresh(): Promise<number> {
      const taken = await queryRows<{ day: string }>(
        db,
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
          await tx.execute(sql`delete from sales_day_items where day = any(${dayList})`);
          await tx.execute(
            sql`insert into sales_days
                  (day, orders, paid_paise, refunded_paise, prepaid, cod, cancelled, returned)
                select d.day, count(o.id)::int, coalesce(sum(o.total_paise), 0),
                  coalesce(sum((select coalesce(sum(r.amount_paise), 0) from refunds r
                    where r.order_id = o.id and r.state <> ${NOT_REFUNDED})), 0),
                  count(o.id) filter (where o.payment_method <> ${CASH_ON_DELIVERY})::int,
                  count(o.id) filter (where o.payment_method = ${CASH_ON_DELIVERY})::int,
                  count(o.id) filter (where o.status = ${CANCELLED})::int,
                  count(o.id) filter (where exists (select 1 from order_return_lines l
                    where l.order_id = o.id and l.state <> ${DECLINED}))::int
                from unnest(${dayList}) as d(day)
                join orders o on ${placedOn(sql.raw('d.day'))} and o.paid_at is not null
                group by d.day`,
          );
          await tx.execute(
            sql`insert into sales_day_items
                  (day, product_id, product_name, category_slug, size, units, revenue_paise)
                select d.day, i.product_id, max(i.product_name), max(i.category_slug),
                  lower(i.size), sum(i.quantity)::int, sum(i.item_total_paise)
                from unnest(${dayList}) as d(day)
                join orders o on ${placedOn(sql.raw('d.day'))}
                  and o.paid_at is not null and o.status <> ${CANCELLED}
                join order_items i on i.order_id = o.id
                group by d.day, i.product_id, lower(i.size)`,
          );
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

    async days(from: string, to: string): Promise<(SalesDay & { refreshedAt: Date })[]> {
      const rows = await queryRows<{
        day: string;
        orders: number;
        paid_paise: string | number;
        refunded_paise: string | number;
        prepaid: number;
        cod: number;
        cancelled: number;
        returned: number;
        refreshed_at: string | Date;
      }>(
        db,
        sql`select day::text, orders, paid_paise, refunded_paise, prepaid, cod, cancelled,
              returned, refreshed_at
            from sales_days where day between ${from}::date and ${to}::date order by day`,
      );
      return rows.map((row) => ({
        day: row.day,
        orders: row.orders,
        paidPaise: Number(row.paid_paise),
        refundedPaise: Number(row.refunded_paise),
        prepaid: row.prepaid,
        cod: row.cod,
        cancelled: row.cancelled,
        returned: row.returned,
        refreshedAt: new Date(row.refreshed_at),
      }));
    },

    /** Units and takings of each product and size in the range. */
    async items(from: string, to: string) {
      const rows = await queryRows<{
        product_id: string;
        product_name: string;
        category_slug: string;
        size: string;
        units: number;
        revenue_paise: string | number;
      }>(
        db,
        sql`select product_id, max(product_name) as product_name,
              max(category_slug) as category_slug, size, sum(units)::int as units,
              sum(revenue_paise) as revenue_paise
            from sales_day_items where day between ${from}::date and ${to}::date
            group by product_id, size`,
      );
      return rows.map((row) => ({
        productId: row.product_id,
        productName: row.product_name,
        categorySlug: row.category_slug,
        size: row.size,
        units: row.units,
        revenuePaise: Number(row.revenue_paise),
      }));
    },

    /** Units in stock now per size of the products of a category (active products only). */
    async stockBySize(categorySlug: string) {
      const rows = await queryRows<{ size: string; units: number }>(
        db,
        sql`select lower(s.size) as size, sum(s.stock)::int as units
            from product_size_stock s
            join product_colors c on c.id = s.color_id
            join products p on p.id = c.product_id and p.is_active
            join categories cat on cat.id = p.category_id and cat.slug = ${categorySlug}
            group by lower(s.size)`,
      );
      return new Map(rows.map((row) => [row.size, row.units]));
    },

    /** What needs a person today: small counts, each read through an index. */
    async liveCounts() {
      // The dispatch queue's rule: paid, and confirmed or being packed.
      const readyToPack = sql`status = any(${`{${dispatchStatuses.join(',')}}`}::text[])
        and payment_status = ${dispatchPaymentStatus}`;
      const [row] = await queryRows<{
        low_stock: number;
        in_review: number;
        failed_refunds: number;
        awaiting: number;
        oldest_placed_at: string | Date | null;
      }>(
        db,
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
              (select min(created_at) from orders where ${readyToPack}) as oldest_placed_at`,
      );
      return {
        lowStock: row!.low_stock,
        paymentsInReview: row!.in_review,
        failedRefunds: row!.failed_refunds,
        awaitingDispatch: row!.awaiting,
        oldestPlacedAt: row!.oldest_placed_at ? new Date(row!.oldest_placed_at) : null,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
