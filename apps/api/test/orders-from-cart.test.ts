// Orders come from the shopper's server cart: a stale tab cannot order what the cart no longer
// holds, a cart has one payable order at a time, and what was paid for leaves the cart. Also the
// money path's per-account limits and the first-order-only welcome code.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { eventually, fillCart, orderBody, payOrder, placeOrder } from './order-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

const CART_CHANGED = 'Your cart has changed. Please review your order.';
const TOO_MANY = 'Too many attempts. Please try again later.';

let world: TestWorld;
let baseUrl: string;
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld();
  baseUrl = await world.app.listen({ port: 0, host: '127.0.0.1' });
  choices = await stockedChoices(world.app, 4);
});
afterAll(async () => {
  await world?.close();
});

async function stockOf(choice: StockedChoice): Promise<number> {
  world.app.readCache.clear();
  const { body } = await getJson(app(), `/api/product/${choice.productId}`);
  const color = body.data.colors.find(
    (c: { colorName: string }) => c.colorName === choice.colorName,
  );
  return color.sizeStock.find((s: { size: string }) => s.size === choice.size).stock;
}

async function orderOf(token: string, orderId: string) {
  return (await send(app(), 'GET', `/api/order/${orderId}`, { token })).body.data;
}

async function cartOf(token: string) {
  return (await send(app(), 'GET', '/api/cart', { token })).body.data as {
    items: { productId: string; size: string; quantity: number }[];
  };
}

/** A real HTTP request to the listening server. */
async function request(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);

const REPLACED = 'Replaced by a newer order from the same cart';

