import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { scheduleUpkeep, WAL_START_PARAMS } from './pglite-upkeep.ts';
import * as schema from './schema.ts';

export { DatabaseInUseError } from './data-dir-lock.ts';

export type Schema = typeof schema;
/** One handle type for both drivers (a union of the two driver types breaks `.returning()`). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Transaction;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection pool's use, for the operators' metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only (processes can share it; PGlite belongs to one process): receives every
   * NOTIFY on `channel` through a connection of its own, reconnecting after a failure and then
   * calling `onReconnect` (notices sent meanwhile are lost). Answers the way to stop listening.
   */
  listen?: (
    channel: string,
    handlers: { onMessage: (payload: string) => void; onReconnect: () => void },
  ) => Promise<() => Promise<void>>;
  /**
   * PGlite only: the whole data directory as an uncompressed tarball (PGlite's `dumpDataDir`),
   * which `loadDataDir` starts another database from (the tests' seeded template).
   */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://... runs on PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite only: a new database starts as a copy of this tarball of a data directory (from
   * `dumpDataDir`) instead of an empty one; ignored when `dataDir` already holds a database.
   */
  loadDataDir?: Blob | undefined;
}

/**
 * Search treats a product word as a match when it shares 40% of its trigrams with the query
 * (pg_trgm's default, 60%, misses common misspellings such as 'brallete' for 'bralette').
 */
const WORD_SIMILARITY_THRESHOLD = '0.4';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // No parallel workers: the server runs many small queries at once on few cores, where a
      // parallel plan only competes for them (and made search prefer a parallel sequential scan
      // over the full-text index). No JIT either: a statement the planner overestimates (the
      // dashboard's day rollup over a million orders) spent 0.74 s compiling for a 23 ms run.
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c max_parallel_workers_per_gather=0 -c jit=off`,
    });
    // An idle connection that dies (a database restart, a dropped network) is an 'error' event on
    // the pool; without a listener Node would end the process. The pool reconnects on demand.
    let closing = false;
    pool.on('error', (error) => {
      if (!closing)
        console.warn(`PostgreSQL connection lost (reconnecting on demand): ${error.message}`);
    });
    const db = drizzlePg(pool, { schema });
    const close = async () => {
      closing = true;
      await pool.end();
    };
    const listen: NonNullable<DatabaseHandle['listen']> = async (channel, handlers) => {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const retryLater = () => {
        if (stopped) return;
        retry = setTimeout(() => connect().then(handlers.onReconnect, retryLater), 1_000);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: options.databaseUrl });
        next.on('notification', (message) => {
          if (message.channel === channel) handlers.onMessage(message.payload ?? '');
        });
        next.on('error', (error) => {
          if (stopped || client !== next) return;
          console.warn(`Change notices interrupted (reconnecting): ${error.message}`);
          client = undefined;
          void next.end().catch(() => {});
          retryLater();
        });
        try {
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          void next.end().catch(() => {});
          throw error;
        }
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    };
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { db: db as unknown as Database, kind: 'postgres', close, listen, poolStats };
  }
  return openPglite(options.dataDir, options.loadDataDir);
}

/**
 * PGlite in this process, through its public API. Its data folder belongs to one process (see
 * data-dir-lock.ts), which throws `DatabaseInUseError` while another holds it. The upkeep vacuums
 * and checkpoints as the shop writes, which PGlite's single backend never does by itself (see
 * pglite-upkeep.ts).
 */
async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  let release: (() => void) | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir && !(dataDir && existsSync(join(dataDir, 'PG_VERSION')))
        ? { loadDataDir }
        : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...WAL_START_PARAMS],
    });
  } catch (error) {
    release?.();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  try {
    await client.query(`select set_config('pg_trgm.word_similarity_threshold', $1, false)`, [
      WORD_SIMILARITY_THRESHOLD,
    ]);
  } catch (error) {
    await client.close();
    release?.();
    throw error;
  }
  const upkeep = scheduleUpkeep(client);
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      await upkeep.stop();
      try {
        await client.close();
      } finally {
        release?.();
      }
    })();
    return closed;
  };
  const dumpDataDir = async () => client.dumpDataDir('none');
  return { db: db as unknown as Database, kind: 'pglite', close, dumpDataDir };
}

/** The database error in `error` or its causes (Drizzle wraps the driver's), if any. */
function databaseErrorOf(
  error: unknown,
): { code: string; detail?: unknown; constraint?: unknown } | undefined {
  for (
    let current = error;
    current instanceof Object;
    current = (current as { cause?: unknown }).cause
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return current as { code: string; detail?: unknown };
  }
  return undefined;
}

/** The SQLSTATE of a database error, as both drivers report it. */
export function sqlStateOf(error: unknown): string | undefined {
  return databaseErrorOf(error)?.code;
}

/** PostgreSQL ended a transaction to break a cycle of lock waits: nothing it did was kept. */
export function isDeadlock(error: unknown): boolean {
  return sqlStateOf(error) === '40P01';
}

/**
 * Runs `work` (one whole transaction) again when PostgreSQL chose it to break a lock cycle, up
 * to `attempts` times: the aborted attempt kept nothing, so running it again is safe.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}

/** The DETAIL a database error (or a function's RAISE) carried. */
export function detailOf(error: unknown): string | undefined {
  const detail = databaseErrorOf(error)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

/** Both drivers report a unique-key violation as SQLSTATE 23505; `index` narrows it to one. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const found = databaseErrorOf(error);
  return found?.code === '23505' && (index === undefined || found.constraint === index);
}

/**
 * Runs `write`, answering a breach of the unique index `index` with the error `refusal` makes (a
 * 409 in the form's words): a value already taken is refused the same whether a check saw it
 * first or two saves raced and the index caught the second.
 */
export async function refusingDuplicates<T>(
  index: string,
  refusal: () => Error | Promise<Error>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw await refusal();
    throw error;
  }
}

/** `db.execute()` answers differ by driver; both carry `.rows`. */
export async function queryRows<T>(db: Executor, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function pingDatabase(db: Executor): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(db, sql`select 1 as ok`);
  return rows[0]?.ok === 1;
}
