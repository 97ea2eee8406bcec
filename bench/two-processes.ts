/**
 * Orders per second with one and with two shop processes on one PostgreSQL, beside a bare Fastify
 * hello-world in the same run: 20 signed-in shoppers, one per connection (sign-ups count 50 an
 * hour per address), each with a cart of its own holding one unit of a colour and size of its
 * own, place their carts (`POST /api/order`) at 20 connections, first against one process, then
 * with the same 20 connections split over two (a load balancer's round robin; a shopper stays on
 * its connection). A repeated placement from one cart replaces (cancels, stock back) that cart's
 * previous unpaid order, so the figures are place + replace. The processes are the real server
 * (apps/api/test/shop-processes.ts, each with its own DATA_DIR, the per-account order and
 * verification limits raised for the run); a scratch database is made on BENCH_DATABASE_URL and
 * dropped afterwards.
 * Goal (ARCHITECTURE.md): two processes on one database serve more orders per second than one.
 * On a 2-core machine the load generator, both processes and PostgreSQL share the cores.
 *
 *   BENCH_DATABASE_URL=postgres://... npm run bench:two-processes   (DURATION=10 CONNECTIONS=20)
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startShop, stopShop, type ShopProcess } from '../apps/api/test/shop-processes.ts';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import {
  type BenchCart,
  fillCarts,
  figures,
  placingEachCart,
  settleShop,
  signUpShoppers,
  startBenchServer,
  stockedVariants,
  stopBenchServer,
} from './shop-process.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
/** One shopper per connection: a cart is never placed by two connections at once. */
const SHOPPERS = connections;

const refusals: string[] = [];

/** Place-order for `seconds` over `targets` (connections split round robin, a cart each). */
async function placeOrders(targets: ShopProcess[], carts: BenchCart[], seconds: number) {
  const placing = placingEachCart(carts);
  const result = await autocannon({
    // autocannon spreads connections over several URLs (its types name only one).
    url: targets.map((target) => target.url) as unknown as string,
    connections,
    duration: seconds,
    setupClient: placing.setupClient,
  });
  if (refusals.length < 5) refusals.push(...placing.refusals);
  return result;
}

function ordersRow(label: string, result: autocannon.Result, hello: number) {
  return {
    ...figures(label, result, hello),
    'orders/s': Math.round(result['2xx'] / result.duration),
  };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.error('Set BENCH_DATABASE_URL to a PostgreSQL whose user may create databases.');
    process.exit(1);
  }
  const rows: object[] = [];
  const hello = await startBenchServer(['hello', '4141'], {});
  const database = (await createScratchDatabase('shop_bench_two_processes', adminUrl))!;
  const shops: ShopProcess[] = [];
  try {
    await autocannon({ url: 'http://127.0.0.1:4141/', connections, duration: 2 });
    const helloResult = await autocannon({ url: 'http://127.0.0.1:4141/', connections, duration });
    const helloRate = helloResult.requests.average;
    rows.push(figures('bare Fastify hello-world', helloResult));

    // Orders never run out: the run measures orders, not refusals of sizes sold out. The bench's
    // few shoppers place far more than a shopper's hourly allowance.
    const env = {
      LOG_LEVEL: 'error',
      ORDERS_PER_ACCOUNT_PER_HOUR: '1000000',
      VERIFICATIONS_PER_ACCOUNT_PER_MINUTE: '1000000',
    };
    shops.push(await startShop('A', database.url, env));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('update product_size_stock set stock = greatest(stock, 1000000)');
    await client.end();
    // Measured once A has rendered the seeded pictures; B shares A's data folder, as the
    // processes of one machine do, so it finds them rendered.
    await settleShop(shops[0]!.dataDir, 'A');
    shops.push(await startShop('B', database.url, { ...env, DATA_DIR: shops[0]!.dataDir }));
    const [A, B] = shops as [ShopProcess, ShopProcess];
    const variants = await stockedVariants(A.url, 1);
    const tokens = await signUpShoppers([A.url, B.url], SHOPPERS, 'two');
    const carts: BenchCart[] = tokens.map((token, i) => ({
      token,
      variant: variants[i % variants.length]!,
    }));
    await fillCarts(A.url, carts);

    await placeOrders([A], carts, 2);
    rows.push(
      ordersRow(
        'POST /api/order, place + replace, one process',
        await placeOrders([A], carts, duration),
        helloRate,
      ),
    );
    await placeOrders([A, B], carts, 2);
    rows.push(
      ordersRow(
        'POST /api/order, place + replace, two processes',
        await placeOrders([A, B], carts, duration),
        helloRate,
      ),
    );
    console.log(
      `autocannon: ${connections} connections, ${duration} s per run, ${SHOPPERS} shoppers, PostgreSQL\n`,
    );
    console.log(
      'Each shopper places its one-line cart again and again; a repeated placement replaces (cancels,\n' +
        "stock back) that cart's previous unpaid order: place + replace.\n",
    );
    console.table(rows);
    if (refusals.length > 0) console.log(['First refusals:', ...refusals].join('\n- '));
  } finally {
    await Promise.all(shops.map((shop) => stopShop(shop)));
    await stopBenchServer(hello);
    await database.drop().catch(() => {});
  }
}

await main();
process.exit(0);
