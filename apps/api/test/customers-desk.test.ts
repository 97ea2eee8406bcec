// The back office's customers screen: search by email, phone or name; keyset pages of accounts
// newest first; one customer whole (profile, addresses, orders, value, counts, notes) with
// nothing of how she signs in; audited internal notes; the shop's people only.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { orderItems, orderReturnLines, orders, refunds, users } from '../src/db/schema.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices } from './cart-helpers.ts';
import { address, eventually, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { allKeysetPages } from './keyset-pages.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string; user: { _id: string } };
let priya: Awaited<ReturnType<typeof signUp>>;
/** Priya's order placed and paid through the shop. */
let placed: { orderId: string; orderNumber: string; total: number };
/** The accounts made straight in the table for paging, newest first. */
const crowd: { id: string; email: string }[] = [];
const app = () => world.app;

const customers = (query: string, token = owner.accessToken) =>
  send(app(), 'GET', `/api/admin/customers${query}`, { token });
const customer = (id: string, token = owner.accessToken) =>
  send(app(), 'GET', `/api/admin/customers/${id}`, { token });

let orderCount = 0;
/** An order written straight into the table: only the screen's reads are under test here. */
async function insertOrder(options: {
  userId: string;
  totalPaise: number;
  paid: boolean;
  status?: string;
  paymentStatus?: string;
  createdAt?: string;
}) {
  orderCount += 1;
  const [row] = await world.database.db
    .insert(orders)
    .values({
      orderNumber: `LB-CUST-${String(orderCount).padStart(3, '0')}`,
      userId: options.userId,
      status: options.status ?? 'delivered',
      paymentStatus: options.paymentStatus ?? (options.paid ? 'paid' : 'pending'),
      subtotalPaise: options.totalPaise,
      totalPaise: options.totalPaise,
      shippingAddress: address,
      billingAddress: address,
      paymentDueAt: new Date(options.createdAt ?? Date.now()),
      paidAt: options.paid ? new Date(options.createdAt ?? Date.now()) : null,
      ...(options.createdAt ? { createdAt: new Date(options.createdAt) } : {}),
    })
    .returning();
  return row!;
}

async function insertRefund(orderId: string, amountPaise: number, reason: string, state: string) {
  await world.database.db.insert(refunds).values({
    orderId,
    providerPaymentId: `pay_${randomUUID().slice(0, 12)}`,
    amountPaise,
    reason,
    state,
  });
}

/** Pages through the list with `query` until its last page; answers every row in order. */
const allPages = (query: string, limit: number) =>
  allKeysetPages<{ _id: string; email: string; joinedAt: string }>(
    (url) => send(app(), 'GET', url, { token: owner.accessToken }),
    { path: '/api/admin/customers', query, limit, field: 'customers' },
  ).then((walk) => walk.rows);

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  priya = await signUp(app(), {
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya.sharma@example.in',
    phone: '+91 91234 56780',
    addresses: [
      {
        name: 'Home',
        addressLine1: '4 Lake View Road',
        addressLine2: 'Kormangala',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560034',
        phone: '9123456780',
      },
    ],
  });
  const [choice] = await stockedChoices(app(), 1);
  placed = await placeOrder(app(), priya.accessToken, [[choice!, 1]]);
  const fields = await payOrder(app(), priya.accessToken, placed.orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: priya.accessToken, body: fields });
  await eventually(async () => {
    const answer = await send(app(), 'GET', `/api/order/${placed.orderId}`, {
      token: priya.accessToken,
    });
    return answer.body.data.paymentStatus === 'paid';
  });

  // 23 accounts, newest first by index; pairs share their join instant (ties broken by id).
  for (let index = 0; index < 23; index += 1) {
    const second = String(59 - Math.floor(index / 2)).padStart(2, '0');
    const [row] = await world.database.db
      .insert(users)
      .values({
        email: `crowd.${String(index).padStart(2, '0')}@crowd.example`,
        firstName: 'Crowd',
        lastName: `Member ${index}`,
        phone: `70000000${String(index).padStart(2, '0')}`,
        createdAt: new Date(`2025-01-01T10:00:${second}.123456Z`),
      })
      .returning();
    crowd.push({ id: row!.id, email: row!.email });
  }
}, 120_000);
afterAll(() => world?.close());

