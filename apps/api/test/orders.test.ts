import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, rupeesToPaise } from '@shop/domain/money';
import { RETURNED_ON_THE_DESK } from '@shop/domain/orders';
import { isUniqueViolation, queryRows, type Executor } from '../src/db/client.ts';
import { createMailOutbox } from '../src/features/mail/mail-outbox.ts';
import {
  createOrdersRepository,
  type OrdersRepository,
  type PlacedOrder,
} from '../src/features/orders/orders.repository.ts';
import { insertPlacedOrder, StockShort } from '../src/features/orders/workflows/order-steps.ts';
import { paymentSignature } from '../src/adapters/payments/signatures.ts';
import { orderSettlementSteps } from '../src/features/orders/orders.service.ts';
import {
  createPaymentsRepository,
  type SettleCall,
} from '../src/features/payments/payments.repository.ts';
import { createRefundsRepository } from '../src/features/payments/refunds.repository.ts';
import { settlePayment } from '../src/features/payments/workflows/settle-payment.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import {
  address,
  eventually,
  fillCart,
  moveOrder,
  orderBody,
  payOrder,
  placeOrder,
} from './order-helpers.ts';
import { readOutbox } from './outbox.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: 'owner@lacebloom.in',
    // Every test signs up shoppers of its own, from one address: more than an hour's 50.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
  });
  choices = await stockedChoices(world.app, 4);
});
afterAll(async () => {
  await world?.close();
});

async function stockOf(choice: StockedChoice): Promise<number> {
  const { body } = await getJson(app(), `/api/product/${choice.productId}`);
  const color = body.data.colors.find(
    (c: { colorName: string }) => c.colorName === choice.colorName,
  );
  return color.sizeStock.find((s: { size: string }) => s.size === choice.size).stock;
}

async function setStock(choice: StockedChoice, stock: number) {
  await world.database.db.execute(sql`
    update product_size_stock s set stock = ${stock} from product_colors c
    where s.color_id = c.id and c.product_id = ${choice.productId}
      and c.color_name = ${choice.colorName} and s.size = ${choice.size}`);
  world.app.readCache.clear();
}

async function orderOf(token: string, orderId: string) {
  return (await send(app(), 'GET', `/api/order/${orderId}`, { token })).body.data;
}

/** An order as the service prices it, for placing it directly (insertPlacedOrder). */
function pricedOrder(
  choice: StockedChoice,
  userId: string,
  options: { orderNumber?: string; discountIds?: string[] } = {},
): PlacedOrder {
  const pricePaise = Math.round(choice.price * 100);
  return {
    order: {
      orderNumber: options.orderNumber ?? `LBTEST${Date.now()}${Math.random()}`,
      userId,
      subtotalPaise: pricePaise,
      totalPaise: pricePaise,
      shippingAddress: address,
      billingAddress: address,
      paymentDueAt: new Date(),
    },
    items: [
      {
        productId: choice.productId,
        productName: choice.name,
        productImage: '',
        colorName: choice.colorName,
        colorHex: '#000000',
        size: choice.size,
        quantity: 1,
        pricePaise,
        itemTotalPaise: pricePaise,
        categorySlug: 'bras',
        position: 0,
      },
    ],
    discountIds: options.discountIds ?? [],
  };
}

/** The workflow's "take stock, insert the order" step, in a transaction of its own. */
function placeDirectly(repository: OrdersRepository, order: PlacedOrder) {
  return world.database.db.transaction((tx) => insertPlacedOrder(tx, repository, order));
}

const webhookSecret = () => world.config.payments.webhookSecret;
function signedWebhook(body: object, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  const raw = JSON.stringify(body);
  return app().inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', webhookSecret()).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  });
}

/** The payments repository on this file's database, as the server builds it. */
function paymentsRepository() {
  return createPaymentsRepository(world.database.db);
}

/** The settlement workflow on this file's database, as the server builds it, in `tx`. */
function settle(tx: Executor, call: SettleCall) {
  const db = world.database.db;
  // Mail is only queued here; the server's own outbox delivers it.
  const outbox = createMailOutbox(db, { send: async () => undefined }, () => undefined, {});
  const deps = {
    payments: createPaymentsRepository(db),
    refunds: createRefundsRepository(db),
    orders: orderSettlementSteps(createOrdersRepository(db), outbox),
  };
  return settlePayment(deps, tx, call);
}

/** A shopper's order placed and its provider order made, not yet paid. */
async function initiatedOrder(token: string, choice: StockedChoice, quantity = 1) {
  const { orderId } = await placeOrder(app(), token, [[choice, quantity]]);
  const initiated = await send(app(), 'POST', '/api/payments/initiate', {
    token,
    body: { orderId },
  });
  return { orderId, providerOrderId: initiated.body.data.razorpayOrderId as string };
}

/** A client of its own on this file's database (on the PostgreSQL test cluster), connected. */
async function ownDatabaseClient() {
  const client = new pg.Client({ connectionString: world.databaseUrl! });
  await client.connect();
  return client;
}

/** A poll's patience on a busy machine (Vitest's default is one second). */
const patiently = { timeout: 10_000 };

/**
 * Waits until a connection to this file's database waits on a lock. Asked on a connection of its
 * own, outside any transaction: within one, PostgreSQL shows the activity as it first read it.
 */
async function waitingOnALock() {
  const observer = await ownDatabaseClient();
  try {
    await expect
      .poll(async () => {
        const { rows } = await observer.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0]!.waiting;
      }, patiently)
      .toBeGreaterThan(0);
  } finally {
    await observer.end();
  }
}

