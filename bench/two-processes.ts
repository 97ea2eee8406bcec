/**
 * Orders per second with one and with two shop processes on one PostgreSQL, beside a bare Fastify
 * hello-world in the same run: 20 signed-in shoppers place orders (`POST /api/order`) at 20
 * connections, spread over every colour and size in stock, first against one process, then with
 * the same 20 connections split over two (a load balancer's round robin). The processes are the
 * real server (apps/api/test/shop-processes.ts, each with its own DATA_DIR); a scratch database
 * is made on BENCH_DATABASE_URL and dropped afterwards.
 * Goal (ARCHITECTURE.md): two processes on one database serve more orders per second than one.
 * On a 2-core machine the load generator, both processes and PostgreSQL share the cores.
 *
 *   BENCH_DATABASE_URL=postgres://... npm run bench:two-processes   (DURATION=10 CONNECTIONS=20)
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { call, startShop, stopShop, type ShopProcess } from '../apps/api/test/shop-processes.ts';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import { figures, startBenchServer, stopBenchServer } from './shop-process.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
const SHOPPERS = 20;

const address = {
  name: 'Bench Buyer',
  addressLine1: '1 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
};

interface Variant {
  product: string;
  colorName: string;
  size: string;
}

async function variantsOf(shop: ShopProcess): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (let page = 1; page <= 2; page += 1) {
    const list = await call(shop, 'GET', `/api/product/products?limit=100&page=${page}`);
    for (const product of list.body.data.products as any[]) {
      for (const color of product.colors) {
        for (const entry of color.sizeStock) {
          if (entry.stock > 0) {
            variants.push({ product: product._id, colorName: color.colorName, size: entry.size });
          }
        }
      }
    }
  }
  return variants;
}

/** Place-order for `duration` seconds over `targets` (connections split round robin). */
async function placeOrders(
  targets: ShopProcess[],
  tokens: string[],
  variants: Variant[],
  seconds: number,
) {
  let n = 0;
  return autocannon({
    // autocannon spreads connections over several URLs (its types name only one).
    url: targets.map((target) => target.url) as unknown as string,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        setupRequest: (request) => {
          const i = n++;
          const variant = variants[i % variants.length]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[i % tokens.length]}`,
            },
            body: JSON.stringify({
              items: [
                {
                  product: variant.product,
                  quantity: 1,
                  size: variant.size,
                  color: { colorName: variant.colorName },
                },
              ],
              shippingAddress: address,
              paymentMethod: 'razorpay',
            }),
          };
        },
      },
    ],
  });
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

    // Orders never run out: the run measures orders, not refusals of sizes sold out.
    const env = { LOG_LEVEL: 'error' };
    shops.push(await startShop('A', database.url, env));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('update product_size_stock set stock = greatest(stock, 1000000)');
    await client.end();
    shops.push(await startShop('B', database.url, env));
    const [A, B] = shops as [ShopProcess, ShopProcess];
    const variants = await variantsOf(A);
    const tokens: string[] = [];
    for (let i = 0; i < SHOPPERS; i += 1) {
      const signup = await call(i % 2 ? B : A, 'POST', '/api/auth/signup', {
        body: {
          firstName: 'Bench',
          lastName: 'Buyer',
          email: `bench.two.${Date.now()}.${i}@example.in`,
          password: 'bench-password-1',
          phone: '9876543210',
        },
      });
      if (signup.status !== 201) throw new Error(`sign-up: ${JSON.stringify(signup.body)}`);
      tokens.push(signup.body.data.accessToken);
    }

    await placeOrders([A], tokens, variants, 2);
    rows.push(
      ordersRow(
        'POST /api/order, one process',
        await placeOrders([A], tokens, variants, duration),
        helloRate,
      ),
    );
    await placeOrders([A, B], tokens, variants, 2);
    rows.push(
      ordersRow(
        'POST /api/order, two processes',
        await placeOrders([A, B], tokens, variants, duration),
        helloRate,
      ),
    );
    console.log(
      `autocannon: ${connections} connections, ${duration} s per run, ${SHOPPERS} shoppers, PostgreSQL\n`,
    );
    console.table(rows);
  } finally {
    await Promise.all(shops.map((shop) => stopShop(shop)));
    await stopBenchServer(hello);
    await database.drop().catch(() => {});
  }
}

await main();
process.exit(0);
