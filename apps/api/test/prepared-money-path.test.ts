// The money path runs its hot SQL through Drizzle's prepared queries (src/db/prepared.ts), values
// always bound. Rules checked here: on PostgreSQL, once a paid order has been through, the next
// paid order runs each hot statement of the path as its named statement, as PostgreSQL itself
// counts it in `pg_prepared_statements` (a service that goes back to a plain query, say
// `queryRows(tx, ...)` where it called `prepared.rows(tx, 'take_line_stock', ...)`, fails this).
// On PGlite, which has no named statements in its API, none is made: no SQL-level PREPARE or
// EXECUTE with values written into its text.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { eventually, orderBody, payOrder } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

/**
 * Each is a hot statement of a paid order, run through `prepared.rows` (src/db/prepared.ts):
 * the driver's named statement on PostgreSQL.
 */
const HOT_STATEMENTS = [
  // Add to cart: the cart made or touched and the line added, in one statement.
  'add_to_cart',
  // The per-account limits counted on placing an order and on verifying its payment.
  'count_in_window',
  // Place the order from the cart, in one transaction: the cart locked, the shopper's unpaid
  // order looked for, each line's stock taken, the order and its lines inserted.
  'lock_cart_for_order',
  'lock_open_unpaid',
  'take_line_stock',
  'insert_order',
  'insert_order_items',
  // Initiate the payment: the provider order recorded.
  'insert_provider_order',
  // Verify the payment, in one transaction: the order and its payment locked, written paid, the
  // lines leave the cart, and the confirmation's recipient read.
  'lock_to_settle',
  'write_payment_paid',
  'write_order_paid',
  'ordered_lines_leave_cart',
  'ordered_lines_lower_cart',
  'order_recipient',
  // The provider's payment.captured webhook, stored as handled (or found still to apply).
  'claim_settled_capture',
] as const;

/** Each is also a hot statement of a paid order, made with Drizzle's `.prepare(name)`. */
const DRIZZLE_PREPARED = [
  // Clear the cart: emptied and its discounts dropped, in one statement.
  'clear_cart_by_user',
  // Initiate the payment: the shopper's order read with its open payment.
  'order_to_initiate',
  // Verify the payment: the payment read with its order, without a lock.
  'payment_settled_view',
] as const;

// Not listed: claim_webhook_event, for a webhook that arrives before the shopper's verify (then
// the verify finds the payment settled and runs none of the settling statements): a plain paid
// order need not run it.

const RUNS_TEXT = `select name, (generic_plans + custom_plans)::int as runs
  from pg_prepared_statements`;

let world: TestWorld;
let token: string;
let choice: StockedChoice;

beforeAll(async () => {
  world = await createTestWorld();
  ({ accessToken: token } = await signUp(world.app));
  [choice] = (await stockedChoices(world.app, 2)) as [StockedChoice];
});

afterAll(async () => {
  await world?.close();
});

/**
 * How often each named statement has run (generic and custom plans together), summed over every
 * session the app's statements run on: PGlite's one session, or each connection of the
 * PostgreSQL pool (each prepares its own, and the view shows only its own session's).
 */
async function preparedRuns(): Promise<Map<string, number>> {
  const runs = new Map<string, number>();
  const add = (rows: { name: string; runs: number }[]) => {
    for (const row of rows) runs.set(row.name, (runs.get(row.name) ?? 0) + row.runs);
  };
  if (world.database.kind === 'pglite') {
    add(await queryRows(world.database.db, sql.raw(RUNS_TEXT)));
    return runs;
  }
  const pool = (world.database.db as unknown as { $client: pg.Pool }).$client;
  // Once nothing holds a connection, all of them are checked out together: every connection the
  // app used is read, and none is opened anew.
  await eventually(async () => pool.idleCount === pool.totalCount && pool.waitingCount === 0);
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    for (const client of clients) add((await client.query(RUNS_TEXT)).rows);
  } finally {
    for (const client of clients) client.release();
  }
  return runs;
}

/**
 * One whole paid order through HTTP: the cart cleared, a line added, the order placed from the
 * cart, the payment initiated and made in the simulator, verified by the shopper's browser, and
 * the provider's webhook handled.
 */
async function paidOrder() {
  expect((await send(world.app, 'DELETE', '/api/cart/clear', { token })).status).toBe(200);
  const added = await send(world.app, 'POST', '/api/cart', { token, body: addBody(choice, 1) });
  expect(added.status).toBe(200);
  const placed = await send(world.app, 'POST', '/api/order', {
    token,
    body: orderBody([[choice, 1]]),
  });
  expect(placed.status).toBe(201);
  const checkout = await payOrder(world.app, token, placed.body.data.orderId);
  const verified = await send(world.app, 'POST', '/api/payments/verify', { token, body: checkout });
  expect(verified.status).toBe(200);
  expect(verified.body.data.order.paymentStatus).toBe('paid');
  // The simulator's payment.captured webhook arrives a moment later: handled before going on.
  // Whether it lands before or after the verify, the order is settled once by the settling
  // transaction and the webhook goes through claim_settled_capture, so the lists above hold
  // either way.
  await eventually(async () => {
    const [row] = await queryRows<{ handled: number }>(
      world.database.db,
      sql`select count(*)::int as handled from webhook_events
          where handled_at is not null
            and payload -> 'payload' -> 'payment' -> 'entity' ->> 'order_id'
              = ${checkout.razorpay_order_id}`,
    );
    return row!.handled === 1;
  });
}

/** For each name: whether it ran as the prepared statement between the two readings. */
function howEachRan(
  names: readonly string[],
  before: Map<string, number>,
  after: Map<string, number>,
) {
  return Object.fromEntries(
    names.map((name) => {
      const runs = after.get(name);
      if (runs === undefined) return [name, 'not prepared'];
      if (runs <= (before.get(name) ?? 0)) return [name, 'prepared, not run by the second order'];
      return [name, 'ran prepared'];
    }),
  );
}

describe('the money path', () => {
  it('runs each hot statement of a paid order as its prepared statement on PostgreSQL', async () => {
    if (world.database.kind !== 'postgres') return;
    // The first order prepares the statements; the second must run every one of them prepared.
    await paidOrder();
    const before = await preparedRuns();
    await paidOrder();
    const after = await preparedRuns();

    const names = [...HOT_STATEMENTS, ...DRIZZLE_PREPARED];
    expect(howEachRan(names, before, after)).toEqual(
      Object.fromEntries(names.map((name) => [name, 'ran prepared'])),
    );
  });

  it('makes no SQL-level prepared statement on PGlite: every value is bound', async () => {
    if (world.database.kind !== 'pglite') return;
    await paidOrder();
    await paidOrder();
    // PGlite's query(text, params) parses, binds and executes an unnamed statement; a statement
    // prepared by name could only be run by EXECUTE with its values written into the SQL text.
    expect(Object.fromEntries(await preparedRuns())).toEqual({});
  });
});