describe('placing an order', () => {
  it('needs sign-in', async () => {
    const answer = await send(app(), 'POST', '/api/order', { body: orderBody([[choices[0]!, 1]]) });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Please login to place an order');
    // Whatever the body: a guest hears the sign-in message, not a validation error.
    for (const body of [{}, { items: [] }, 'not json at all', { items: [{ product: 1 }] }]) {
      const guest = await send(app(), 'POST', '/api/order', { body });
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe('Please login to place an order');
    }
  });

  it('prices every line from the catalogue, ignores client totals, and takes the stock at once', async () => {
    const [a, b] = choices;
    const { accessToken } = await signUp(app());
    const before = [await stockOf(a!), await stockOf(b!)];
    await fillCart(app(), accessToken, [
      [a!, 2],
      [b!, 1],
    ]);
    const answer = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([
        [a!, 2],
        [b!, 1],
      ]),
    });
    expect(answer.status).toBe(201);
    const expected = Math.round((a!.price * 2 + b!.price) * 100) / 100;
    expect(answer.body.data).toMatchObject({
      total: expected,
      orderNumber: expect.stringMatching(/^LB\d{14}$/),
    });
    expect(answer.body.data.orderId).toBe(answer.body.data._id);
    const order = await orderOf(accessToken, answer.body.data.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      subtotal: expected,
      totalDiscountAmount: 0,
      shippingCharge: 0,
      total: expected,
      paymentMethod: 'razorpay',
      shippingAddress: address,
      billingAddress: address,
      canCancel: true,
    });
    expect(order.items[0]).toMatchObject({
      productName: a!.name,
      quantity: 2,
      priceAtPurchase: a!.price,
      size: a!.size.toLowerCase(),
    });
    expect([await stockOf(a!), await stockOf(b!)]).toEqual([before[0]! - 2, before[1]! - 1]);
  });

  it('answers the order as stored, and charges a price changed behind its cached copy', async () => {
    const choice = choices[7]!;
    const { accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choice, 1]]);
    const first = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choice, 1]]),
    });
    expect(first.status).toBe(201);
    expect(first.body.data.order).toEqual(await orderOf(accessToken, first.body.data.orderId));
    // Another server process raises the price: this one's copy of the product still says the old.
    const raisedPaise = Math.round(choice.price * 100) + 5_000;
    await world.database.db.execute(
      sql`update products set price_paise = ${raisedPaise} where id = ${choice.productId}`,
    );
    await fillCart(app(), accessToken, [[choice, 2]]);
    const second = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choice, 2]]),
    });
    expect(second.status).toBe(201);
    expect(second.body.data.total).toBe((raisedPaise * 2) / 100);
    expect(second.body.data.order.items[0].priceAtPurchase).toBe(raisedPaise / 100);
    await world.database.db.execute(
      sql`update products set price_paise = ${Math.round(choice.price * 100)} where id = ${choice.productId}`,
    );
    world.app.readCache.clear();
  });

  it("checks a coupon's minimum against today's prices, not a cached copy's", async () => {
    const choice = choices[10]!;
    const pricePaise = Math.round(choice.price * 100);
    const code = `MIN${Date.now()}`;
    await world.database.db.execute(
      sql`insert into discounts (code, type, percent_off, min_subtotal_paise)
          values (${code}, 'coupon', 10, ${pricePaise})`,
    );
    const { accessToken } = await signUp(app());
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choice, 1) });
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code },
    });
    expect(applied.status).toBe(200);
    // Behind this process's copy: the price rises, and so does the coupon's minimum, which only
    // the new price meets.
    const raisedPaise = pricePaise + 5_000;
    await world.database.db.execute(
      sql`update products set price_paise = ${raisedPaise} where id = ${choice.productId}`,
    );
    await world.database.db.execute(
      sql`update discounts set min_subtotal_paise = ${pricePaise + 2_500} where code = ${code}`,
    );
    const answer = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choice, 1]]),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.order).toMatchObject({
      subtotal: raisedPaise / 100,
      totalDiscountAmount: Math.round(raisedPaise * 0.1) / 100,
      discountCode: code,
    });
    await world.database.db.execute(
      sql`update products set price_paise = ${pricePaise} where id = ${choice.productId}`,
    );
    world.app.readCache.clear();
  });

  it('knows a drawn order number that is taken, and takes no stock for it', async () => {
    const choice = choices[9]!;
    const { accessToken } = await signUp(app());
    const first = await placeOrder(app(), accessToken, [[choice, 1]]);
    const taken = await orderOf(accessToken, first.orderId);
    const stockBefore = await stockOf(choice);
    const repository = createOrdersRepository(world.database.db);
    const [stored] = await queryRows<{ user_id: string }>(
      world.database.db,
      sql`select user_id from orders where id = ${taken._id}`,
    );
    const attempt = placeDirectly(
      repository,
      pricedOrder(choice, stored!.user_id, { orderNumber: taken.orderNumber }),
    );
    await expect(attempt).rejects.toSatisfy((error) =>
      isUniqueViolation(error, 'orders_number_key'),
    );
    world.app.readCache.clear();
    expect(await stockOf(choice)).toBe(stockBefore);
  });

  it('places orders sent at once each on its own: one short of stock fails alone', async () => {
    const [plenty, scarce] = [choices[20]!, choices[21]!];
    const { accessToken } = await signUp(app());
    const first = await placeOrder(app(), accessToken, [[plenty, 1]]);
    const [stored] = await queryRows<{ user_id: string }>(
      world.database.db,
      sql`select user_id from orders where id = ${first.orderId}`,
    );
    const userId = stored!.user_id;
    await setStock(scarce, 1);
    const plentyBefore = await stockOf(plenty);
    try {
      const repository = createOrdersRepository(world.database.db);
      const outcomes = await Promise.allSettled([
        placeDirectly(repository, pricedOrder(plenty, userId)),
        placeDirectly(repository, pricedOrder(scarce, userId)),
        placeDirectly(repository, pricedOrder(scarce, userId)),
        placeDirectly(repository, pricedOrder(plenty, userId)),
      ]);
      // Which of the two buyers of the last unit wins is the database's to decide.
      expect(outcomes[0]!.status).toBe('fulfilled');
      expect(outcomes[3]!.status).toBe('fulfilled');
      const scarceOutcomes = [outcomes[1]!, outcomes[2]!];
      expect(scarceOutcomes.map((outcome) => outcome.status).sort()).toEqual([
        'fulfilled',
        'rejected',
      ]);
      // The refused one answers as stock short, naming the position of the line short of stock.
      const refused = scarceOutcomes.find(
        (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
      )!.reason;
      expect(refused).toBeInstanceOf(StockShort);
      expect((refused as StockShort).position).toBe(0);
      const placedIds = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value.id] : [],
      );
      expect(placedIds).toHaveLength(3);
      const rows = await queryRows<{ n: number }>(
        world.database.db,
        sql`select count(*)::int as n from order_items where order_id in ${sql`(${sql.join(
          placedIds.map((id) => sql`${id}`),
          sql`, `,
        )})`}`,
      );
      expect(rows[0]?.n).toBe(3);
      world.app.readCache.clear();
      expect(await stockOf(scarce)).toBe(0);
      expect(await stockOf(plenty)).toBe(plentyBefore - 2);
    } finally {
      await setStock(scarce, scarce.stock);
    }
  });

  it('refuses, at the moment of writing, a discount that expired or was switched off', async () => {
    const choice = choices[11]!;
    const { shopper, accessToken } = await signUp(app());
    const [user] = await queryRows<{ id: string }>(
      world.database.db,
      sql`select id from users where email = ${shopper.email.toLowerCase()}`,
    );
    const [expired, off] = await queryRows<{ id: string }>(
      world.database.db,
      sql`insert into discounts (code, percent_off, expires_at, is_active)
          values (${`GONE${Date.now()}`}, 10, now() - interval '1 second', true),
                 (${`OFF${Date.now()}`}, 10, null, false)
          returning id`,
    );
    await fillCart(app(), accessToken, [[choice, 1]]);
    const stockBefore = await stockOf(choice);
    const refusals: [string, string][] = [
      [expired!.id, 'This discount code has expired'],
      [off!.id, 'Invalid discount code'],
    ];
    for (const [discountId, message] of refusals) {
      // Applied while it still held; the order is checked again as it is written.
      await world.database.db.execute(
        sql`update carts set applied_coupon_id = ${discountId} where user_id = ${user!.id}`,
      );
      const answer = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choice, 1]]),
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(message);
    }
    world.app.readCache.clear();
    expect(await stockOf(choice)).toBe(stockBefore);
  });

  it('checks addresses with the checkout messages', async () => {
    const { accessToken } = await signUp(app());
    const cases: [Record<string, unknown>, string][] = [
      [{ shippingAddress: { ...address, pinCode: '5600' } }, 'Invalid PIN code'],
      [{ shippingAddress: { ...address, phone: '12345' } }, 'Invalid phone number'],
      [{ shippingAddress: { ...address, name: ' ' } }, 'Name is required'],
      [{ shippingAddress: { ...address, city: '' } }, 'City is required'],
      [
        { billingAddress: { ...address, name: '' }, sameAsShipping: false },
        'Billing name is required',
      ],
      [
        { billingAddress: { ...address, pinCode: '12' }, sameAsShipping: false },
        'Invalid billing PIN code',
      ],
      [{ items: [] }, 'Your order has no items'],
    ];
    for (const [extra, message] of cases) {
      const answer = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choices[0]!, 1]], extra),
      });
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('reserves nothing when one line cannot be met, and says how many are left', async () => {
    const [a, b] = [choices[2]!, choices[3]!];
    const { accessToken } = await signUp(app());
    const before = await stockOf(a);
    await fillCart(app(), accessToken, [
      [a, 1],
      [b, 2],
    ]);
    await setStock(b, 1);
    try {
      const answer = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([
          [a, 1],
          [b, 2],
        ]),
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        `Only 1 left of ${b.name} (${b.colorName}, size ${b.size.toUpperCase()})`,
      );
      expect(await stockOf(a)).toBe(before);
      expect(await stockOf(b)).toBe(1);
    } finally {
      await setStock(b, b.stock);
    }
  });

  it('sells the last units exactly once to 20 shoppers at once', async () => {
    const choice = choices[4]!;
    await setStock(choice, 5);
    try {
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp(app())));
      for (const { accessToken } of shoppers) await fillCart(app(), accessToken, [[choice, 1]]);
      const answers = await Promise.all(
        shoppers.map(({ accessToken }) =>
          send(app(), 'POST', '/api/order', { token: accessToken, body: orderBody([[choice, 1]]) }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
      expect(await stockOf(choice)).toBe(0);
    } finally {
      await setStock(choice, choice.stock);
    }
  });

  it('answers the first order again for a repeated Idempotency-Key, and 422 for a different body', async () => {
    const { accessToken } = await signUp(app());
    const body = orderBody([[choices[5]!, 1]]);
    await fillCart(app(), accessToken, [[choices[5]!, 1]]);
    const headers = {
      authorization: `Bearer ${accessToken}`,
      'idempotency-key': 'checkout-attempt-1',
    };
    const first = await app().inject({ method: 'POST', url: '/api/order', payload: body, headers });
    const again = await app().inject({ method: 'POST', url: '/api/order', payload: body, headers });
    expect(first.statusCode).toBe(201);
    expect(again.json().data.orderId).toBe(first.json().data.orderId);
    const list = await send(app(), 'GET', '/api/order', { token: accessToken });
    expect(list.body.data.total).toBe(1);
    const different = await app().inject({
      method: 'POST',
      url: '/api/order',
      payload: orderBody([[choices[5]!, 2]]),
      headers,
    });
    expect(different.statusCode).toBe(422);
  });

  it("leaves one payable order, with the cart's NEW10 used once, when 10 are placed at once", async () => {
    const { accessToken } = await signUp(app());
    const choice = choices[6]!;
    const stockBefore = await stockOf(choice);
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choice, 1) });
    await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code: 'NEW10' },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(app(), 'POST', '/api/order', { token: accessToken, body: orderBody([[choice, 1]]) }),
      ),
    );
    // Each placement from the cart replaces the unpaid one before it.
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const orders = await Promise.all(
      answers.map((answer) => orderOf(accessToken, answer.body.data.orderId)),
    );
    const open = orders.filter((order) => order.status === 'pending');
    expect(open).toHaveLength(1);
    expect(orders.filter((order) => order.status === 'cancelled')).toHaveLength(9);
    const pricePaise = Math.round(choice.price * 100);
    expect(open[0].totalDiscountAmount).toBe(Math.floor((pricePaise * 10 + 50) / 100) / 100);
    expect(open[0].discountCode).toBe('NEW10');
    expect(open[0].discounts).toEqual([
      { code: 'NEW10', type: 'coupon', amount: open[0].totalDiscountAmount },
    ]);
    const [uses] = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from discount_uses u join orders o on o.id = u.order_id
          where o.user_id = (select user_id from orders where id = ${open[0]._id})`,
    );
    expect(uses!.n).toBe(1);
    world.app.readCache.clear();
    expect(await stockOf(choice)).toBe(stockBefore - 1);
  });
});

describe('paying', () => {
  it('initiates once per order, for the server total in paise', async () => {
    const { accessToken } = await signUp(app());
    const { orderId, total } = await placeOrder(app(), accessToken, [[choices[7]!, 1]]);
    const first = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId, method: 'razorpay' },
    });
    const second = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId },
    });
    expect(first.body.data).toMatchObject({
      amount: Math.round(total * 100),
      currency: 'INR',
      key: expect.any(String),
    });
    expect(first.body.data.razorpayOrderId).toMatch(/^order_/);
    expect(second.body.data.razorpayOrderId).toBe(first.body.data.razorpayOrderId);
    const card = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId, method: 'cod' },
    });
    expect(card.body.message).toBe('Payment initialization incomplete');
  });

  it('refuses forged signatures and other order ids with no change', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[7]!, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    const forged = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: { ...paid, razorpay_signature: '0'.repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Payment verification failed');
    const other = await signUp(app());
    const { orderId: otherOrder } = await placeOrder(app(), other.accessToken, [[choices[7]!, 1]]);
    const otherInit = await send(app(), 'POST', '/api/payments/initiate', {
      token: other.accessToken,
      body: { orderId: otherOrder },
    });
    const wrongOrder = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: { ...paid, razorpay_order_id: otherInit.body.data.razorpayOrderId },
    });
    expect(wrongOrder.status).toBe(400);
    expect((await orderOf(other.accessToken, otherOrder)).paymentStatus).toBe('pending');
  });

  it("answers a first verification with the paid order and its lines, and only to the order's shopper", async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[7]!, 2]]);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId, method: 'razorpay' },
    });
    const providerOrderId = initiated.body.data.razorpayOrderId as string;
    // Signed here as the provider's checkout would: no simulator webhook settles it first.
    const paymentId = `pay_${randomBytes(7).toString('hex')}`;
    const checkout = {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', world.config.payments.keySecret)
        .update(`${providerOrderId}|${paymentId}`)
        .digest('hex'),
    };
    // Another shopper holding this checkout's result cannot verify it.
    const other = await signUp(app());
    const stolen = await send(app(), 'POST', '/api/payments/verify', {
      token: other.accessToken,
      body: checkout,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('Payment verification failed');
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('pending');

    const verified = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: checkout,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.order).toMatchObject({
      _id: orderId,
      paymentStatus: 'paid',
      items: [expect.objectContaining({ quantity: 2 })],
    });
    expect(verified.body.data.payment).toMatchObject({ status: 'paid' });
  });

  it('refuses a payment already recorded for another order, even signed', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[7]!, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    const verified = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: paid,
    });
    expect(verified.status).toBe(200);
    const { orderId: second } = await placeOrder(app(), accessToken, [[choices[7]!, 1]]);
    const secondInit = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId: second },
    });
    const providerOrderId = secondInit.body.data.razorpayOrderId as string;
    const replayed = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: createHmac('sha256', world.config.payments.keySecret)
          .update(`${providerOrderId}|${paid.razorpay_payment_id}`)
          .digest('hex'),
      },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe('Payment verification failed');
    expect((await orderOf(accessToken, second)).paymentStatus).toBe('pending');
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('paid');
  });

  it('marks an order paid once, however often it is verified and its webhook delivered', async () => {
    const { accessToken, shopper } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[8]!, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    const verifies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(app(), 'POST', i % 2 ? '/api/payments/verify' : '/api/payments/success', {
          token: accessToken,
          body: paid,
        }),
      ),
    );
    expect(verifies.every((answer) => answer.status === 200)).toBe(true);
    // Whether it settled the payment or found it settled, a verify answers the same, as stored.
    const stored = await orderOf(accessToken, orderId);
    for (const answer of verifies.filter((_, i) => i % 2)) {
      expect(answer.body.data.order).toEqual(stored);
      expect(answer.body.data.payment).toMatchObject({
        status: 'paid',
        razorpayPaymentId: paid.razorpay_payment_id,
      });
    }
    const event = {
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: paid.razorpay_order_id,
            amount: 1,
            status: 'captured',
          },
        },
      },
    };
    const deliveries = await Promise.all(
      [1, 2, 3].map(() => signedWebhook(event, 'evt_same_event')),
    );
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200]);
    const order = await orderOf(accessToken, orderId);
    expect(order.paymentStatus).toBe('paid');
    const confirmationsSent = async () =>
      (await readOutbox(world.config.outboxDir)).filter(
        (mail) => mail.to.includes(shopper.email) && mail.subject.includes('is confirmed'),
      );
    // Delivered once the outbox runs (here or after a commit), and a later run sends no other.
    await expect
      .poll(async () => {
        await app().jobs.deliverMail();
        return (await confirmationsSent()).length;
      }, patiently)
      .toBeGreaterThan(0);
    await app().jobs.deliverMail();
    const confirmations = await confirmationsSent();
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.subject).toBe(
      `Your Lacebloom order ${order.orderNumber} is confirmed`,
    );
    // Written from the order as paid: the shopper's name, the lines, totals and address.
    const confirmation = confirmations[0]!.text;
    expect(confirmation).toContain(`Hello ${shopper.firstName},`);
    expect(confirmation).toContain(
      `1 × ${choices[8]!.name} (${choices[8]!.colorName}, size ${choices[8]!.size.toUpperCase()})`,
    );
    expect(confirmation).toContain(`Total paid: ${formatMoney(rupeesToPaise(order.total))}`);
    expect(confirmation).toContain('12 MG Road, Indiranagar, Bengaluru, Karnataka 560001');
    expect(confirmations[0]!.html).toContain(order.orderNumber);
    const counted = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from payments where order_id = ${orderId}`,
    );
    expect(counted[0]?.n).toBe(1);
    // Settled again, as by the loser of a race: the order comes back from its lock, paid, with
    // its lines (the verification answers from it, with no further read).
    const db = world.database.db;
    const again = await db.transaction((tx) =>
      settle(tx, {
        providerOrderId: paid.razorpay_order_id,
        providerPaymentId: paid.razorpay_payment_id,
        method: null,
        userId: null,
      }),
    );
    expect(again.outcome).toBe('already');
    expect(again.order?.paymentStatus).toBe('paid');
    expect(again.order?.items.map((item) => item.productId)).toEqual([choices[8]!.productId]);
  });

  it('stores the capture of a payment settled already as handled in one statement, and nothing else', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[8]!, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    const db = world.database.db;
    const payments = paymentsRepository();
    const stored = async (eventId: string) =>
      queryRows<{ handled: boolean }>(
        db,
        sql`select handled_at is not null as handled from webhook_events where event_id = ${eventId}`,
      );
    const capture = (paymentId: string, eventId: string) =>
      payments.claimSettledCapture(paid.razorpay_order_id, paymentId, eventId, 'payment.captured', {
        event: 'payment.captured',
      });
    // Another payment id than the one that settles the order: nothing is stored, the caller applies it.
    expect(await capture('pay_other', 'evt_other')).toEqual({ settled: false, claimed: false });
    expect(await stored('evt_other')).toEqual([]);
    const verified = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: paid,
    });
    expect(verified.status).toBe(200);
    expect(await capture(paid.razorpay_payment_id, 'evt_settled')).toEqual({
      settled: true,
      claimed: true,
    });
    expect(await stored('evt_settled')).toEqual([{ handled: true }]);
    // Delivered again: found handled, not claimed twice.
    expect(await capture(paid.razorpay_payment_id, 'evt_settled')).toEqual({
      settled: true,
      claimed: false,
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'locks the order before its payment when settling: the payment stays free while another holds the order',
    async () => {
      const { accessToken } = await signUp(app());
      const { orderId } = await placeOrder(app(), accessToken, [[choices[9]!, 1]]);
      const paid = await payOrder(app(), accessToken, orderId);
      const holder = await ownDatabaseClient();
      const prober = await ownDatabaseClient();
      try {
        await holder.query('begin');
        await holder.query('select id from orders where id = $1 for update', [orderId]);
        // The verification (and the simulator's webhook) wait on the order's lock...
        const verifying = send(app(), 'POST', '/api/payments/verify', {
          token: accessToken,
          body: paid,
        });
        await waitingOnALock();
        // ...holding no lock on its payment meanwhile (every writer locks the order first).
        const free = await prober.query(
          'select id from payments where order_id = $1 for update nowait',
          [orderId],
        );
        expect(free.rowCount).toBe(1);
        await holder.query('commit');
        const verified = await verifying;
        expect(verified.status).toBe(200);
        expect(verified.body.data.order.paymentStatus).toBe('paid');
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
        await prober.end();
      }
    },
  );

  it('settles a payment once, deciding on the order and payment as they are under their locks', async () => {
    const { accessToken } = await signUp(app());
    const { orderId, providerOrderId } = await initiatedOrder(accessToken, choices[10]!, 2);
    const db = world.database.db;
    const payments = paymentsRepository();
    /** The shopper's browser reports a payment of `order` (signed as the provider signs it). */
    const verify = (providerPaymentId: string, order = providerOrderId) =>
      send(app(), 'POST', '/api/payments/verify', {
        token: accessToken,
        body: {
          razorpay_order_id: order,
          razorpay_payment_id: providerPaymentId,
          razorpay_signature: paymentSignature(
            world.config.payments.keySecret,
            order,
            providerPaymentId,
          ),
        },
      });
    // The order's confirmations, queued or delivered (a delivered mail keeps only its recipient:
    // the shopper has no other paid order here).
    const confirmations = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from mail_outbox
              where template = 'order_confirmation'
                and (data->'order'->>'id' = ${orderId}
                  or recipient = (select u.email from users u
                    join orders o on o.user_id = u.id where o.id = ${orderId}))`,
        )
      )[0]!.n;
    const cartUnits = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select coalesce(sum(i.quantity), 0)::int as n from cart_items i
              join carts c on c.id = i.cart_id
              where c.user_id = (select user_id from orders where id = ${orderId})
                and i.product_id = ${choices[10]!.productId}`,
        )
      )[0]!.n;

    // Two tabs report payments of the unpaid order; the first to settle pays it.
    expect(await cartUnits()).toBe(2);
    const first = await verify('pay_firsttab000001');
    expect(first.status).toBe(200);
    expect(first.body.data.order.paymentStatus).toBe('paid');
    expect(first.body.data.order.items.map((item: { quantity: number }) => item.quantity)).toEqual([
      2,
    ]);
    expect(first.body.data.payment).toMatchObject({
      status: 'paid',
      razorpayPaymentId: 'pay_firsttab000001',
    });
    expect(await confirmations()).toBe(1);
    expect(await cartUnits()).toBe(0);

    // The second tab's payment writes nothing over the first: money already received goes back.
    const locked = await db.transaction((tx) =>
      settle(tx, {
        providerOrderId,
        providerPaymentId: 'pay_secondtab00001',
        method: null,
        userId: null,
      }),
    );
    expect(locked).toMatchObject({ outcome: 'duplicate', refundOwed: true });
    const stored = (await payments.settledView(providerOrderId))!;
    expect(stored.payment.providerPaymentId).toBe('pay_firsttab000001');
    expect(stored.order.paymentStatus).toBe('paid');
    expect(await confirmations()).toBe(1);

    // An order cancelled before its payment arrives is not paid by it (the money goes back).
    const { orderId: cancelledId, providerOrderId: cancelledProviderOrder } = await initiatedOrder(
      accessToken,
      choices[10]!,
    );
    await send(app(), 'POST', `/api/order/${cancelledId}/cancel`, {
      token: accessToken,
      body: { reason: 'Changed my mind' },
    });
    await verify('pay_aftercancel001', cancelledProviderOrder);
    const afterCancel = (await payments.settledView(cancelledProviderOrder))!;
    expect(afterCancel.order.status).toBe('cancelled');
    expect(afterCancel.order.paymentStatus).not.toBe('paid');

    // Nor is an order paid by a payment whose id is already on another payment.
    const { providerOrderId: thirdProviderOrder } = await initiatedOrder(accessToken, choices[10]!);
    const taken = await verify('pay_firsttab000001', thirdProviderOrder);
    expect(taken.status).toBe(400);
    expect((await payments.settledView(thirdProviderOrder))!.order.paymentStatus).toBe('pending');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'settles only on what is committed once its locks are granted',
    async () => {
      const { accessToken } = await signUp(app());
      const { orderId, providerOrderId } = await initiatedOrder(accessToken, choices[11]!);
      const payments = paymentsRepository();
      const holder = await ownDatabaseClient();
      try {
        // Another writer holds the order and records a failed attempt meanwhile.
        await holder.query('begin');
        await holder.query('select id from orders where id = $1 for update', [orderId]);
        const db = world.database.db;
        const settling = db.transaction((tx) =>
          settle(tx, {
            providerOrderId,
            providerPaymentId: 'pay_whilelocked01',
            method: null,
            userId: null,
          }),
        );
        await waitingOnALock();
        await holder.query(`update orders set payment_status = 'failed' where id = $1`, [orderId]);
        await holder.query('commit');
        // The settlement waited for the lock and then decided on the order as committed: a
        // failed attempt before is no obstacle to a payment now, and the order is paid once.
        expect(await settling).toMatchObject({ outcome: 'paid' });
        const now = (await payments.settledView(providerOrderId))!;
        expect(now.order.paymentStatus).toBe('paid');
        expect(now.payment).toMatchObject({
          status: 'paid',
          providerPaymentId: 'pay_whilelocked01',
        });
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
    },
  );

  it('keeps the claim on a webhook whose payment id another order took at the same moment', async () => {
    const { db } = world.database;
    // Two shoppers' orders, each initiated; the provider reports one payment id captured on both
    // at once (a provider's payment pays one order). Several rounds make the clash likely, where
    // both pass the lock before either commits and the second meets the unique key.
    for (const round of [1, 2, 3]) {
      const [first, second] = await Promise.all([signUp(app()), signUp(app())]);
      const orders = await Promise.all(
        [first, second].map(({ accessToken }, index) =>
          initiatedOrder(accessToken, choices[choices.length - 1 - index]!),
        ),
      );
      const amounts = await Promise.all(
        orders.map(async ({ orderId }) => {
          const [row] = await queryRows<{ paise: number }>(
            db,
            sql`select amount_paise as paise from payments where order_id = ${orderId}`,
          );
          return row!.paise;
        }),
      );
      const paymentId = `pay_shared_round${round}`;
      const eventIds = orders.map((_, index) => `evt_shared_${round}_${index}`);
      const deliveries = await Promise.all(
        orders.map(({ providerOrderId }, index) =>
          signedWebhook(
            {
              entity: 'event',
              event: 'payment.captured',
              contains: ['payment'],
              payload: {
                payment: {
                  entity: {
                    id: paymentId,
                    order_id: providerOrderId,
                    amount: amounts[index],
                    currency: 'INR',
                    status: 'captured',
                  },
                },
              },
            },
            eventIds[index],
          ),
        ),
      );
      expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200]);
      // One order is paid by it; the other is not, and both events are kept as received, so a
      // redelivery of either is known.
      const statuses = await Promise.all(
        orders.map(
          async ({ orderId }, index) =>
            (await orderOf([first, second][index]!.accessToken, orderId)).paymentStatus,
        ),
      );
      expect(statuses.filter((status) => status === 'paid')).toHaveLength(1);
      const claimed = await queryRows<{ id: string }>(
        db,
        sql`select event_id as id from webhook_events where event_id in (${eventIds[0]!}, ${eventIds[1]!})`,
      );
      expect(claimed.map((row) => row.id).sort()).toEqual([...eventIds].sort());
    }
  });

  it('settles an order from the webhook alone when the shopper never comes back', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[9]!, 1]]);
    await payOrder(app(), accessToken, orderId);
    await eventually(async () => (await orderOf(accessToken, orderId)).paymentStatus === 'paid');
  });

  it('refuses a webhook whose body was tampered with', async () => {
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x' } } },
    });
    const signature = createHmac('sha256', webhookSecret()).update(raw).digest('hex');
    const answer = await app().inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: raw.replace('pay_x', 'pay_y'),
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': 'evt_t',
      },
    });
    expect(answer.statusCode).toBe(400);
  });

  it('records a failure, and the order can be paid again', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[10]!, 1]]);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId },
    });
    const rzp = initiated.body.data.razorpayOrderId;
    const failed = await send(app(), 'POST', '/api/payments/simulator/pay', {
      token: accessToken,
      body: { razorpayOrderId: rzp, outcome: 'failure' },
    });
    expect(failed.status).toBe(402);
    const recorded = await send(app(), 'POST', '/api/payments/failure', {
      token: accessToken,
      body: {
        razorpayOrderId: rzp,
        razorpayPaymentId: failed.body.error.metadata.payment_id,
        failureReason: 'Payment cancelled by user',
      },
    });
    expect(recorded.status).toBe(200);
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('failed');
    const again = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId },
    });
    expect(again.body.data.razorpayOrderId).toBe(rzp);
    const paid = await send(app(), 'POST', '/api/payments/simulator/pay', {
      token: accessToken,
      body: { razorpayOrderId: rzp, outcome: 'success' },
    });
    await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid.body.data });
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('paid');
    const details = await send(app(), 'GET', `/api/payments/order/${orderId}`, {
      token: accessToken,
    });
    expect(details.body.data).toMatchObject({ status: 'paid', razorpayOrderId: rzp });
  });
});

