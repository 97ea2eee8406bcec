/**
 * Checkout under load, beside a bare Fastify hello-world in the same run, at CONNECTIONS (20)
 * connections with one signed-in shopper per connection (sign-ups count 50 an hour per address, so
 * at most 50). Orders are placed from the shopper's server cart, so each shopper's cart holds one
 * unit of a colour and size of its own (every size's stock is raised to 1,000 first).
 *
 * - `POST /api/order` for DURATION seconds (after 2 s of warm-up): each connection places its
 *   shopper's cart again and again. A repeated placement from one cart replaces (cancels, stock
 *   back) that cart's previous unpaid order, so the figure is place + replace.
 * - `POST /api/payments/verify`, first verifications (what a checkout makes): a shopper has one
 *   unpaid order at a time, so in rounds: every shopper fills its cart again (a paid order's lines
 *   leave it), places and initiates its payment (not timed), then all shoppers verify at once
 *   (simulator signature; timed). VERIFY_ORDERS (4,000) verifications after a tenth as many as a
 *   warm-up; req/s is verifications over the time spent verifying. Every round starts its
 *   verifications together, so the p50 is below a steady stream's; the p99 waits behind them all.
 *
 * On the embedded database, and on PostgreSQL when BENCH_DATABASE_URL names a server whose user
 * may create databases (a scratch database is made and dropped).
 * Goal (ARCHITECTURE.md): p99 under 50 ms.
 *
 *   npm run bench:checkout   (DURATION=10 CONNECTIONS=20 VERIFY_ORDERS=4000 BENCH_DATABASE_URL=...)
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import {
  addToCartBody,
  type BenchCart,
  fillCarts,
  figures,
  keepAliveClient,
  orderBodyFor,
  percentile,
  placingEachCart,
  signUpShoppers,
  settleShop,
  startBenchServer,
  stockedVariants,
  stopBenchServer,
} from './shop-process.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
/** Verifications measured, each of an order of its own (rounds of one per shopper). */
const verifyOrders = Number(process.env.VERIFY_ORDERS ?? 4000);
const verifyRounds = Math.ceil(verifyOrders / connections);
/** Rounds verified first and not counted, as the 2-second warm-up of the other runs. */
const verifyWarmUpRounds = Math.ceil(verifyRounds / 10);

