import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { queryRows, type DatabaseHandle, type Executor } from './client.ts';
import { loadPincodeDirectory } from './pincode-directory.ts';
import * as schema from './schema.ts';

/**
 * The SQL migrations, beside this module in the sources (src/db/migrations) and beside the
 * compiled server in a build (dist/migrations, copied there by the build).
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The database functions, one file each with its whole source (`CREATE OR REPLACE FUNCTION`, and
 * `CREATE OR REPLACE TRIGGER` for the triggers that call it, separated by `--> statement-breakpoint`):
 * re-applied after the migrations whenever a file changed. A change of a function's arguments or
 * result type goes in a migration that drops the old function first.
 */
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * Any constant works; every process that may migrate the same database uses it, so only one
 * migrates at a time and the others then find nothing left to do.
 */
const MIGRATION_LOCK_KEY = 7_310_002;

/** The database was migrated by a newer release than this code: running on it could corrupt it. */
export class SchemaNewerThanCodeError extends Error {}

/** The database lacks migrations and this process may not apply them (MIGRATE_ON_START=0). */
export class SchemaBehindCodeError extends Error {}

/** How the database's migrations compare with the code's. */
export interface MigrationStatus {
  /** Migrations the code has that the database lacks. */
  pending: number;
  /** The database has a migration made after the code's newest. */
  newerThanCode: boolean;
}

let readOnce: ReturnType<typeof readMigrationFiles> | undefined;
/** The code's migrations: they are files shipped with it, so they are read once. */
function codeMigrations() {
  readOnce ??= readMigrationFiles({ migrationsFolder });
  return readOnce;
}

/** Reads which migrations the database has (none when it was never migrated). */
export async function migrationStatus(db: Executor): Promise<MigrationStatus> {
  const code = codeMigrations();
  const newestInCode = Math.max(0, ...code.map((migration) => migration.folderMillis));
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { pending: code.length, newerThanCode: false };
  const [applied] = await queryRows<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  const newestApplied = Number(applied?.newest ?? 0);
  return {
    pending: code.filter((migration) => migration.folderMillis > newestApplied).length,
    newerThanCode: newestApplied > newestInCode,
  };
}

/** Refuses to run on a schema other than this code's (when the process does not migrate). */
export async function requireSchemaAtHead(db: Executor): Promise<void> {
  const status = await migrationStatus(db);
  refuseNewerSchema(status);
  if (status.pending > 0) {
    throw new SchemaBehindCodeError(
      `The database lacks ${status.pending} migration${status.pending === 1 ? '' : 's'} of this code: run npm run migrate first.`,
    );
  }
}

function refuseNewerSchema(status: MigrationStatus) {
  if (status.newerThanCode) {
    throw new SchemaNewerThanCodeError(
      'The database schema is newer than this code: run the release that migrated it (or newer).',
    );
  }
}

/**
 * Applies the pending migrations, then the database functions and the PIN code directory (each
 * only when it changed); answers how many migrations there were. On PostgreSQL it holds an advisory
 * lock on a connection of its own while it works, so any number of processes may start at once
 * on one fresh database: the first migrates, the rest wait and find nothing left to do. A database
 * migrated by newer code is refused untouched.
 */
export async function migrateDatabase(
  database: DatabaseHandle,
  databaseUrl?: string,
): Promise<number> {
  if (database.kind === 'pglite') {
    const status = await migrationStatus(database.db);
    refuseNewerSchema(status);
    // The embedded database belongs to this process alone (its folder is locked): no one races it.
    if (status.pending > 0) {
      await migratePglite(database.db as unknown as PgliteDatabase<typeof schema>, {
        migrationsFolder,
      });
    }
    await applyFunctions(database.db);
    await loadPincodeDirectory(database.db);
    return status.pending;
  }
  if (!databaseUrl) throw new Error('migrateDatabase needs the PostgreSQL URL');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzlePg(client, { schema });
    const status = await migrationStatus(db as unknown as Executor);
    refuseNewerSchema(status);
    if (status.pending > 0) await migratePg(db, { migrationsFolder });
    await applyFunctions(db as unknown as Executor);
    await loadPincodeDirectory(db as unknown as Executor);
    return status.pending;
  } finally {
    // Ending the connection releases the lock, also when a migration failed.
    await client.end().catch(() => {});
  }
}

/** The function files and a digest of each, in name order. */
function codeFunctions(): { name: string; source: string; digest: string }[] {
  return readdirSync(functionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const source = readFileSync(join(functionsFolder, file), 'utf8');
      return {
        name: file.replace(/\.sql$/, ''),
        source,
        digest: createHash('sha256').update(source).digest('hex'),
      };
    });
}

/**
 * Creates or replaces each database function whose file differs from what was applied last (the
 * digest kept in `shop_state` as `function:<name>`); answers the names applied. Runs after the
 * migrations, under the same lock on PostgreSQL.
 */
export async function applyFunctions(db: Executor): Promise<string[]> {
  const applied: string[] = [];
  for (const fn of codeFunctions()) {
    const key = `function:${fn.name}`;
    const [current] = await queryRows<{ value: string }>(
      db,
      sql`select value from shop_state where key = ${key}`,
    );
    if (current?.value === fn.digest) continue;
    await db.transaction(async (tx) => {
      // A file may hold several statements (a function and the triggers that call it), split
      // as migrations are: each is sent on its own.
      for (const statement of fn.source.split('--> statement-breakpoint')) {
        if (statement.trim() !== '') await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into shop_state (key, value) values (${key}, ${fn.digest})
          on conflict (key) do update set value = excluded.value, updated_at = now()`,
      );
    });
    applied.push(fn.name);
  }
  return applied;
}
