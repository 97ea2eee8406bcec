import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import {
  copyTemplateMedia,
  databaseUrl,
  templateDataDir,
  type SeedTemplate,
} from './seed-template.ts';

export interface TestWorld {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** This file's own PostgreSQL database, for a second client or server on it; undefined on PGlite. */
  databaseUrl: string | undefined;
  config: AppConfig;
  close: () => Promise<void>;
}

/**
 * A new database on the PostgreSQL of `adminUrl` (by default `TEST_DATABASE_URL`, set by
 * scripts/test.mjs when it started a throwaway cluster), with the way to drop it: empty, or a
 * copy of the database `template`; undefined when there is no PostgreSQL to use (tests on PGlite
 * only).
 */
export async function createScratchDatabase(
  prefix: string,
  adminUrl = process.env.TEST_DATABASE_URL,
  template?: string,
) {
  if (!adminUrl) return undefined;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrl(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestWorldOptions {
  /**
   * 'seeded' (the default): the demo shop, copied from the run's seeded template
   * (test/global-setup.ts) when there is one, else migrated and seeded here. 'empty': migrated,
   * nothing seeded, for a test of what a new shop starts with.
   */
  database?: 'seeded' | 'empty';
  /** Also serve the built storefront's pages (apps/web/build, made by `npm run build`). */
  storefront?: boolean;
  /** The time phone codes and messages read (a clock the test moves). */
  clock?: () => Date;
}

/**
 * A fresh shop for one test file. `TEST_DATABASE_URL` (set by scripts/test.mjs when it started a
 * throwaway PostgreSQL) gives each file its own new database there; otherwise an in-memory
 * PGlite. A seeded world starts as a copy of the template the run seeded once.
 */
export async function createTestWorld(
  env: Record<string, string> = {},
  options: TestWorldOptions = {},
): Promise<TestWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-rule-0123456789',
    ...env,
  });
  const seeded = (options.database ?? 'seeded') === 'seeded';
  const template = seeded ? runTemplate() : undefined;
  const scratch = await createScratchDatabase(
    'shop_test',
    undefined,
    template?.kind === 'postgres' ? template.database : undefined,
  );
  const databaseUrl = scratch?.url;
  const dropDatabase = scratch?.drop ?? (async () => {});
  const loadDataDir =
    template?.kind === 'pglite' && !databaseUrl ? await templateDataDir(template) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: undefined, loadDataDir });
  // A copied template is already at the schema's head and seeded: these find nothing to do but
  // check so (and the seed's pictures are copied rather than drawn again).
  await migrateDatabase(database, databaseUrl);
  if (template) await copyTemplateMedia(template, config.mediaDir);
  if (seeded) await seedDatabase(database.db, { mediaDir: config.mediaDir });
  const storefront = options.storefront
    ? await (await import('../src/storefront.ts')).mountStorefront(config)
    : undefined;
  const app = await buildApp({
    config,
    database,
    ...(storefront ? { storefront } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The seeded template of this test run, when its global setup made one for this database. */
function runTemplate(): SeedTemplate | undefined {
  const template = inject('seedTemplate');
  if (!template) return undefined;
  // A file that points TEST_DATABASE_URL elsewhere than the run's cluster builds its own world.
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  return (template.kind === 'postgres') === onPostgres ? template : undefined;
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