async function measureShop(
  label: string,
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  hello: number,
) {
  const shop = await startBenchServer(['shop', String(port), dataDir], {
    BENCH_STOCK: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  // A fresh shop renders its seeded pictures in the background for a while.
  await settleShop(dataDir, label);
  const client = keepAliveClient(base, connections);
  const problems: string[] = [];
  try {
    // Each shopper's cart holds a size of its own, spread over the catalogue.
    const variants = await stockedVariants(base, 5);
    const tokens = await signUpShoppers([base], connections, 'checkout');
    const carts: BenchCart[] = tokens.map((token, i) => ({
      token,
      variant: variants[i % variants.length]!,
    }));
    await fillCarts(base, carts);

    const placeRun = (seconds: number) => {
      const placing = placingEachCart(carts);
      return autocannon({
        url: base,
        connections,
        duration: seconds,
        setupClient: placing.setupClient,
      }).then((result) => {
        problems.push(...placing.refusals.map((r) => `POST /api/order: ${r}`));
        return result;
      });
    };
    await placeRun(2);
    const place = await placeRun(duration);

    // Verifications: rounds of one per shopper, only the verify calls timed.
    const secret = readFileSync(join(dataDir, 'payment-simulator-key-secret'), 'utf8').trim();
    const note = (step: string, answer: { status: number; body: any }) => {
      if (problems.length < 10) {
        problems.push(`${step}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    };
    // Whether a shopper's cart still holds its line (verifying the order's payment empties it).
    const filled = carts.map(() => true);
    let paymentNumber = 0;
    /** Fills, places and initiates; answers the provider order id to verify, if all went well. */
    const prepare = async (cart: BenchCart, i: number) => {
      if (!filled[i]) {
        const added = await client.call(
          'POST',
          '/api/cart',
          addToCartBody(cart.variant),
          cart.token,
        );
        if (added.body?.success !== true) return note('POST /api/cart', added);
        filled[i] = true;
      }
      const placed = await client.call(
        'POST',
        '/api/order',
        orderBodyFor(cart.variant),
        cart.token,
      );
      if (placed.body?.success !== true) return note('POST /api/order', placed);
      const initiated = await client.call(
        'POST',
        '/api/payments/initiate',
        { orderId: placed.body.data.orderId, method: 'razorpay' },
        cart.token,
      );
      if (initiated.body?.success !== true) return note('POST /api/payments/initiate', initiated);
      return initiated.body.data.razorpayOrderId as string;
    };
    const verifyRoundsOf = async (rounds: number) => {
      const latencies: number[] = [];
      let errors = 0;
      let verifyingMs = 0;
      for (let round = 0; round < rounds; round += 1) {
        const ready = await Promise.all(carts.map(prepare));
        const bodies = ready.map((providerOrderId) => {
          if (!providerOrderId) return undefined;
          const paymentId = `pay_bench${(paymentNumber += 1)}`;
          return {
            razorpay_order_id: providerOrderId,
            razorpay_payment_id: paymentId,
            razorpay_signature: createHmac('sha256', secret)
              .update(`${providerOrderId}|${paymentId}`)
              .digest('hex'),
          };
        });
        const started = performance.now();
        await Promise.all(
          bodies.map(async (body, i) => {
            if (!body) return;
            const sent = performance.now();
            const answer = await client.call('POST', '/api/payments/verify', body, carts[i]!.token);
            latencies.push(performance.now() - sent);
            if (answer.body?.success === true) filled[i] = false;
            else {
              errors += 1;
              note('POST /api/payments/verify', answer);
            }
          }),
        );
        verifyingMs += performance.now() - started;
      }
      return { latencies, errors, verifyingMs };
    };
    await verifyRoundsOf(verifyWarmUpRounds);
    const verify = await verifyRoundsOf(verifyRounds);
    const sorted = [...verify.latencies].sort((a, b) => a - b);
    const verifyRate = verify.latencies.length / (verify.verifyingMs / 1000);
    return {
      rows: [
        figures(`POST /api/order, place + replace (${label})`, place, hello),
        {
          request: `POST /api/payments/verify (${label})`,
          'req/s': Math.round(verifyRate),
          'p50 ms': Math.round(percentile(sorted, 50)),
          'p99 ms': Math.round(percentile(sorted, 99)),
          'vs hello-world': `${((verifyRate / hello) * 100).toFixed(1)}%`,
          errors: verify.errors,
        },
      ],
      problems: problems.map((p) => `${label}: ${p}`),
    };
  } finally {
    client.close();
    await stopBenchServer(shop);
  }
}

async function main() {
  const hello = await startBenchServer(['hello', '4131'], {});
  const rows: object[] = [];
  const problems: string[] = [];
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    await autocannon({ url: 'http://127.0.0.1:4131/', connections, duration: 2 });
    const helloResult = await autocannon({ url: 'http://127.0.0.1:4131/', connections, duration });
    rows.push(figures('bare Fastify hello-world', helloResult));
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-checkout-'));
    dirs.push(dataDir);
    const pglite = await measureShop(
      'PGlite',
      4132,
      dataDir,
      undefined,
      helloResult.requests.average,
    );
    rows.push(...pglite.rows);
    problems.push(...pglite.problems);
    if (process.env.BENCH_DATABASE_URL) {
      const pgDir = mkdtempSync(join(tmpdir(), 'shop-bench-checkout-pg-'));
      dirs.push(pgDir);
      // A database of its own, dropped afterwards: runs never meet each other's orders.
      const database = (await createScratchDatabase(
        'shop_bench_checkout',
        process.env.BENCH_DATABASE_URL,
      ))!;
      drops.push(database.drop);
      const postgres = await measureShop(
        'PostgreSQL',
        4133,
        pgDir,
        database.url,
        helloResult.requests.average,
      );
      rows.push(...postgres.rows);
      problems.push(...postgres.problems);
    }
    console.log(
      `autocannon: ${connections} connections, ${duration} s per run, one signed-in shopper per connection\n` +
        `POST /api/order: each shopper places its one-line cart again and again; a repeated placement\n` +
        `  replaces (cancels, stock back) that cart's previous unpaid order: place + replace.\n` +
        `POST /api/payments/verify: first verifications, ${verifyRounds} rounds of ${connections} ` +
        `(after ${verifyWarmUpRounds} rounds of warm-up): each shopper fills its cart, places and\n` +
        `  initiates (not timed), then all verify at once (timed); req/s = verifications / time verifying.\n`,
    );
    console.table(rows);
    if (problems.length > 0) console.log(['First errors:', ...problems].join('\n- '));
  } finally {
    hello.kill('SIGTERM');
    for (const drop of drops) await drop().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
