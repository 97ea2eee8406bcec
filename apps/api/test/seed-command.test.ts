// `npm run seed` (the compiled `seed.js`) on a database that never had the demo: it migrates the
// database, puts the demo catalogue, content and discount codes in, and says so.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sharedSecrets } from './shop-processes.ts';
import { createScratchDatabase } from './test-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function seed(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['apps/api/dist/seed.js'], {
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
});
