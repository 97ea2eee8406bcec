/**
 * The demo shop, migrated and seeded once, for every test world of a run to start from: the seed
 * writes through the back office's services (about 1,700 statements), too much to repeat for each
 * test file. On PGlite the template is a tarball of a data directory (PGlite's `dumpDataDir`) that
 * each world loads into its own in-memory database; on PostgreSQL it is a database that each
 * world's database is created from (`CREATE DATABASE … TEMPLATE`). The seeded pictures are drawn
 * once into the template's media folder and copied beside each world's database.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

/** A seeded template, as the global setup hands it to the test files. */
export type SeedTemplate =
  | { kind: 'pglite'; tarball: string; mediaDir: string }
  | { kind: 'postgres'; database: string; mediaDir: string };

/** `adminUrl` with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates and seeds a new template under `dir` (a folder of the caller's), on the PostgreSQL of
 * `adminUrl` when given, else on PGlite. The seed's dates count from now: a template serves one
 * test run, not the next.
 */
export async function buildSeedTemplate(
  dir: string,
  adminUrl: string | undefined,
): Promise<SeedTemplate> {
  const mediaDir = join(dir, 'media');
  await mkdir(mediaDir, { recursive: true });
  if (adminUrl) {
    const name = `shop_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = databaseUrl(adminUrl, name);
    const database = await openDatabase({ databaseUrl: url });
    try {
      await migrateDatabase(database, url);
      await seedDatabase(database.db, { mediaDir });
    } finally {
      // No connection may stay open on a database that others are created from.
      await database.close();
    }
    return { kind: 'postgres', database: name, mediaDir };
  }
  const database = await openDatabase({});
  try {
    await migrateDatabase(database, undefined);
    await seedDatabase(database.db, { mediaDir });
    const tarball = join(dir, 'pgdata.tar');
    const dump = await database.dumpDataDir!();
    await writeFile(tarball, new Uint8Array(await dump.arrayBuffer()));
    return { kind: 'pglite', tarball, mediaDir };
  } finally {
    await database.close();
  }
}

/** Removes the template (its PostgreSQL database; the caller removes `dir`). */
export async function dropSeedTemplate(template: SeedTemplate, adminUrl: string | undefined) {
  if (template.kind === 'postgres' && adminUrl) {
    await adminQuery(adminUrl, `drop database if exists ${template.database} with (force)`);
  }
}

/** The PGlite template's data directory, for `openDatabase({ loadDataDir })`. */
export async function templateDataDir(template: SeedTemplate & { kind: 'pglite' }) {
  return new Blob([await readFile(template.tarball)]);
}

/** Copies the template's seeded pictures into a world's media folder. */
export async function copyTemplateMedia(template: SeedTemplate, mediaDir: string) {
  await rm(mediaDir, { recursive: true, force: true });
  await cp(template.mediaDir, mediaDir, { recursive: true });
}