describe('the list of customers', () => {
  it('answers a shopper 403 and a signed-out caller 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/customers'],
      ['GET', `/api/admin/customers/${priya.user._id}`],
      ['POST', `/api/admin/customers/${priya.user._id}/notes`],
    ] as const) {
      const body = method === 'POST' ? { text: 'hello' } : undefined;
      const asShopper = await send(app(), method, url, {
        token: priya.accessToken,
        ...(body ? { body } : {}),
      });
      expect(asShopper.status, url).toBe(403);
      expect(asShopper.body.data, url).toBeUndefined();
      const signedOut = await send(app(), method, url, body ? { body } : {});
      expect(signedOut.status, url).toBe(401);
    }
    const [notes] = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from customer_notes`,
    );
    expect(notes!.n).toBe(0);
  });

  it('pages by keyset newest first with no account repeated or missed', async () => {
    const everyone = await queryRows<{ id: string }>(
      world.database.db,
      sql`select id from users order by created_at desc, id desc`,
    );
    for (const limit of [1, 4, 7, 100]) {
      const seen = await allPages('', limit);
      expect(seen.map((row) => row._id)).toEqual(everyone.map((row) => row.id));
    }
    // The newest accounts come first: the ones that signed up through the shop.
    const first = await customers('?limit=2');
    expect(first.body.data.customers.map((row: { email: string }) => row.email)).toEqual([
      'priya.sharma@example.in',
      'owner@lacebloom.in',
    ]);
    // The crowd, paged 5 at a time within a search, ties on the join instant broken by id.
    const crowdSeen = await allPages('q=crowd.example', 5);
    const newestFirst = crowd
      .map((row, index) => ({ ...row, instant: Math.floor(index / 2) }))
      .sort((a, b) => a.instant - b.instant || b.id.localeCompare(a.id));
    expect(crowdSeen.map((row) => row.email)).toEqual(newestFirst.map((row) => row.email));
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['nonsense', Buffer.from('{"key":"x","id":"y"}').toString('base64url')]) {
      const answer = await customers(`?cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Invalid cursor: start from the first page');
    }
    expect((await customers('?limit=0')).status).toBe(400);
    expect((await customers('?limit=101')).status).toBe(400);
  });

  it('finds a customer by email, name or phone, in any case and however the phone is typed', async () => {
    const found = async (q: string) =>
      (await customers(`?q=${encodeURIComponent(q)}`)).body.data.customers.map(
        (row: { _id: string }) => row._id,
      );
    for (const q of [
      'priya.sharma@example.in',
      'PRIYA.SHARMA@EXAMPLE.IN',
      'Priya',
      'priya sharma',
      'SHARMA',
      '9123456780',
      '+91 91234 56780',
      '+919123456780',
      '091234 56780',
      '91234',
    ]) {
      expect(await found(q), q).toEqual([priya.user._id]);
    }
    expect(await found('Member 7')).toEqual([crowd[7]!.id]);
    expect(await found('nobody-like-this')).toEqual([]);
    // LIKE's wildcards are letters to look for, not patterns.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('answers each row with the orders count, value in rupees and last order date', async () => {
    const answer = await customers(`?q=${encodeURIComponent('priya.sharma@example.in')}`);
    const [row] = answer.body.data.customers;
    expect(row).toEqual({
      _id: priya.user._id,
      name: 'Priya Sharma',
      email: 'priya.sharma@example.in',
      phone: '9123456780',
      joinedAt: expect.any(String),
      ordersCount: 1,
      lifetimeValue: placed.total,
      lastOrderAt: expect.any(String),
    });
    const none = await customers(`?q=${crowd[0]!.email}`);
    expect(none.body.data.customers[0]).toMatchObject({
      ordersCount: 0,
      lifetimeValue: 0,
      lastOrderAt: null,
    });
  });
});

