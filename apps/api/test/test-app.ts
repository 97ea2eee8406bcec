import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

export interface TestWorld {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL of `adminUrl` (by default `TEST_DATABASE_URL`, set by
 * scripts/test.mjs when it started a throwaway cluster), with the way to drop it; undefined when
 * there is no PostgreSQL to use (tests on PGlite only).
 */
export async function createScratchDatabase(
  prefix: string,
  adminUrl = process.env.TEST_DATABASE_URL,
) {
  if (!adminUrl) return undefined;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh, seeded shop for one test file. `TEST_DATABASE_URL` (set by scripts/test.mjs when it
 * started a throwaway PostgreSQL) gives each file its own new database there; otherwise an
 * in-memory PGlite.
 */
export async function createTestWorld(
  env: Record<string, string> = {},
  options: {
    /** Also serve the built storefront's pages (apps/web/build, made by `npm run build`). */
    storefront?: boolean;
  } = {},
): Promise<TestWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const scratch = await createScratchDatabase('shop_test');
  const databaseUrl = scratch?.url;
  const dropDatabase = scratch?.drop ?? (async () => {});
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-rule-0123456789',
    ...env,
  });
  const database = await openDatabase({ databaseUrl, dataDir: undefined });
  await migrateDatabase(database, databaseUrl);
  await seedDatabase(database.db, { mediaDir: config.mediaDir });
  const storefront = options.storefront
    ? await (await import('../src/storefront.ts')).mountStorefront(config)
    : undefined;
  const app = await buildApp({ config, database, ...(storefront ? { storefront } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `app.inject()` GET answering the parsed JSON body with the status. */
export async function getJson<T = any>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    body: response.json() as T,
    headers: response.headers,
    raw: response,
  };
}