describe('after the order', () => {
  it('cancels an unpaid order after the timeout, returns its stock, and is safe to run twice', async () => {
    const choice = choices[11]!;
    const { accessToken } = await signUp(app());
    const before = await stockOf(choice);
    const { orderId } = await placeOrder(app(), accessToken, [[choice, 2]]);
    expect(await stockOf(choice)).toBe(before - 2);
    await world.database.db.execute(
      sql`update orders set payment_due_at = now() - interval '1 minute' where id = ${orderId}`,
    );
    const [first, second] = await Promise.all([
      app().jobs.expireUnpaidOrders(),
      app().jobs.expireUnpaidOrders(),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await app().jobs.expireUnpaidOrders()).toBe(0);
    expect((await orderOf(accessToken, orderId)).status).toBe('cancelled');
    expect(await stockOf(choice)).toBe(before);
  });

  it('gives back the stock and discount uses of several expired orders at once', async () => {
    const [a, b] = [choices[13]!, choices[14]!];
    const before = [await stockOf(a), await stockOf(b)];
    const countNew10 = async () =>
      (
        await queryRows<{ n: number }>(
          world.database.db,
          sql`select times_used as n from discounts where code = 'NEW10'`,
        )
      )[0]!.n;
    const usedBefore = await countNew10();
    const shoppers = [await signUp(app()), await signUp(app())];
    const orderIds: string[] = [];
    for (const { accessToken } of shoppers) {
      await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(a, 1) });
      await send(app(), 'POST', '/api/cart/apply-discount', {
        token: accessToken,
        body: { code: 'NEW10' },
      });
      const placed = await placeOrder(app(), accessToken, [
        [b, 1],
        [a, 1],
      ]);
      orderIds.push(placed.orderId);
    }
    expect(await countNew10()).toBe(usedBefore + 2);
    await world.database.db.execute(
      sql`update orders set payment_due_at = now() - interval '1 minute'
          where id in (${orderIds[0]!}, ${orderIds[1]!})`,
    );
    expect(await app().jobs.expireUnpaidOrders()).toBeGreaterThanOrEqual(2);
    expect([await stockOf(a), await stockOf(b)]).toEqual(before);
    expect(await countNew10()).toBe(usedBefore);
    // Each shopper may use NEW10 again.
    await fillCart(app(), shoppers[0]!.accessToken, [[a, 1]]);
    const again = await send(app(), 'POST', '/api/order', {
      token: shoppers[0]!.accessToken,
      body: orderBody([[a, 1]]),
    });
    expect(again.status).toBe(201);
    expect(again.body.data.order.discountCode).toBe('NEW10');
  });

  it('lets the shopper cancel a pending order with a reason; a paid one is refunded', async () => {
    const choice = choices[12]!;
    const { accessToken } = await signUp(app());
    const before = await stockOf(choice);
    const { orderId } = await placeOrder(app(), accessToken, [[choice, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid });
    const noReason = await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
      token: accessToken,
      body: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    const cancelled = await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
      token: accessToken,
      body: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.status).toBe(200);
    // The refund is owed with the cancel, sent after it, and confirmed by the provider's webhook.
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_pending',
      cancelReason: 'Ordered the wrong size',
    });
    await world.app.jobs.sendRefunds();
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    expect(await stockOf(choice)).toBe(before);
    const twice = await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
      token: accessToken,
      body: { reason: 'again' },
    });
    expect(twice.status).toBe(400);
  });

  /** An order whose payment window opened, cancelled before the payment arrives. */
  async function cancelledWhilePaying(reason: string) {
    const { accessToken } = await signUp(app());
    const { orderId, providerOrderId } = await initiatedOrder(accessToken, choices[13]!);
    await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
      token: accessToken,
      body: { reason },
    });
    return { accessToken, orderId, razorpayOrderId: providerOrderId };
  }

  it('refunds a payment that arrives for an order already cancelled', async () => {
    const { accessToken, orderId, razorpayOrderId } = await cancelledWhilePaying('Too slow');
    const event = {
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_latecomer00001',
            order_id: razorpayOrderId,
            amount: 999999,
          },
        },
      },
    };
    expect((await signedWebhook(event)).statusCode).toBe(200);
    const order = await orderOf(accessToken, orderId);
    expect(order.status).toBe('cancelled');
    await world.app.jobs.sendRefunds();
    await eventually(async () => {
      const payment = await send(app(), 'GET', `/api/payments/details/pay_latecomer00001`, {
        token: accessToken,
      });
      return payment.body.data.status === 'refunded';
    });
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('refunded');
  });

  it('refunds a payment the browser verifies for an order cancelled meanwhile, and answers both', async () => {
    const { accessToken, orderId, razorpayOrderId } = await cancelledWhilePaying('Changed my mind');
    const paymentId = 'pay_latecomer00002';
    const verified = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: createHmac('sha256', world.config.payments.keySecret)
          .update(`${razorpayOrderId}|${paymentId}`)
          .digest('hex'),
      },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.order).toMatchObject({ _id: orderId, status: 'cancelled' });
    expect(verified.body.data.order.paymentStatus).toBe('refund_pending');
    expect(verified.body.data.payment).toMatchObject({ razorpayPaymentId: paymentId });
    await world.app.jobs.sendRefunds();
    await eventually(async () => {
      const payment = await send(app(), 'GET', `/api/payments/details/${paymentId}`, {
        token: accessToken,
      });
      return (
        payment.body.data.status === 'refunded' && typeof payment.body.data.refundId === 'string'
      );
    });
  });

  it('keeps shoppers to their own orders', async () => {
    const asha = await signUp(app());
    const divya = await signUp(app());
    const { orderId } = await placeOrder(app(), asha.accessToken, [[choices[14]!, 1]]);
    expect(
      (await send(app(), 'GET', `/api/order/${orderId}`, { token: divya.accessToken })).status,
    ).toBe(404);
    expect(
      (
        await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
          token: divya.accessToken,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await send(app(), 'POST', '/api/payments/initiate', {
          token: divya.accessToken,
          body: { orderId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await send(app(), 'GET', '/api/order', { token: divya.accessToken })).body.data.total,
    ).toBe(0);
  });

  it('lists, searches and counts orders', async () => {
    const { accessToken } = await signUp(app());
    const first = await placeOrder(app(), accessToken, [[choices[15]!, 1]]);
    await payOrder(app(), accessToken, first.orderId);
    await eventually(
      async () => (await orderOf(accessToken, first.orderId)).paymentStatus === 'paid',
    );
    await placeOrder(app(), accessToken, [[choices[16]!, 1]]);
    const list = await send(app(), 'GET', '/api/order?page=1&limit=1', { token: accessToken });
    expect(list.body.data).toMatchObject({ total: 2, totalPages: 2 });
    expect(list.body.data.orders).toHaveLength(1);
    const byNumber = await send(app(), 'GET', `/api/order/search?q=${first.orderNumber}`, {
      token: accessToken,
    });
    expect(byNumber.body.data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([
      first.orderId,
    ]);
    const byName = await send(
      app(),
      'GET',
      `/api/order/search?q=${encodeURIComponent(choices[16]!.name.slice(0, 8))}`,
      { token: accessToken },
    );
    expect(byName.body.data.total).toBeGreaterThanOrEqual(1);
    const stats = await send(app(), 'GET', '/api/order/stats', { token: accessToken });
    expect(stats.body.data).toMatchObject({
      total: 2,
      byStatus: { pending: 2 },
      totalSpent: choices[15]!.price,
    });
  });

  it('lets only admins move orders on, along the table; returns within 3 days and not for hygiene items', async () => {
    const owner = await signUpOwner(world, 'owner@lacebloom.in');
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[17]!, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid });
    const move = (status: string, token = owner.accessToken) =>
      moveOrder(app(), orderId, status, token);
    expect((await move('confirmed', accessToken)).status).toBe(403);
    expect((await move('delivered')).status).toBe(400);
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      expect((await move(status)).body.data.status).toBe(status);
    }
    const early = await send(app(), 'POST', `/api/order/${orderId}/return`, {
      token: accessToken,
      body: { reason: 'Too small' },
    });
    expect(early.body.data.status).toBe('return_requested');
    // Returned only by its lines on the returns desk: moving the whole order is refused.
    const returned = await move('returned');
    expect(returned.status).toBe(400);
    expect(returned.body.message).toBe(RETURNED_ON_THE_DESK);
    expect(await orderOf(accessToken, orderId)).toMatchObject({
      status: 'return_requested',
      paymentStatus: 'paid',
    });

    const late = await placeOrder(app(), accessToken, [[choices[18]!, 1]]);
    await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: await payOrder(app(), accessToken, late.orderId),
    });
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      await moveOrder(app(), late.orderId, status, owner.accessToken);
    }
    await world.database.db.execute(
      sql`update orders set delivered_at = now() - interval '4 days' where id = ${late.orderId}`,
    );
    const tooLate = await send(app(), 'POST', `/api/order/${late.orderId}/return`, {
      token: accessToken,
      body: { reason: 'x' },
    });
    expect(tooLate.body.message).toBe('The 3-day return window for this order has closed');
    const notYet = await placeOrder(app(), accessToken, [[choices[19]!, 1]]);
    expect(
      (
        await send(app(), 'POST', `/api/order/${notYet.orderId}/return`, {
          token: accessToken,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(400);

    const { body } = await getJson(app(), '/api/category');
    const panties = body.data.find((c: { slug: string }) => c.slug === 'panties')._id;
    const panty = (await stockedChoices(app(), 2)).find((c) => c.categoryId === panties)!;
    const hygiene = await placeOrder(app(), accessToken, [[panty, 1]]);
    await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: await payOrder(app(), accessToken, hygiene.orderId),
    });
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      await moveOrder(app(), hygiene.orderId, status, owner.accessToken);
    }
    const refused = await send(app(), 'POST', `/api/order/${hygiene.orderId}/return`, {
      token: accessToken,
      body: { reason: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('For hygiene reasons');
    expect(
      (
        await send(app(), 'GET', '/api/admin/orders/desk?status=delivered', {
          token: owner.accessToken,
        })
      ).body.data.orders.length,
    ).toBeGreaterThanOrEqual(2);
  });
});
