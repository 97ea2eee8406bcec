// The test worlds themselves: a seeded world is a copy of the run's template (the demo catalogue,
// its pictures beside it), two copies share nothing, and a file can still ask for an empty shop.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Executor } from '../src/db/client.ts';
import { seedProducts } from '../src/db/seed/catalogue-data.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let first: TestWorld;
let second: TestWorld;
let empty: TestWorld;

beforeAll(async () => {
  [first, second, empty] = [
    await createTestWorld(),
    await createTestWorld(),
    await createTestWorld({}, { database: 'empty' }),
  ];
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close(), empty?.close()]);
});

const count = async (db: Executor, table: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('test worlds', () => {
  it('start seeded: the demo catalogue, its audit trail and its pictures in their media folder', async () => {
    expect(await count(first.database.db, 'products')).toBe(seedProducts.length);
    expect(await count(first.database.db, 'audit_entries')).toBeGreaterThan(seedProducts.length);
    const [product] = await queryRows<{ url: string }>(
      first.database.db,
      sql`select url from product_color_images order by url limit 1`,
    );
    const file = `${product!.url.replace(/^\/media\//, '')}.svg`;
    expect(existsSync(join(first.config.mediaDir, 'originals', file))).toBe(true);
    const answer = await first.app.inject({ method: 'GET', url: '/api/product/products?limit=1' });
    expect(answer.statusCode).toBe(200);
  });

  it('are copies: a write in one is not seen in another', async () => {
    await first.database.db.execute(sql`update products set name = 'Only in the first world'`);
    const names = await queryRows<{ name: string }>(
      second.database.db,
      sql`select name from products where name = 'Only in the first world'`,
    );
    expect(names).toEqual([]);
  });

  it('can be empty: migrated, with no catalogue', async () => {
    expect(await count(empty.database.db, 'categories')).toBe(0);
    expect(await count(empty.database.db, 'products')).toBe(0);
  });
});
