/**
 * What the hot statements cost on the embedded database (PGlite), one call at a time in this
 * process (serial timing is far less sensitive to a busy machine than a load run): two shops in
 * memory, migrated and seeded alike, one running every statement unnamed, timed in alternating
 * rounds. PGlite has no named statements (src/db/prepared.ts), so both shops now run the same
 * path there; the two columns show the spread of a run.
 *
 * - add to cart: the cart repository's one statement (a new guest cart each call);
 * - add to cart, whole request: `POST /api/cart/guest/{session}/product/{id}` through Fastify's
 *   inject (no network);
 * - place order, whole request: a signed-in shopper placing her one-line cart again and again (each
 *   placement replaces her previous unpaid order, as in `bench:checkout`).
 *
 *   npm run bench:prepared            (CALLS=2000 ROUNDS=4 to change the defaults)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newGuestSessionId } from '@shop/domain/cart';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { withoutPreparedStatements } from '../apps/api/src/db/prepared.ts';
import { seedDatabase } from '../apps/api/src/db/seed/seed.ts';
import {
  createCartRepository,
  type NewCartLine,
} from '../apps/api/src/features/cart/cart.repository.ts';

const calls = Number(process.env.CALLS ?? 2000);
const rounds = Number(process.env.ROUNDS ?? 4);

interface Shop {
  label: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  cart: ReturnType<typeof createCartRepository>;
}

async function openShop(label: string, prepared: boolean): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-prepared-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-the-rule-0123456789',
    ORDERS_PER_ACCOUNT_PER_HOUR: '1000000',
    // Every call adds to a new guest cart from this one client: the guests' limit is not measured.
    GUEST_CART_REQUESTS_PER_MINUTE: '100000',
  });
  const database = await openDatabase({ dataDir: undefined });
  if (!prepared) withoutPreparedStatements(database.db);
  await migrateDatabase(database);
  await seedDatabase(database.db, { mediaDir: config.mediaDir });
  // Orders, not sold-out refusals, are measured.
  await database.db.execute(sql`update product_size_stock set stock = 1000000`);
  const app = await buildApp({ config, database });
  await app.ready();
  return { label, app, database, dataDir, cart: createCartRepository(database.db) };
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
  token?: string,
) {
  const response = await app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
}

/** One stocked product line of the seeded catalogue, as the storefront sends it. */
async function firstLine(app: FastifyInstance) {
  const list = await call(app, 'GET', '/api/product/products?limit=12');
  const product = list.data.products[0];
  const color = product.colors[0];
  const size = color.sizeStock[0].size.toLowerCase();
  return {
    product: product._id as string,
    name: product.name as string,
    body: {
      size,
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0] as string,
      quantity: 1,
    },
    line: {
      productId: product._id,
      colorName: color.colorName,
      colorHex: color.colorHex,
      size,
      quantity: 1,
      selectedImage: color.images[0],
      unitPricePaise: Math.round(product.price * 100),
    } satisfies NewCartLine,
  };
}

async function signedInWithCart(app: FastifyInstance, line: Awaited<ReturnType<typeof firstLine>>) {
  const signup = await call(app, 'POST', '/api/auth/signup', {
    firstName: 'Bench',
    lastName: 'Shopper',
    email: `bench.prepared.${randomUUID()}@example.in`,
    password: 'bench-password-1',
    phone: '9876543210',
  });
  const token = signup.data.accessToken as string;
  await call(app, 'POST', '/api/cart', { product: line.product, ...line.body }, token);
  const order = {
    items: [
      {
        product: line.product,
        quantity: 1,
        size: line.body.size,
        color: line.body.color,
        productImage: line.body.selectedImage,
        productName: line.name,
        priceAtPurchase: 1,
      },
    ],
    shippingAddress: {
      name: 'Asha Rao',
      addressLine1: '12 MG Road',
      addressLine2: 'Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      phone: '9876543210',
    },
    paymentMethod: 'razorpay',
    notes: '',
    subtotal: 1,
    totalDiscountAmount: 0,
    shippingCharge: 0,
    total: 1,
  };
  return { token, order };
}

async function timed(count: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return `mean ${mean.toFixed(2)} ms, p50 ${quantile(sorted, 0.5).toFixed(2)}, p99 ${quantile(sorted, 0.99).toFixed(2)}`;
}

async function main() {
  const shops = [await openShop('plain', false), await openShop('prepared', true)];
  try {
    // Each shop has its own product ids.
    const lines = await Promise.all(shops.map((shop) => firstLine(shop.app)));
    const shoppers = await Promise.all(
      shops.map((shop, index) => signedInWithCart(shop.app, lines[index]!)),
    );
    const measures = {
      'add to cart (repository statement)': (shop: Shop, index: number) => () =>
        shop.cart.addToCart({ guestSessionId: newGuestSessionId(randomUUID) }, lines[index]!.line),
      'add to cart (whole request, inject)': (shop: Shop, index: number) => () =>
        call(
          shop.app,
          'POST',
          `/api/cart/guest/${newGuestSessionId(randomUUID)}/product/${lines[index]!.product}`,
          lines[index]!.body,
        ),
      'place order (whole request, inject)': (shop: Shop, index: number) => () =>
        call(shop.app, 'POST', '/api/order', shoppers[index]!.order, shoppers[index]!.token),
    };
    const perRound = Math.ceil(calls / rounds);
    console.log(`${rounds} alternating rounds of ${perRound} calls each; loadavg ${loadavg()}\n`);
    for (const [name, measure] of Object.entries(measures)) {
      const times = shops.map(() => [] as number[]);
      // Warm-up: the prepared shop prepares its statements; both warm their caches and the JIT.
      for (const [index, shop] of shops.entries()) await timed(50, measure(shop, index));
      for (let round = 0; round < rounds; round += 1) {
        for (const [index, shop] of shops.entries())
          times[index]!.push(...(await timed(perRound, measure(shop, index))));
      }
      console.log(name);
      for (const [index, shop] of shops.entries())
        console.log(`  ${shop.label.padEnd(9)} ${summary(times[index]!)}`);
    }
    console.log(`\nloadavg ${loadavg()}`);
  } finally {
    for (const shop of shops) {
      await shop.app.close();
      await shop.database.close();
      rmSync(shop.dataDir, { recursive: true, force: true });
    }
  }
}

function loadavg() {
  return process.platform === 'linux' ? readFileSync('/proc/loadavg', 'utf8').trim() : 'n/a';
}

await main();
