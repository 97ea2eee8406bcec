// The SQL forms of the domain's order rules decide nothing of their own: for every combination of
// the facts they read, a row is selected exactly when the domain says so.
import { PGlite } from '@electric-sql/pglite';
import { hasBeenPaid, isFirstOrder, orderStatuses } from '@shop/domain/orders';
import {
  awaitsPayment,
  orderPaymentStatuses,
  type OrderPaymentStatus,
} from '@shop/domain/payments';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awaitingPaymentSql,
  earlierPurchaseSql,
  paidOrderSql,
} from '../../src/db/order-conditions.ts';

let client: PGlite;
let db: ReturnType<typeof drizzle>;
const at = '2026-01-05T10:00:00Z';

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await db.execute(
    sql`create table o (id serial, status text, paid_at timestamptz, cod_confirmed_at timestamptz)`,
  );
  for (const status of orderStatuses) {
    for (const paid of [null, at]) {
      for (const confirmed of [null, at]) {
        await db.execute(
          sql`insert into o (status, paid_at, cod_confirmed_at) values (${status}, ${paid}, ${confirmed})`,
        );
      }
    }
  }
  await db.execute(sql`create table p (status text, payment_status text)`);
  for (const status of orderStatuses) {
    for (const paymentStatus of orderPaymentStatuses) {
      await db.execute(sql`insert into p values (${status}, ${paymentStatus})`);
    }
  }
});
afterAll(async () => {
  await client?.close();
});

async function selected(condition: ReturnType<typeof sql>) {
  const all = await db.execute<{
    id: number;
    status: string;
    paid_at: string | null;
    cod_confirmed_at: string | null;
    chosen: boolean;
  }>(sql`select id, status, paid_at, cod_confirmed_at, ${condition} as chosen from o order by id`);
  return all.rows.map((row) => ({
    facts: { status: row.status, paidAt: row.paid_at, codConfirmedAt: row.cod_confirmed_at },
    chosen: row.chosen,
  }));
}

describe('the SQL forms of the order rules', () => {
  it('paidOrderSql selects exactly the orders hasBeenPaid says were paid', async () => {
    const rows = await selected(paidOrderSql('o'));
    expect(rows).toHaveLength(orderStatuses.length * 4);
    for (const row of rows)
      expect(row.chosen, JSON.stringify(row.facts)).toBe(hasBeenPaid(row.facts));
  });

  it('earlierPurchaseSql selects exactly the orders that make isFirstOrder false', async () => {
    for (const row of await selected(earlierPurchaseSql('o'))) {
      expect(row.chosen, JSON.stringify(row.facts)).toBe(!isFirstOrder([row.facts]));
    }
  });

  it('awaitingPaymentSql selects exactly the open orders whose payment status awaitsPayment', async () => {
    for (const alias of [undefined, 'p']) {
      const all = await db.execute<{ status: string; payment_status: string; chosen: boolean }>(
        sql`select status, payment_status, ${awaitingPaymentSql(alias)} as chosen from p`,
      );
      expect(all.rows).toHaveLength(orderStatuses.length * orderPaymentStatuses.length);
      for (const row of all.rows) {
        const expected =
          row.status === 'pending' && awaitsPayment(row.payment_status as OrderPaymentStatus);
        expect(row.chosen, JSON.stringify(row)).toBe(expected);
      }
    }
  });
});
