// The back office's orders desk: search, filters, sorts and keyset pages over every order; one
// order read whole; internal notes that no shopper ever reads; owners only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../src/db/schema.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices } from './cart-helpers.ts';
import { address, eventually, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { allKeysetPages } from './keyset-pages.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let shopper: { accessToken: string; user: { _id: string } };
let other: { accessToken: string; user: { _id: string } };
/** The order the shopper placed and paid through the shop. */
let placed: { orderId: string; orderNumber: string };
/** Every order's id, newest first, as the desk must list them by default. */
const made: { id: string; createdAt: Date; totalPaise: number; number: string }[] = [];
const app = () => world.app;

const desk = (query: string, token = owner.accessToken) =>
  send(app(), 'GET', `/api/admin/orders/desk${query}`, { token });

/** An order written straight into the table: only the desk's reads are under test here. */
async function insertOrder(options: {
  userId: string;
  createdAt: string;
  totalPaise: number;
  status?: string;
  paymentStatus?: string;
}) {
  const number = `LB-TEST-${String(made.length + 1).padStart(3, '0')}`;
  const [row] = await world.database.db
    .insert(orders)
    .values({
      orderNumber: number,
      userId: options.userId,
      status: options.status ?? 'confirmed',
      paymentStatus: options.paymentStatus ?? 'paid',
      subtotalPaise: options.totalPaise,
      totalPaise: options.totalPaise,
      shippingAddress: address,
      billingAddress: address,
      paymentDueAt: new Date(options.createdAt),
      createdAt: new Date(options.createdAt),
    })
    .returning();
  made.push({
    id: row!.id,
    createdAt: row!.createdAt,
    totalPaise: row!.totalPaise,
    number,
  });
  return row!;
}

/** Pages through the desk with `query` until its last page; answers every row in order. */
const allPages = (query: string, limit: number) =>
  allKeysetPages<{ _id: string; total: number; createdAt: string }>(
    (url) => send(app(), 'GET', url, { token: owner.accessToken }),
    { path: '/api/admin/orders/desk', query, limit, field: 'orders' },
  ).then((walk) => walk.rows);

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  shopper = await signUp(app(), {
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya.sharma@example.in',
    phone: '9123456780',
  });
  other = await signUp(app(), {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: 'meera.iyer@example.in',
    phone: '9988776655',
  });
  const [choice] = await stockedChoices(app(), 2);
  placed = await placeOrder(app(), shopper.accessToken, [[choice!, 1]]);
  const fields = await payOrder(app(), shopper.accessToken, placed.orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: shopper.accessToken, body: fields });
  await eventually(async () => {
    const answer = await send(app(), 'GET', `/api/order/${placed.orderId}`, {
      token: shopper.accessToken,
    });
    return answer.body.data.paymentStatus === 'paid';
  });
  made.push({
    id: placed.orderId,
    createdAt: new Date(),
    totalPaise: 0,
    number: placed.orderNumber,
  });

  // 24 of Meera's orders a day apart in March 2026, with totals that repeat (ties for the sort).
  for (let day = 1; day <= 24; day += 1) {
    await insertOrder({
      userId: other.user._id,
      // 18:29 UTC is 23:59 in India: still the day it names.
      createdAt: `2026-03-${String(day).padStart(2, '0')}T18:29:00.000Z`,
      totalPaise: [99_900, 1_49_900, 2_50_000][day % 3]!,
    });
  }
  await insertOrder({
    userId: other.user._id,
    createdAt: '2026-02-10T10:00:00.000Z',
    totalPaise: 5_000_00,
    status: 'pending',
    paymentStatus: 'payment_review',
  });
  const refunded = await insertOrder({
    userId: other.user._id,
    createdAt: '2026-02-11T10:00:00.000Z',
    totalPaise: 7_000_00,
    status: 'cancelled',
    paymentStatus: 'refund_pending',
  });
  await world.database.db.insert(refunds).values({
    orderId: refunded.id,
    providerPaymentId: `pay_${randomUUID().slice(0, 8)}`,
    amountPaise: 7_000_00,
    reason: 'cancelled',
    state: 'failed',
    attempts: 8,
    lastError: 'provider refused',
  });
}, 120_000);
afterAll(() => world?.close());