describe('one customer', () => {
  it('reads her profile, addresses, latest orders and counts', async () => {
    const answer = await customer(priya.user._id);
    expect(answer.status).toBe(200);
    const detail = answer.body.data;
    expect(detail.profile).toEqual({
      _id: priya.user._id,
      firstName: 'Priya',
      lastName: 'Sharma',
      name: 'Priya Sharma',
      email: 'priya.sharma@example.in',
      phone: '9123456780',
      emailVerified: false,
      googleLinked: false,
      role: 'customer',
      joinedAt: expect.any(String),
    });
    expect(detail.addresses).toEqual([
      expect.objectContaining({
        name: 'Home',
        addressLine1: '4 Lake View Road',
        pinCode: '560034',
      }),
    ]);
    expect(detail.orders).toEqual([
      {
        _id: placed.orderId,
        orderNumber: placed.orderNumber,
        createdAt: expect.any(String),
        total: placed.total,
        status: expect.any(String),
        paymentStatus: 'paid',
      },
    ]);
    expect(detail).toMatchObject({
      ordersCount: 1,
      lifetimeValue: placed.total,
      returnsCount: 0,
      cancellationsCount: 0,
      notes: [],
    });
    // The owner of ADMIN_EMAILS reads as one, as she signs in.
    expect((await customer(owner.user._id)).body.data.profile.role).toBe('owner');
  });

  it("counts paid orders' totals less their refunds, returns and cancellations", async () => {
    const meera = await signUp(app(), { firstName: 'Meera', lastName: 'Iyer' });
    const id = meera.user._id;
    await insertOrder({ userId: id, totalPaise: 1_499_00, paid: true });
    // Returned in part: ₹500 back, owed though not yet sent.
    const returned = await insertOrder({
      userId: id,
      totalPaise: 2_000_00,
      paid: true,
      paymentStatus: 'refund_pending',
    });
    await insertRefund(returned.id, 500_00, 'returned', 'pending');
    const [item] = await world.database.db
      .insert(orderItems)
      .values({
        orderId: returned.id,
        productId: (
          await queryRows<{ id: string }>(world.database.db, sql`select id from products limit 1`)
        )[0]!.id,
        productName: 'Lace bralette',
        productImage: '/media/x.jpg',
        colorName: 'Rose',
        colorHex: '#ffccdd',
        size: 'M',
        quantity: 1,
        pricePaise: 2_000_00,
        itemTotalPaise: 2_000_00,
        categorySlug: 'bras',
      })
      .returning();
    await world.database.db.insert(orderReturnLines).values({
      orderId: returned.id,
      orderItemId: item!.id,
      quantity: 1,
      action: 'return',
    });
    // Paid, then cancelled and refunded whole: worth nothing.
    const cancelled = await insertOrder({
      userId: id,
      totalPaise: 800_00,
      paid: true,
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    await insertRefund(cancelled.id, 800_00, 'cancelled', 'processed');
    // A second capture given back: never part of an order's total, so it takes nothing off.
    await insertRefund(cancelled.id, 1_499_00, 'duplicate_payment', 'processed');
    // Never paid, then cancelled: worth nothing, counted as a cancellation.
    await insertOrder({
      userId: id,
      totalPaise: 9_999_00,
      paid: false,
      status: 'cancelled',
      paymentStatus: 'failed',
    });

    const detail = (await customer(id)).body.data;
    expect(detail).toMatchObject({
      ordersCount: 4,
      lifetimeValue: 1_499 + 1_500,
      returnsCount: 1,
      cancellationsCount: 2,
    });
    const [row] = (await customers(`?q=${encodeURIComponent(meera.shopper.email)}`)).body.data
      .customers;
    expect(row).toMatchObject({ ordersCount: 4, lifetimeValue: 2_999 });
  });

  it('lists her latest 20 orders, newest first', async () => {
    const busy = crowd[3]!.id;
    for (let day = 1; day <= 22; day += 1) {
      await insertOrder({
        userId: busy,
        totalPaise: 100_00,
        paid: true,
        createdAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      });
    }
    const detail = (await customer(busy)).body.data;
    expect(detail.orders).toHaveLength(20);
    expect(detail.orders[0].createdAt).toBe('2026-03-22T10:00:00.000Z');
    expect(detail.orders.at(-1).createdAt).toBe('2026-03-03T10:00:00.000Z');
    expect(detail).toMatchObject({ ordersCount: 22, lifetimeValue: 2_200 });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const answer = await customer(id);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Customer not found');
    }
  });

  it('never answers a password hash, token, token hash or Google subject id', async () => {
    const subject = `google-subject-${randomUUID()}`;
    await world.database.db
      .update(users)
      .set({ googleSubject: subject })
      .where(eq(users.id, priya.user._id));
    // A reset link mailed: a one-time token row of hers, beside the refresh token of her sign-in.
    await send(app(), 'POST', '/api/auth/forgot-password', {
      body: { email: priya.shopper.email },
    });
    const [account] = await world.database.db
      .select()
      .from(users)
      .where(eq(users.id, priya.user._id));
    const secrets = [
      account!.passwordHash!,
      subject,
      priya.refreshToken,
      priya.accessToken,
      ...(
        await queryRows<{ token_hash: string }>(
          world.database.db,
          sql`select token_hash from refresh_tokens where user_id = ${priya.user._id}
            union all select token_hash from one_time_tokens where user_id = ${priya.user._id}`,
        )
      ).map((row) => row.token_hash),
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(6);

    const detail = await customer(priya.user._id);
    expect(detail.body.data.profile.googleLinked).toBe(true);
    const list = await customers(`?q=priya`);
    for (const answer of [detail, list]) {
      const json = JSON.stringify(answer.body);
      for (const secret of secrets) expect(json).not.toContain(secret);
      expect(json).not.toMatch(/password|hash|token|subject|refresh|sessions/i);
    }
  });
});

describe('notes on a customer', () => {
  it('adds a note for the shop only, audited with who wrote it', async () => {
    const text = 'Prefers a call before delivery.\nSize up in the balconette.';
    const added = await send(app(), 'POST', `/api/admin/customers/${priya.user._id}/notes`, {
      token: owner.accessToken,
      body: { text: `  ${text}  ` },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ text, author: expect.any(String) });

    const blank = await send(app(), 'POST', `/api/admin/customers/${priya.user._id}/notes`, {
      token: owner.accessToken,
      body: { text: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please write the note');
    const nobody = await send(app(), 'POST', `/api/admin/customers/${randomUUID()}/notes`, {
      token: owner.accessToken,
      body: { text: 'lost' },
    });
    expect(nobody.status).toBe(404);

    const detail = (await customer(priya.user._id)).body.data;
    expect(detail.notes.map((note: { text: string }) => note.text)).toEqual([text]);

    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=customer&entityId=${priya.user._id}`,
      { token: owner.accessToken },
    );
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data)).toContain('customer.note');
    const [entry] = await queryRows<{ actor_id: string; action: string; after: unknown }>(
      world.database.db,
      sql`select actor_id, action, after from audit_entries
        where entity = 'customer' and entity_id = ${priya.user._id}`,
    );
    expect(entry).toMatchObject({
      actor_id: owner.user._id,
      action: 'customer.note',
      after: { noteId: added.body.data._id, text },
    });

    // Her own profile never carries it.
    const mine = await send(app(), 'GET', '/api/auth/profile', { token: priya.accessToken });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain('balconette');
  });
});