async function ordersOfShopper(userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from orders where user_id = ${userId}`,
  );
  return row!.n;
}

describe('an order placed from the cart', () => {
  it('is refused with 409 when the page names other lines than the cart, and reserves nothing', async () => {
    const [a, b] = [choices[0]!, choices[1]!];
    const { accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[a, 2]]);
    const before = [await stockOf(a), await stockOf(b)];
    const stale: Parameters<typeof orderBody>[0][] = [
      [[a, 1]],
      [
        [a, 2],
        [b, 1],
      ],
      [[b, 2]],
    ];
    for (const lines of stale) {
      const answer = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody(lines),
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(CART_CHANGED);
    }
    expect([await stockOf(a), await stockOf(b)]).toEqual(before);
    // The same lines in another order, or one line named in two parts, are the cart all the same.
    const placed = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([
        [{ ...a, size: a.size.toUpperCase() }, 1],
        [a, 1],
      ]),
    });
    expect(placed.status).toBe(201);
  });

  it("is placed under the cart's lock only as the cart holds it then, replacing its unpaid order", async () => {
    const choice = choices[0]!;
    const { user, accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choice, 1]]);
    const before = await stockOf(choice);
    const [movements] = await rows<{ last: number }>(
      sql`select coalesce(max(id), 0)::int as last from stock_movements`,
    );
    const ordersOf = () => ordersOfShopper(user._id);
    const place = (quantity: number) =>
      send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choice, quantity]]),
      });

    // A line changed after the tab read the cart: nothing is placed, nothing taken.
    await fillCart(app(), accessToken, [[choice, 2]]);
    const stale = await place(1);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CART_CHANGED);
    expect(await ordersOf()).toBe(0);
    expect(await stockOf(choice)).toBe(before);

    // The cart as it stands places the order and takes its stock.
    const placed = await place(2);
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.items.map((item: { quantity: number }) => item.quantity)).toEqual(
      [2],
    );
    expect(await stockOf(choice)).toBe(before - 2);

    // Placing it again replaces the order awaiting payment in the same transaction, its stock
    // given back before the new order takes its own.
    const replacing = await place(2);
    expect(replacing.status).toBe(201);
    expect(await ordersOf()).toBe(2);
    expect(await stockOf(choice)).toBe(before - 2);
    const [first] = await rows<{ status: string; cancel_reason: string }>(
      sql`select status, cancel_reason from orders where id = ${placed.body.data.orderId}`,
    );
    expect(first).toEqual({ status: 'cancelled', cancel_reason: REPLACED });

    // And again: that order is replaced too.
    const again = await place(2);
    expect(again.status).toBe(201);
    const [second] = await rows<{ status: string }>(
      sql`select status from orders where id = ${replacing.body.data.orderId}`,
    );
    expect(second!.status).toBe('cancelled');
    expect(await stockOf(choice)).toBe(before - 2);
    // The size's stock movements add up: two orders given back, three taken.
    const [moved] = await rows<{ delta: number }>(
      sql`select coalesce(sum(delta), 0)::int as delta from stock_movements
          where product_id = ${choice.productId} and lower(size) = lower(${choice.size})
            and id > ${movements!.last}`,
    );
    expect(moved!.delta).toBe(-2);
  });

  it('places a cart without codes, and again in place of its unpaid order, in one transaction each', async () => {
    const choice = choices[1]!;
    const { accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choice, 1]]);
    const transactions = vi.spyOn(world.database.db, 'transaction');
    try {
      const answer = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choice, 1]]),
      });
      expect(answer.status).toBe(201);
      // Placing it again replaces the order awaiting payment, in the placing transaction.
      const again = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choice, 1]]),
      });
      expect(again.status).toBe(201);
      expect(again.body.data.orderId).not.toBe(answer.body.data.orderId);
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      transactions.mockRestore();
    }
  });

  it('places a cart with a coupon and a voucher in one transaction; placing again gives the unpaid order its uses back first', async () => {
    const choice = choices[10]!;
    const suffix = Date.now().toString(36).toUpperCase();
    // Once per shopper each: the second placement is allowed only because it replaces the first.
    const [coupon, voucher] = [`ONCE${suffix}`, `GIFT${suffix}`];
    await world.database.db.execute(
      sql`insert into discounts (code, type, percent_off, amount_off_paise, per_user_limit)
          values (${coupon}, 'coupon', 10, null, 1), (${voucher}, 'voucher', null, 5000, 1)`,
    );
    const { accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choice, 2]]);
    for (const code of [coupon, voucher]) {
      const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
        token: accessToken,
        body: { code },
      });
      expect(applied.status, code).toBe(200);
    }
    /** Each code's count of uses, and its uses by orders that still stand. */
    const uses = async () =>
      Object.fromEntries(
        (
          await rows<{ code: string; times_used: number; live: number }>(
            sql`select d.code, d.times_used,
                  (select count(*)::int from discount_uses u where u.discount_id = d.id) as live
                from discounts d where d.code in (${coupon}, ${voucher})`,
          )
        ).map(({ code, times_used, live }) => [code, { times_used, live }]),
      );
    const usedOnce = {
      [coupon]: { times_used: 1, live: 1 },
      [voucher]: { times_used: 1, live: 1 },
    };
    const transactions = vi.spyOn(world.database.db, 'transaction');
    try {
      const first = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choice, 2]]),
      });
      expect(first.status).toBe(201);
      const pricePaise = Math.round(choice.price * 100);
      const couponOff = Math.floor((2 * pricePaise * 10 + 50) / 100);
      expect(first.body.data.order.discounts).toEqual([
        { code: coupon, type: 'coupon', amount: couponOff / 100 },
        { code: voucher, type: 'voucher', amount: 50 },
      ]);
      expect(await uses()).toEqual(usedOnce);
      const again = await send(app(), 'POST', '/api/order', {
        token: accessToken,
        body: orderBody([[choice, 2]]),
      });
      expect(again.status).toBe(201);
      expect(again.body.data.order.discountCode).toBe(`${coupon}+${voucher}`);
      expect(await uses()).toEqual(usedOnce);
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      transactions.mockRestore();
    }
  });

  it("decides the cart's codes under their locks, as they stand when the order is placed", async () => {
    const choice = choices[11]!;
    const suffix = Date.now().toString(36).toUpperCase();
    const [open, limited] = [`OPEN${suffix}`, `FEW${suffix}`];
    await world.database.db.execute(
      sql`insert into discounts (code, type, percent_off, usage_limit)
          values (${open}, 'coupon', 5, null), (${limited}, 'voucher', 5, 2)`,
    );
    const { user, accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choice, 1]]);
    for (const code of [open, limited]) {
      const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
        token: accessToken,
        body: { code },
      });
      expect(applied.status, code).toBe(200);
    }
    const before = await stockOf(choice);
    const ordersOf = () => ordersOfShopper(user._id);
    const place = () =>
      send(app(), 'POST', '/api/order', { token: accessToken, body: orderBody([[choice, 1]]) });

    // A code switched off, or a limited code used up by others, after it was applied: the
    // domain refuses it as the order is placed; nothing is placed, nothing taken.
    const changes = [
      [sql`update discounts set is_active = false where code = ${open}`, 'Invalid discount code'],
      [
        sql`update discounts set times_used = 2 where code = ${limited}`,
        'This discount code is no longer available',
      ],
    ] as const;
    for (const [change, message] of changes) {
      await world.database.db.execute(change);
      const refused = await place();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(message);
      expect(await ordersOf()).toBe(0);
      expect(await stockOf(choice)).toBe(before);
      await world.database.db.execute(
        sql`update discounts set is_active = true, times_used = 0
            where code in (${open}, ${limited})`,
      );
    }

    // Other shoppers using the codes meanwhile change nothing their rules decide, while the
    // limited one stays under its limit.
    await world.database.db.execute(
      sql`update discounts set times_used = times_used + 1 where code in (${open}, ${limited})`,
    );
    const placed = await place();
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.discounts).toHaveLength(2);
    expect(await ordersOf()).toBe(1);
    expect(await stockOf(choice)).toBe(before - 1);
    const counted = await rows<{ code: string; times_used: number }>(
      sql`select code, times_used from discounts where code in (${open}, ${limited}) order by code`,
    );
    expect(Object.fromEntries(counted.map((row) => [row.code, row.times_used]))).toEqual({
      [open]: 2,
      [limited]: 2,
    });
  });

  it('counts a code that sits in both slots of the cart once', async () => {
    const choice = choices[20]!;
    const code = `BOTH${Date.now().toString(36).toUpperCase()}`;
    await world.database.db.execute(
      sql`insert into discounts (code, type, amount_off_paise) values (${code}, 'coupon', 2500)`,
    );
    const { user, accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choice, 1]]);
    // A coupon applied, then made a voucher by the owner and applied again.
    await world.database.db.execute(
      sql`update carts set applied_coupon_id = (select id from discounts where code = ${code}),
            applied_voucher_id = (select id from discounts where code = ${code})
          where user_id = ${user._id}`,
    );
    const placed = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choice, 1]]),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.totalDiscountAmount).toBe(25);
    expect(placed.body.data.order.discounts).toHaveLength(1);
    const [counted] = await rows<{ times_used: number; uses: number }>(
      sql`select d.times_used,
            (select count(*)::int from discount_uses u where u.discount_id = d.id) as uses
          from discounts d where d.code = ${code}`,
    );
    expect(counted).toEqual({ times_used: 1, uses: 1 });
  });

  it('gives a code with a usage limit to exactly as many orders as the limit, however many shoppers place at once', async () => {
    const limit = 3;
    const code = `LAST${Date.now().toString(36).toUpperCase()}`;
    await world.database.db.execute(
      sql`insert into discounts (code, type, percent_off, usage_limit)
          values (${code}, 'coupon', 10, ${limit})`,
    );
    const buyers = choices.slice(12, 20);
    expect(buyers).toHaveLength(8);
    const shoppers = await Promise.all(
      buyers.map(async (choice) => {
        const { accessToken } = await signUp(app());
        await fillCart(app(), accessToken, [[choice, 1]]);
        const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
          token: accessToken,
          body: { code },
        });
        expect(applied.status).toBe(200);
        return { accessToken, choice };
      }),
    );
    const answers = await Promise.all(
      shoppers.map(({ accessToken, choice }) =>
        request('POST', '/api/order', accessToken, orderBody([[choice, 1]])),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(limit);
    for (const answer of placed) expect(answer.body.data.order.discountCode).toBe(code);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('This discount code is no longer available');
    }
    const [counted] = await rows<{ times_used: number; uses: number }>(
      sql`select d.times_used,
            (select count(*)::int from discount_uses u where u.discount_id = d.id) as uses
          from discounts d where d.code = ${code}`,
    );
    expect(counted).toEqual({ times_used: limit, uses: limit });
  });

  it('is refused with 400 when the cart is empty', async () => {
    const { accessToken } = await signUp(app());
    const answer = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choices[0]!, 1]]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Your cart is empty');
  });

  it('leaves a stale second tab nothing to pay for once the first has paid', async () => {
    const choice = choices[2]!;
    const { accessToken } = await signUp(app());
    const body = orderBody([[choice, 1]]);
    const first = await placeOrder(app(), accessToken, [[choice, 1]]);
    await payOrder(app(), accessToken, first.orderId);
    await eventually(
      async () => (await orderOf(accessToken, first.orderId)).paymentStatus === 'paid',
    );
    // The second tab still shows the cart as it was.
    const second = await send(app(), 'POST', '/api/order', { token: accessToken, body });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Your cart is empty');
    const [paidOrders] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders o join users u on u.id = o.user_id
          where o.id = ${first.orderId} or (u.id = (select user_id from orders where id = ${first.orderId})
            and o.payment_status = 'paid')`,
    );
    expect(paidOrders!.n).toBe(1);
  });

  it('replaces the unpaid order of the same cart: its stock comes back, and a payment for it is refunded', async () => {
    const choice = choices[3]!;
    const { accessToken } = await signUp(app());
    const stockBefore = await stockOf(choice);
    const first = await placeOrder(app(), accessToken, [[choice, 1]]);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId: first.orderId },
    });
    expect(initiated.status).toBe(200);
    expect(await stockOf(choice)).toBe(stockBefore - 1);

    // The second tab places the same cart again.
    const second = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choice, 1]]),
    });
    expect(second.status).toBe(201);
    const replaced = await orderOf(accessToken, first.orderId);
    expect(replaced).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await stockOf(choice)).toBe(stockBefore - 1);
    const open = await rows<{ id: string }>(
      sql`select id from orders where user_id = (select user_id from orders where id = ${first.orderId})
          and status = 'pending' and payment_status in ('pending', 'failed')`,
    );
    expect(open.map((row) => row.id)).toEqual([second.body.data.orderId]);

    // The first tab's payment window was still open, and the shopper pays there.
    await send(app(), 'POST', '/api/payments/simulator/pay', {
      token: accessToken,
      body: { razorpayOrderId: initiated.body.data.razorpayOrderId, outcome: 'success' },
    });
    await eventually(async () => {
      const refunds = await rows<{ reason: string }>(
        sql`select reason from refunds where order_id = ${first.orderId}`,
      );
      return refunds.length === 1 && refunds[0]!.reason === 'late_payment';
    });
  });

  it('counts the units her own unpaid order holds as in stock for her cart', async () => {
    const choice = choices[10]!;
    const { accessToken } = await signUp(app());
    await world.database.db.execute(sql`
      update product_size_stock s set stock = 3 from product_colors c
      where s.color_id = c.id and c.product_id = ${choice.productId}
        and c.color_name = ${choice.colorName} and s.size = ${choice.size}`);
    world.app.readCache.clear();
    await placeOrder(app(), accessToken, [[choice, 2]]);
    expect(await stockOf(choice)).toBe(1);
    // Her cart still holds the 2 she ordered; to her the size has 3.
    const cart = (await send(app(), 'GET', '/api/cart', { token: accessToken })).body.data;
    expect(cart.items[0]).toMatchObject({ quantity: 2, stock: 3 });
    // The answer to adding another line counts them the same way.
    const added = await send(app(), 'POST', '/api/cart', {
      token: accessToken,
      body: addBody(choices[11]!, 1),
    });
    expect(added.status).toBe(200);
    expect(
      added.body.data.items.find((item: { _id: string }) => item._id === cart.items[0]._id),
    ).toMatchObject({ quantity: 2, stock: 3 });
    const validation = await send(app(), 'POST', '/api/cart/validate', { token: accessToken });
    expect(validation.body.data.valid).toBe(true);
    // She may raise it to the 3 there are, and place the cart again (replacing the first order).
    const raised = await send(app(), 'PUT', `/api/cart/item/${cart.items[0]._id}`, {
      token: accessToken,
      body: { quantity: 3 },
    });
    expect(raised.status).toBe(200);
    const again = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([
        [choice, 3],
        [choices[11]!, 1],
      ]),
    });
    expect(again.status).toBe(201);
    expect(await stockOf(choice)).toBe(0);
  });

  it('takes the paid lines out of the cart and keeps lines added since', async () => {
    const [bought, later] = [choices[4]!, choices[5]!];
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[bought, 2]]);
    // While the payment window is open, she adds something else in another tab.
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(later, 1) });
    await payOrder(app(), accessToken, orderId);
    await eventually(async () => (await orderOf(accessToken, orderId)).paymentStatus === 'paid');
    const cart = await cartOf(accessToken);
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([
      [later.productId, 1],
    ]);
  });
});

