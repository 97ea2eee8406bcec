import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import { signUp } from './auth-helpers.ts';
import { stockedChoices } from './cart-helpers.ts';
import { placeOrder } from './order-helpers.ts';
import { createScratchDatabase, createTestWorld, getJson, type TestWorld } from './test-app.ts';

describe('the catalogue read cache', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await createTestWorld();
  });
  afterAll(() => world.close());

  it('keys answers by the validated query: reordered, defaulted and junk parameters share one entry', async () => {
    const cache = world.app.readCache;
    cache.clear();
    const urls = [
      '/api/product/products?sort=price-asc&limit=12&page=1',
      '/api/product/products?page=1&sort=price-asc',
      '/api/product/products?sort=price-asc&zz=1&utm_source=crawler',
      '/api/product/products?limit=12&sort=price-asc&page=1&zz=2',
    ];
    const misses = cache.stats.misses;
    const answers = [];
    for (const url of urls) answers.push((await getJson(world.app, url)).body);
    expect(cache.stats.misses - misses).toBe(1);
    expect(cache.size).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // A different real parameter is a different answer.
    await getJson(world.app, '/api/product/products?sort=price-desc');
    expect(cache.stats.misses - misses).toBe(2);
  });

  it('lets concurrent misses for one key share one database query', async () => {
    const cache = world.app.readCache;
    cache.clear();
    const misses = cache.stats.misses;
    const shared = cache.stats.shared;
    const url = '/api/product/search?q=lace&sort=newest';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => world.app.inject({ method: 'GET', url })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(cache.stats.misses - misses).toBe(1);
    expect(cache.stats.shared - shared).toBe(7);
  });

  it('empties only what a stock change touched: that product and the lists, not other products', async () => {
    const cache = world.app.readCache;
    cache.clear();
    const [bought, other] = await stockedChoices(world.app, 2);
    const before = await getJson(world.app, `/api/product/${bought!.productId}`);
    await getJson(world.app, `/api/product/${other!.productId}`);
    await getJson(world.app, '/api/category');
    const { accessToken } = await signUp(world.app);
    const hits = cache.stats.hits;
    const misses = cache.stats.misses;

    await placeOrder(world.app, accessToken, [[bought!, 1]]);

    const after = await getJson(world.app, `/api/product/${bought!.productId}`);
    const stockOf = (product: any) =>
      product.colors
        .find((color: any) => color.colorName === bought!.colorName)
        .sizeStock.find((entry: any) => entry.size === bought!.size).stock;
    expect(stockOf(after.body.data)).toBe(stockOf(before.body.data) - 1);
    await getJson(world.app, `/api/product/${other!.productId}`);
    await getJson(world.app, '/api/category');
    // The bought product was asked again; the other product and the categories were still cached.
    expect(cache.stats.misses - misses).toBe(1);
    expect(cache.stats.hits - hits).toBe(2);
  });

  it('never shows deactivated products in public lists, whatever the parameters', async () => {
    const { body } = await getJson(world.app, '/api/product/products?limit=100');
    const hidden = body.data.products[0];
    const { sql } = await import('drizzle-orm');
    await world.database.db.execute(
      sql`update products set is_active = false where id = ${hidden._id}`,
    );
    world.app.readCache.clear();
    const subcategory = hidden.subcategory as string;
    const category = hidden.category as string;
    for (const url of [
      `/api/product/products?limit=100`,
      `/api/product/category/${category}?limit=100`,
      `/api/product/subcategory/${subcategory}?limit=100`,
      `/api/product/subcategory/${subcategory}?limit=100&isActive=false`,
      `/api/product/search?q=${encodeURIComponent(hidden.name)}&limit=100`,
    ]) {
      const answer = await getJson(world.app, url);
      expect(answer.status).toBe(200);
      const ids = answer.body.data.products.map((product: any) => product._id);
      expect(ids, url).not.toContain(hidden._id);
    }
    await world.database.db.execute(
      sql`update products set is_active = true where id = ${hidden._id}`,
    );
    world.app.readCache.clear();
  });
});

// Processes share a database only on PostgreSQL (npm test runs this file again there).
describe.runIf(process.env.TEST_DATABASE_URL)('the read cache across processes', () => {
  it('shows a stock change made through one server in the next read of another', async () => {
    const scratch = (await createScratchDatabase('shop_cache'))!;
    const config = loadConfig({
      DATA_DIR: '/tmp/shop-cache-test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-the-rule-0123456789',
    });
    const first = await openDatabase({ databaseUrl: scratch.url });
    await migrateDatabase(first, scratch.url);
    const second = await openDatabase({ databaseUrl: scratch.url });
    await seedDatabase(first.db, { mediaDir: config.mediaDir });
    const writer = await buildApp({ config, database: first });
    const reader = await buildApp({ config, database: second });
    try {
      // Real HTTP to the reader, as shoppers reach it, rather than an in-process call.
      const readerUrl = await reader.listen({ port: 0, host: '127.0.0.1' });
      const [choice] = await stockedChoices(reader, 2);
      const stockOf = async () => {
        const response = await fetch(`${readerUrl}/api/product/${choice!.productId}`);
        const body = (await response.json()) as any;
        return body.data.colors
          .find((color: any) => color.colorName === choice!.colorName)
          .sizeStock.find((entry: any) => entry.size === choice!.size).stock as number;
      };
      const before = await stockOf();
      expect(await stockOf()).toBe(before); // now answered from the reader's memory
      const { accessToken } = await signUp(writer);
      await placeOrder(writer, accessToken, [[choice!, 1]]);
      // The notice is sent before the writer answers; PostgreSQL hands it to the reader's
      // listening connection within milliseconds (longer only on a machine under heavy load).
      await expect.poll(stockOf, { timeout: 2_000, interval: 20 }).toBe(before - 1);
    } finally {
      await writer.close();
      await reader.close();
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});
