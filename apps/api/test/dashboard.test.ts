// The morning dashboard: a range's figures from daily rollups kept by the orders' changes, days in
// India, revenue net of refunds, top products and sizes, and today's work.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../src/db/schema.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, eventually, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let shopper: { accessToken: string; user: { _id: string } };
let choices: StockedChoice[];
const app = () => world.app;

const dashboard = (query: string, token = owner.accessToken) =>
  send(app(), 'GET', `/api/admin/dashboard${query}`, { token });

/** A paid order written straight into the table, placed at `createdAt`. */
async function paidOrderAt(createdAt: string, totalPaise: number, status = 'delivered') {
  const [row] = await world.database.db
    .insert(orders)
    .values({
      orderNumber: `LB-DASH-${createdAt}`,
      userId: shopper.user._id,
      status,
      paymentStatus: 'paid',
      subtotalPaise: totalPaise,
      totalPaise,
      shippingAddress: address,
      billingAddress: address,
      paymentDueAt: new Date(createdAt),
      paidAt: new Date(createdAt),
      createdAt: new Date(createdAt),
    })
    .returning();
  return row!;
}

async function placeAndPay(choice: StockedChoice, quantity: number) {
  const { orderId } = await placeOrder(app(), shopper.accessToken, [[choice, quantity]]);
  const paid = await payOrder(app(), shopper.accessToken, orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: shopper.accessToken, body: paid });
  return orderId;
}

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  shopper = await signUp(app());
  choices = await stockedChoices(app(), 5);
});

afterAll(async () => {
  await world?.close();
});

