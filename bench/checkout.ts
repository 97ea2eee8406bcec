/**
 * Checkout under load: place an order, and verify the payment of an order placed beforehand
 * (simulator; VERIFY_ORDERS of them, each verified once, after a tenth as many as a warm-up), as
 * one shopper, at 20 connections, beside a bare Fastify hello-world in the same run. On the
 * embedded database, and on PostgreSQL when BENCH_DATABASE_URL names a server whose user may
 * create databases (a scratch database is made and dropped).
 * Goal (ARCHITECTURE.md): p99 under 50 ms.
 *
 *   npm run bench:checkout            (DURATION=10 CONNECTIONS=20 BENCH_DATABASE_URL=postgres://...)
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import { callShop, figures, startBenchServer, stopBenchServer } from './shop-process.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
/** Orders placed before the runs, one for each measured verify request (about 10 s of them). */
const verifyOrders = Number(process.env.VERIFY_ORDERS ?? 4000);
/** Verified first and not counted, as the 2-second warm-up of the other runs. */
const verifyWarmUp = Math.round(verifyOrders / 10);

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
  try {
    // Every colour and size in stock across the catalogue, taken in turn, so the run does not
    // simply empty one size and measure refusals.
    const variants: { product: string; colorName: string; size: string }[] = [];
    for (let page = 1; page <= 2; page += 1) {
      const list = await callShop(base, 'GET', `/api/product/products?limit=100&page=${page}`);
      for (const product of list.data.products as any[]) {
        for (const color of product.colors) {
          for (const entry of color.sizeStock) {
            if (entry.stock >= 5) {
              variants.push({ product: product._id, colorName: color.colorName, size: entry.size });
            }
          }
        }
      }
    }
    const signup = await callShop(base, 'POST', '/api/auth/signup', {
      firstName: 'Bench',
      lastName: 'Buyer',
      email: `bench.checkout.${Date.now()}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    });
    const token = signup.data.accessToken as string;
    const orderFor = (i: number) => {
      const variant = variants[i % variants.length]!;
      return {
        ...order,
        items: [
          {
            product: variant.product,
            quantity: 1,
            size: variant.size,
            color: { colorName: variant.colorName },
          },
        ],
      };
    };
    const order = {
      shippingAddress: {
        name: 'Bench Buyer',
        addressLine1: '1 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        phone: '9876543210',
      },
      paymentMethod: 'razorpay',
    };
    const secret = readFileSync(join(dataDir, 'payment-simulator-key-secret'), 'utf8').trim();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    // Each verify settles an order of its own, placed and initiated beforehand (20 at a time):
    // a first verification is what a checkout does; a repeated one only reads.
    let n = 0;
    const pending: { id: string }[] = [];
    let prepared = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (prepared < verifyWarmUp + verifyOrders) {
          const i = (prepared += 1);
          const placed = await callShop(base, 'POST', '/api/order', orderFor(i), token);
          if (!placed.success) continue;
          const initiated = await callShop(
            base,
            'POST',
            '/api/payments/initiate',
            { orderId: placed.data.orderId },
            token,
          );
          pending.push({ id: initiated.data.razorpayOrderId });
        }
      }),
    );
    let placedCount = 0;
    const place = await autocannon({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/order',
          headers,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(orderFor(placedCount++)),
          }),
        },
      ],
    });

    const verifyRun = (amount: number) =>
      autocannon({
        url: base,
        connections,
        amount,
        requests: [
          {
            method: 'POST',
            path: '/api/payments/verify',
            headers,
            setupRequest: (request) => {
              const providerOrderId = pending[n++]!.id;
              const paymentId = `pay_bench${n}`;
              const signature = createHmac('sha256', secret)
                .update(`${providerOrderId}|${paymentId}`)
                .digest('hex');
              return {
                ...request,
                body: JSON.stringify({
                  razorpay_order_id: providerOrderId,
                  razorpay_payment_id: paymentId,
                  razorpay_signature: signature,
                }),
              };
            },
          },
        ],
      });
    await verifyRun(Math.min(verifyWarmUp, pending.length));
    const verify = await verifyRun(pending.length - n);
    return [
      figures(`POST /api/order (${label})`, place, hello),
      figures(`POST /api/payments/verify (${label})`, verify, hello),
    ];
  } finally {
    await stopBenchServer(shop);
  }
}

async function main() {
  const hello = await startBenchServer(['hello', '4131'], {});
  const rows: object[] = [];
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    await autocannon({ url: 'http://127.0.0.1:4131/', connections, duration: 2 });
    const helloResult = await autocannon({ url: 'http://127.0.0.1:4131/', connections, duration });
    rows.push(figures('bare Fastify hello-world', helloResult));
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-checkout-'));
    dirs.push(dataDir);
    rows.push(
      ...(await measureShop('PGlite', 4132, dataDir, undefined, helloResult.requests.average)),
    );
    if (process.env.BENCH_DATABASE_URL) {
      const pgDir = mkdtempSync(join(tmpdir(), 'shop-bench-checkout-pg-'));
      dirs.push(pgDir);
      // A database of its own, dropped afterwards: runs never meet each other's orders.
      const database = (await createScratchDatabase(
        'shop_bench_checkout',
        process.env.BENCH_DATABASE_URL,
      ))!;
      drops.push(database.drop);
      rows.push(
        ...(await measureShop(
          'PostgreSQL',
          4133,
          pgDir,
          database.url,
          helloResult.requests.average,
        )),
      );
    }
    console.log(`autocannon: ${connections} connections, ${duration} s per run\n`);
    console.table(rows);
  } finally {
    hello.kill('SIGTERM');
    for (const drop of drops) await drop().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
