import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shop/domain/orders';
import { awaitingPaymentStatuses } from '@shop/domain/payments';

const CANCELLED: OrderStatus = 'cancelled';
const PENDING: OrderStatus = 'pending';

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

/**
 * An open order still awaiting its money (pending, and a payment status the domain's
 * `awaitsPayment` accepts), as a condition on `orders` or on the alias it has in the query: the
 * orders' placing rule (one such order a shopper), the cart's and the stock's readings of what
 * unpaid orders hold. order-conditions.test.ts holds it to the domain's answer.
 */
export function awaitingPaymentSql(alias?: string): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`${column('status')} = ${PENDING}
    and ${column('payment_status')} = any(${`{${awaitingPaymentStatuses.join(',')}}`}::text[])`;
}
