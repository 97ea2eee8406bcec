import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shop/domain/orders';

const CANCELLED: OrderStatus = 'cancelled';

/**
 * The domain's `hasBeenPaid` as a condition on the orders row `alias` names, for queries that
 * count or filter many orders at once (the sales figures, the first-order rule's reading). It
 * decides nothing of its own: order-conditions.test.ts holds it to the domain's answer for every
 * combination of the facts it reads.
 */
export function paidOrderSql(alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`(${column('paid_at')} is not null or ${column('cod_confirmed_at')} is not null)`;
}

/**
 * The orders the domain's `isFirstOrder` counts as an earlier purchase (paid, not cancelled), as
 * a condition on `alias`; the domain still decides on the rows it selects.
 */
export function earlierPurchaseSql(alias: string): SQL {
  return sql`(${paidOrderSql(alias)} and ${sql.raw(`${alias}.status`)} <> ${CANCELLED})`;
}