describe('the morning dashboard', () => {
  it("counts a day's paid orders in India, the day's last second on its own day", async () => {
    // 23:59:59 in India on 1 March, and midnight of 2 March (UTC+05:30).
    await paidOrderAt('2026-03-01T18:29:59Z', 100_000);
    await paidOrderAt('2026-03-01T18:30:00Z', 250_050);
    const first = await dashboard('?from=2026-03-01&to=2026-03-01');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-01',
      orders: 1,
      revenue: 1000,
      averageOrderValue: 1000,
      prepaid: 1,
      cod: 0,
    });
    const both = await dashboard('?from=2026-03-01&to=2026-03-02');
    expect(both.body.data).toMatchObject({
      orders: 2,
      revenue: 3500.5,
      averageOrderValue: 1750.25,
    });
    expect(both.body.data.daily).toEqual([
      { day: '2026-03-01', orders: 1, revenue: 1000 },
      { day: '2026-03-02', orders: 1, revenue: 2500.5 },
    ]);
  });

  it('answers from its daily rollup rows, not from the orders', async () => {
    await dashboard('?from=2026-03-01&to=2026-03-01');
    await world.database.db.execute(
      sql`update sales_days set orders = 99 where day = '2026-03-01'`,
    );
    const answer = await dashboard('?from=2026-03-01&to=2026-03-01');
    expect(answer.body.data.orders).toBe(99);
    // A change to that day's orders computes the day again.
    await paidOrderAt('2026-03-01T10:00:00Z', 50_000);
    expect((await dashboard('?from=2026-03-01&to=2026-03-01')).body.data.orders).toBe(2);
  });

  it("shows today's sales as they are paid, cancellations net of their refunds, and the top sellers", async () => {
    const before = (await dashboard('')).body.data;
    const kept = await placeAndPay(choices[0]!, 2);
    const cancelled = await placeAndPay(choices[1]!, 1);
    await eventually(async () => (await dashboard('')).body.data.orders === before.orders + 2);
    const paidNow = (await dashboard('')).body.data;
    const [keptOrder, cancelledOrder] = await Promise.all(
      [kept, cancelled].map(
        async (id) =>
          (await send(app(), 'GET', `/api/order/${id}`, { token: shopper.accessToken })).body.data,
      ),
    );
    expect(paidNow.revenue).toBeCloseTo(before.revenue + keptOrder.total + cancelledOrder.total, 2);
    // Paid orders still in the shopper's two-hour modification window are not yet to be packed.
    expect(paidNow.awaitingDispatch).toBe(before.awaitingDispatch);

    // The shop cancels a paid order: its refund is owed at once, and it counts as cancelled.
    const move = await send(app(), 'PATCH', `/api/admin/orders/${cancelled}/status`, {
      token: owner.accessToken,
      body: { status: 'cancelled' },
    });
    expect(move.status).toBe(200);
    const after = (await dashboard('')).body.data;
    expect(after.orders).toBe(before.orders + 2);
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect(after.awaitingDispatch).toBe(before.awaitingDispatch);
    expect(after.revenue).toBeCloseTo(before.revenue + keptOrder.total, 2);
    expect(after.cancellationRate).toBeCloseTo(after.cancelled / after.orders, 4);
    // The kept order's product leads today's sellers; the cancelled one's units do not count.
    const top = after.topProducts.find(
      (product: { productId: string }) => product.productId === choices[0]!.productId,
    );
    expect(top).toMatchObject({ units: 2 });
    expect(
      after.topProducts.find(
        (product: { productId: string }) => product.productId === choices[1]!.productId,
      ),
    ).toBeUndefined();
    expect(after.topSizes.length).toBeGreaterThan(0);
    expect(after.computedAt).not.toBeNull();

    // Once the kept order is confirmed it waits to be packed.
    const confirm = await send(app(), 'PATCH', `/api/admin/orders/${kept}/status`, {
      token: owner.accessToken,
      body: { status: 'confirmed' },
    });
    expect(confirm.status).toBe(200);
    expect((await dashboard('')).body.data.awaitingDispatch).toBe(before.awaitingDispatch + 1);
  });

  it("sums a range's sizes over every category, bras' apart, and ranks products by units", async () => {
    const line = (
      orderId: string,
      choice: StockedChoice,
      categorySlug: string,
      size: string,
      quantity: number,
    ) => ({
      orderId,
      productId: choice.productId,
      productName: choice.name,
      productImage: '',
      colorName: 'Black',
      colorHex: '#000000',
      size,
      quantity,
      pricePaise: 50_000,
      itemTotalPaise: 50_000 * quantity,
      categorySlug,
    });
    const first = await paidOrderAt('2026-04-10T06:00:00Z', 200_000);
    const second = await paidOrderAt('2026-04-11T06:00:00Z', 100_000);
    const cancelled = await paidOrderAt('2026-04-11T07:00:00Z', 250_000, 'cancelled');
    await world.database.db.insert(orderItems).values([
      line(first.id, choices[0]!, 'bras', '34B', 3),
      line(first.id, choices[1]!, 'panties', 'm', 1),
      line(second.id, choices[0]!, 'bras', '34b', 1),
      line(second.id, choices[1]!, 'panties', 'M', 1),
      line(second.id, choices[2]!, 'panties', 'L', 1),
      // A cancelled order's lines count nowhere.
      line(cancelled.id, choices[2]!, 'bras', '36D', 5),
    ]);
    const answer = (await dashboard('?from=2026-04-10&to=2026-04-11')).body.data;
    expect(answer.topSizes).toEqual([
      { size: '34B', units: 4 },
      { size: 'M', units: 2 },
      { size: 'L', units: 1 },
    ]);
    expect(answer.topProducts.map((product: { productId: string }) => product.productId)).toEqual([
      choices[0]!.productId,
      choices[1]!.productId,
      choices[2]!.productId,
    ]);
    expect(answer.topProducts[0]).toMatchObject({ units: 4, revenue: 2000 });
    const bras = answer.braSellThrough as { size: string; sold: number }[];
    expect(bras.find((size) => size.size === '34B')?.sold).toBe(4);
    expect(bras.find((size) => size.size === '36D')?.sold ?? 0).toBe(0);
    // Panties' sizes are not bras' sold.
    expect(bras.find((size) => size.size === 'M')?.sold ?? 0).toBe(0);
  });

  it('refuses dates it cannot read, reversed or too long ranges, and shoppers', async () => {
    const bad = await dashboard('?from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Dates are written YYYY-MM-DD');
    const reversed = await dashboard('?from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain("'from' must not be after 'to'");
    const long = await dashboard('?from=2024-01-01&to=2026-01-01');
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('A dashboard covers at most 366 days');
    expect((await dashboard('', shopper.accessToken)).status).toBe(403);
    expect((await send(app(), 'GET', '/api/admin/dashboard')).status).toBe(401);
  });
});
