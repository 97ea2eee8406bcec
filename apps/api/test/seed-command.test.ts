// `npm run seed` (the compiled `seed.js`) on a database that never had the demo: it migrates the
// database, puts the demo catalogue, content and discount codes in, and says so; and every server
// process already running on that database (PostgreSQL) lists what it wrote, told by the same
// catalogue change notice the back office sends.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  call,
  sharedSecrets,
  startShop,
  stopShop,
  until,
  type ShopProcess,
} from './shop-processes.ts';
import { createScratchDatabase } from './test-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function seed(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['apps/api/dist/seed.js', ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-seed-command-')),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run seed', { timeout: 180_000 }, () => {
  it('migrates a new database and puts the demo shop in, once', async () => {
    const scratch = (await createScratchDatabase('shop_seed_command'))!;
    const client = new pg.Client({ connectionString: scratch.url });
    try {
      const first = await seed({ DATABASE_URL: scratch.url, ...sharedSecrets });
      expect(first.code).toBe(0);
      expect(first.output).toMatch(/^Seeded the demo catalogue, content and discount codes\. \(/);
      await client.connect();
      const count = async (table: string) =>
        (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
      expect(await count('products')).toBeGreaterThanOrEqual(60);
      expect(await count('categories')).toBeGreaterThan(0);
      expect(await count('discounts')).toBeGreaterThan(0);
      expect(await count('blogs')).toBeGreaterThan(0);
      const products = await count('products');

      const second = await seed({ DATABASE_URL: scratch.url, ...sharedSecrets });
      expect(second.code).toBe(0);
      expect(second.output).toMatch(/not seeded again/);
      expect(await count('products')).toBe(products);
    } finally {
      await client.end().catch(() => {});
      await scratch.drop();
    }
  });

  it('is seen by every process already serving the database, without a restart', async () => {
    const scratch = (await createScratchDatabase('shop_seed_while_serving'))!;
    const shops: ShopProcess[] = [];
    try {
      // Two processes on an empty shop (no demo of their own), each with its catalogue loaded.
      for (const name of ['A', 'B'])
        shops.push(await startShop(name, scratch.url, { SEED_DEMO: '' }));
      const total = async (shop: ShopProcess) => {
        const { status, body } = await call(shop, 'GET', '/api/product/products?limit=1');
        expect(status).toBe(200);
        return body.data.total as number;
      };
      for (const shop of shops) expect(await total(shop)).toBe(0);

      // The demo (one transaction) and a generated top-up to 90 products (another one).
      const seeded = await seed({ DATABASE_URL: scratch.url, ...sharedSecrets }, [
        '--products',
        '90',
      ]);
      expect(seeded.output).toMatch(/^Seeded the demo catalogue.*Added \d+ generated products/);
      expect(seeded.code).toBe(0);

      // Every active product the seed wrote (the demo keeps one inactive, as a shop would).
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const active = (
        await client
          .query('select count(*)::int as n from products where is_active')
          .finally(() => client.end())
      ).rows[0].n as number;
      expect(active).toBeGreaterThan(80);
      for (const shop of shops) {
        await until(`shop ${shop.name} lists the ${active} seeded products`, async () => {
          return (await total(shop)) === active;
        });
      }
    } finally {
      for (const shop of shops) await stopShop(shop);
      await scratch.drop();
    }
  });
});