describe('limits per account, counted in the database', () => {
  it('takes 10 discount-code attempts a minute, however many arrive at once', async () => {
    const { accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[choices[6]!, 1]]);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        request('POST', '/api/cart/apply-discount', accessToken, { code: `GUESS${i}` }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.body.message).toBe(TOO_MANY);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10);
    // Checking a code counts too.
    const check = await request('POST', '/api/cart/validate-discount', accessToken, {
      code: 'NEW10',
    });
    expect(check.status).toBe(429);
  });

  it('counts looking codes up as attempts too', async () => {
    const { accessToken } = await signUp(app());
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        request('GET', `/api/discount/code/GUESS${i}`, accessToken),
      ),
    );
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4);
  });

  it('takes 30 order placements an hour', async () => {
    const { accessToken } = await signUp(app());
    const body = orderBody([[choices[7]!, 1]]);
    // An empty cart: each attempt is refused, and each counts.
    const answers = await Promise.all(
      Array.from({ length: 34 }, () => request('POST', '/api/order', accessToken, body)),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.message).toBe(TOO_MANY);
  });

  it('takes 30 payment verifications a minute', async () => {
    const { accessToken } = await signUp(app());
    const forged = {
      razorpay_order_id: 'order_forged00000001',
      razorpay_payment_id: 'pay_forged000000001',
      razorpay_signature: 'a'.repeat(64),
    };
    const answers = await Promise.all(
      Array.from({ length: 34 }, () =>
        request('POST', '/api/payments/verify', accessToken, forged),
      ),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(30);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4);
  });
});

describe('NEW10', () => {
  it('is for a first order: refused once the shopper has a paid order, when applied and when placed', async () => {
    const [first, next] = [choices[8]!, choices[9]!];
    const { accessToken } = await signUp(app());
    await fillCart(app(), accessToken, [[first, 1]]);
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code: 'NEW10' },
    });
    expect(applied.status).toBe(200);
    // Another order (without the code) is placed and paid first, from another device.
    await send(app(), 'DELETE', '/api/cart/remove-discount', {
      token: accessToken,
      body: { type: 'all' },
    });
    const paid = await placeOrder(app(), accessToken, [[next, 1]]);
    await payOrder(app(), accessToken, paid.orderId);
    await eventually(
      async () => (await orderOf(accessToken, paid.orderId)).paymentStatus === 'paid',
    );

    await fillCart(app(), accessToken, [[first, 1]]);
    const again = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code: 'NEW10' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This discount is for your first order only');

    // Applied while it still held (as before that payment): the order refuses it.
    await world.database.db.execute(
      sql`update carts set applied_coupon_id = (select id from discounts where code = 'NEW10')
          where user_id = (select user_id from orders where id = ${paid.orderId})`,
    );
    const placed = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[first, 1]]),
    });
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe('This discount is for your first order only');
  });
});