describe('who may use the orders desk', () => {
  it('answers a shopper 403 and a signed-out caller 401 on every route', async () => {
    const id = placed.orderId;
    const routes = [
      ['GET', '/api/admin/orders/desk'],
      ['GET', `/api/admin/orders/${id}`],
      ['POST', `/api/admin/orders/${id}/notes`],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'POST' ? { text: 'mine now' } : undefined;
      const asShopper = await send(app(), method, url, { token: shopper.accessToken, body });
      expect(asShopper.status, url).toBe(403);
      expect(JSON.stringify(asShopper.body)).not.toContain(placed.orderNumber);
      const signedOut = await send(app(), method, url, { body });
      expect(signedOut.status, url).toBe(401);
    }
  });
});

describe('the orders list', () => {
  it('pages by keyset newest first with no order repeated or missed', async () => {
    const seen = await allPages('', 5);
    const expected = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((order) => order.id);
    expect(seen.map((row) => row._id)).toEqual(expected);
  });

  it('sorts by total both ways, ties broken by id, across pages', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const seen = await allPages(`sort=total&dir=${dir}`, 4);
      expect(new Set(seen.map((row) => row._id)).size).toBe(made.length);
      const totals = seen.map((row) => row.total);
      const sorted = [...totals].sort((a, b) => (dir === 'asc' ? a - b : b - a));
      expect(totals).toEqual(sorted);
    }
  });

  it('refuses a cursor it did not make, or one from another sort', async () => {
    expect((await desk('?cursor=not-a-cursor')).status).toBe(400);
    const first = await desk('?sort=total&limit=2');
    const answer = await desk(`?sort=date&limit=2&cursor=${first.body.data.next}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('Invalid cursor');
  });

  it('finds orders by number, email, phone and name', async () => {
    const numbers = async (query: string) =>
      (await desk(query)).body.data.orders.map((row: { orderNumber: string }) => row.orderNumber);
    expect(await numbers(`?q=${placed.orderNumber}`)).toEqual([placed.orderNumber]);
    expect(await numbers('?q=PRIYA.SHARMA@example')).toEqual([placed.orderNumber]);
    expect(await numbers(`?q=${encodeURIComponent('+91 91234 56780')}`)).toEqual([
      placed.orderNumber,
    ]);
    expect(await numbers('?q=priya%20sharma')).toEqual([placed.orderNumber]);
    expect(await numbers('?q=meera&limit=100')).toHaveLength(26);
    // LIKE's wildcards are letters like any other.
    expect(await numbers('?q=%25')).toEqual([]);
  });

  it('is the one list of orders: a search for nobody answers none, and the old list is gone', async () => {
    const nobody = await desk('?q=nobody-such@example.com');
    expect(nobody.status).toBe(200);
    expect(nobody.body.data.orders).toEqual([]);
    // The older list answered every order whatever `q` said; the desk above replaces it.
    const old = await send(app(), 'GET', '/api/admin/orders?q=nobody-such@example.com', {
      token: owner.accessToken,
    });
    expect(old.status).toBe(404);
    expect(JSON.stringify(old.body)).not.toContain(placed.orderNumber);
  });

  it('filters by status, payment status, days in India and rupees', async () => {
    const rows = async (query: string) =>
      (await desk(`${query}&limit=100`)).body.data.orders as {
        orderNumber: string;
        createdAt: string;
        total: number;
        paymentStatus: string;
        needsAttention: boolean;
      }[];
    const review = await rows('?paymentStatus=payment_review');
    expect(review).toHaveLength(1);
    expect(review[0]!.needsAttention).toBe(true);
    expect(await rows('?paymentStatus=refund_pending')).toHaveLength(1);
    expect(await rows('?status=cancelled')).toHaveLength(1);
    // March 3rd to 5th in India, both ends included: three orders, each at 23:59 there.
    const days = await rows('?from=2026-03-03&to=2026-03-05');
    expect(days.map((row) => row.createdAt).sort()).toEqual([
      '2026-03-03T18:29:00.000Z',
      '2026-03-04T18:29:00.000Z',
      '2026-03-05T18:29:00.000Z',
    ]);
    const amounts = await rows('?min=1499&max=2500');
    expect(amounts).toHaveLength(16);
    expect(amounts.every((row) => row.total >= 1499 && row.total <= 2500)).toBe(true);
    expect((await desk('?from=2026-03-05&to=2026-03-01')).status).toBe(400);
    expect((await desk('?from=2026-02-30')).status).toBe(400);
    expect((await desk('?paymentStatus=lost')).status).toBe(400);
  });

  it('lists the orders that need attention on the first page only', async () => {
    const first = await desk('?limit=2');
    const attention = first.body.data.needsAttention.map((row: { total: number }) => row.total);
    expect(attention).toEqual([5000, 7000]);
    const second = await desk(`?limit=2&cursor=${first.body.data.next}`);
    expect(second.body.data.needsAttention).toEqual([]);
  });

  it('answers each row with the customer, item count and money in rupees', async () => {
    const [row] = (await desk(`?q=${placed.orderNumber}`)).body.data.orders;
    expect(row).toMatchObject({
      _id: placed.orderId,
      customer: { name: 'Priya Sharma', email: 'priya.sharma@example.in', phone: '9123456780' },
      itemCount: 1,
      status: 'pending',
      paymentStatus: 'paid',
      needsAttention: false,
    });
  });
});

describe('one order and its notes', () => {
  it('reads the lines, customer, payments and a timeline', async () => {
    const answer = await send(app(), 'GET', `/api/admin/orders/${placed.orderId}`, {
      token: owner.accessToken,
    });
    expect(answer.status).toBe(200);
    const detail = answer.body.data;
    expect(detail.order.items).toHaveLength(1);
    expect(detail.order.items[0]).toMatchObject({ quantity: 1 });
    expect(detail.customer.email).toBe('priya.sharma@example.in');
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ status: 'paid', amount: detail.order.total });
    expect(detail.payments[0].providerPaymentId).toMatch(/^pay_/);
    const titles = detail.timeline.map((entry: { title: string }) => entry.title);
    expect(titles.slice(0, 2)).toEqual(['Order placed', 'Payment captured']);
    const missing = await send(app(), 'GET', `/api/admin/orders/${randomUUID()}`, {
      token: owner.accessToken,
    });
    expect(missing.status).toBe(404);
  });

  it('keeps notes for the shop: in the detail and timeline, never in a shopper answer', async () => {
    const secret = 'Called her: deliver after 6 pm, gate code 4411';
    const added = await send(app(), 'POST', `/api/admin/orders/${placed.orderId}/notes`, {
      token: owner.accessToken,
      body: { text: `  ${secret}  ` },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.text).toBe(secret);
    const blank = await send(app(), 'POST', `/api/admin/orders/${placed.orderId}/notes`, {
      token: owner.accessToken,
      body: { text: '   ' },
    });
    expect(blank.status).toBe(400);
    const detail = await send(app(), 'GET', `/api/admin/orders/${placed.orderId}`, {
      token: owner.accessToken,
    });
    expect(detail.body.data.notes.map((note: { text: string }) => note.text)).toEqual([secret]);
    expect(detail.body.data.timeline.at(-1)).toMatchObject({ kind: 'note', detail: secret });

    const token = shopper.accessToken;
    const shopperAnswers = await Promise.all([
      send(app(), 'GET', `/api/order/${placed.orderId}`, { token }),
      send(app(), 'GET', '/api/order', { token }),
      send(app(), 'GET', `/api/order/search?q=${placed.orderNumber}`, { token }),
      send(app(), 'GET', `/api/payments/order/${placed.orderId}`, { token }),
    ]);
    for (const answer of shopperAnswers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('gate code');
    }
  });

  it('cancels with the shop reason the shopper then reads', async () => {
    const order = await insertOrder({
      userId: shopper.user._id,
      createdAt: '2026-03-30T10:00:00.000Z',
      totalPaise: 10_000,
      status: 'pending',
      paymentStatus: 'pending',
    });
    const answer = await send(app(), 'PATCH', `/api/admin/orders/${order.id}/status`, {
      token: owner.accessToken,
      body: { status: 'cancelled', reason: 'Address is outside our delivery area' },
    });
    expect(answer.status).toBe(200);
    const mine = await send(app(), 'GET', `/api/order/${order.id}`, {
      token: shopper.accessToken,
    });
    expect(mine.body.data.cancelReason).toBe('Address is outside our delivery area');
  });
});
