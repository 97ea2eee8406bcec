/**
 * A refund survives the death of the process that owed it: real server processes on one
 * PostgreSQL are killed with SIGKILL around the provider call, and a new process finishes the
 * refund, which reaches the provider (the simulator's own books) exactly once. PostgreSQL only
 * (`TEST_DATABASE_URL`).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorSwitches } from '../src/adapters/payments/simulator-provider.ts';
import { newShopper } from './auth-helpers.ts';
import { orderBody } from './order-helpers.ts';
import { until } from './poll.ts';
import { call, fillCartOn, startShop, stopShop, type ShopProcess } from './shop-processes.ts';
import { createScratchDatabase } from './test-app.ts';

/** Jobs every 200 ms; a failed send retried 100 ms later; a dead worker's claim freed after 1 s. */
const env = { JOBS_INTERVAL_MS: '200', REFUND_RETRY_BASE_MS: '100', REFUND_LEASE_MS: '1000' };
/** Each wait here may span a lease running out and a new process's job runs. */
const PATIENCE_MS = 30_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a refund across a crash', () => {
  let drop = async () => {};
  let databaseUrl: string;
  let db: pg.Pool;
  const shops: ShopProcess[] = [];

  beforeAll(async () => {
    const scratch = (await createScratchDatabase('shop_refund_crash'))!;
    databaseUrl = scratch.url;
    drop = scratch.drop;
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  }, 30_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => stopShop(shop, 'SIGKILL')));
    await db?.end();
    await drop();
  }, 60_000);

  async function start(name: string) {
    const shop = await startShop(name, databaseUrl, env);
    shops.push(shop);
    return shop;
  }

  /** A new shopper's order on `shop`, paid through the simulator and verified. */
  async function paidOrder(shop: ShopProcess) {
    const signedUp = await call(shop, 'POST', '/api/auth/signup', { body: newShopper() });
    const token = signedUp.body.data.accessToken as string;
    const { body: list } = await call(shop, 'GET', '/api/product/products?limit=50');
    const product = list.data.products.find((p: { colors: { sizeStock: { stock: number }[] }[] }) =>
      p.colors.some((c) => c.sizeStock.some((s) => s.stock > 5)),
    );
    const color = product.colors.find((c: { sizeStock: { stock: number }[] }) =>
      c.sizeStock.some((s) => s.stock > 5),
    );
    const size = color.sizeStock.find((s: { stock: number }) => s.stock > 5).size;
    const body = orderBody([
      [
        {
          productId: product._id,
          name: product.name,
          price: product.price,
          originalPrice: product.originalPrice,
          categoryId: '',
          colorName: color.colorName,
          colorHex: color.colorHex,
          size,
          stock: 10,
          image: color.images[0],
        },
        1,
      ],
    ]);
    await fillCartOn(shop, token, body.items);
    const placed = await call(shop, 'POST', '/api/order', { token, body });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    const initiated = await call(shop, 'POST', '/api/payments/initiate', {
      token,
      body: { orderId },
    });
    const paid = await call(shop, 'POST', '/api/payments/simulator/pay', {
      token,
      body: { razorpayOrderId: initiated.body.data.razorpayOrderId },
    });
    const verified = await call(shop, 'POST', '/api/payments/verify', {
      token,
      body: paid.body.data,
    });
    expect(verified.body.data.order.paymentStatus).toBe('paid');
    return { token, orderId, paymentId: paid.body.data.razorpay_payment_id as string };
  }

  const setSwitch = (key: string, count: number) =>
    db.query(
      `insert into shop_state (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value`,
      [key, String(count)],
    );
  const providerRefunds = async (paymentId: string) =>
    (await db.query('select id from simulator_refunds where provider_payment_id = $1', [paymentId]))
      .rowCount ?? 0;
  const refundOf = async (orderId: string) =>
    (
      await db.query<{ state: string; attempts: number }>(
        'select state, attempts from refunds where order_id = $1',
        [orderId],
      )
    ).rows;

  it('killed after the provider made the refund but before the shop recorded it: refunded once', async () => {
    const first = await start('first');
    const { token, orderId, paymentId } = await paidOrder(first);
    // The provider makes the next refund, but its answer never reaches the shop.
    await setSwitch(simulatorSwitches.hangRefunds, 1);
    const cancelled = await call(first, 'POST', `/api/order/${orderId}/cancel`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancelled.body.data.paymentStatus).toBe('refund_pending');
    await until(
      'the provider has the refund',
      async () => (await providerRefunds(paymentId)) === 1,
      PATIENCE_MS,
    );
    await stopShop(first, 'SIGKILL');
    expect(await refundOf(orderId)).toMatchObject([{ state: 'pending', attempts: 1 }]);

    const second = await start('second');
    await until(
      'the refund is confirmed',
      async () => {
        const order = await call(second, 'GET', `/api/order/${orderId}`, { token });
        return order.body.data.paymentStatus === 'refunded';
      },
      PATIENCE_MS,
    );
    expect(await providerRefunds(paymentId)).toBe(1);
    expect((await refundOf(orderId))[0]!.state).toBe('processed');
    await stopShop(second, 'SIGKILL');
  }, 240_000);

  it('killed after the cancel committed and before any provider call got through: refunded once', async () => {
    const third = await start('third');
    const { token, orderId, paymentId } = await paidOrder(third);
    // Every send fails before it reaches the provider, until the process dies.
    await setSwitch(simulatorSwitches.failRefunds, 1_000);
    await call(third, 'POST', `/api/order/${orderId}/cancel`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    await until(
      'a send was tried',
      async () => (await refundOf(orderId))[0]!.attempts >= 1,
      PATIENCE_MS,
    );
    await stopShop(third, 'SIGKILL');
    expect(await providerRefunds(paymentId)).toBe(0);
    await setSwitch(simulatorSwitches.failRefunds, 0);

    const fourth = await start('fourth');
    await until(
      'the refund is confirmed',
      async () => {
        const order = await call(fourth, 'GET', `/api/order/${orderId}`, { token });
        return order.body.data.paymentStatus === 'refunded';
      },
      PATIENCE_MS,
    );
    expect(await providerRefunds(paymentId)).toBe(1);
  }, 240_000);
});
