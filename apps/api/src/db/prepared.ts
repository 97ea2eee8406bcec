import { types, type PGlite } from '@electric-sql/pglite';
import { is, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import { sqlStateOf, type Database, type Executor } from './client.ts';

/**
 * Named prepared statements for the few hottest statements, so the database parses and plans
 * them once per session instead of on every call, through public APIs only:
 *
 * - PostgreSQL: the driver's named statements (pg's `{ name, text }`); pg prepares each name once
 *   per pooled connection by itself.
 * - PGlite: SQL-level `PREPARE name AS ...` once per database, then `EXECUTE name(...)` with the
 *   values written as quoted literals (a utility statement takes no bind parameters). PGlite is one
 *   session, so a statement prepared once serves every later call.
 *
 * On PGlite, `PREPARE` is always issued on the database itself, outside any transaction, and no
 * caller ever waits for it: until it is done (or if it fails) the statement runs the plain way,
 * with the same answer. So a prepared statement is never tied to a transaction that may roll back,
 * and a caller inside a transaction never waits on a `PREPARE` queued behind that transaction.
 *
 * Each distinct SQL text gets its own statement (a name with a counter): the text of a hot
 * statement may differ by case (a guest's cart or a shopper's), never by value.
 */
export interface PreparedStatements {
  /** The rows of `query`, run as the named statement `name` once it is prepared. */
  rows<T>(executor: Executor, name: string, query: SQLWrapper): Promise<T[]>;
  /**
   * Forgets every prepared statement (`DEALLOCATE ALL` on PGlite): after migrations changed the
   * schema, a statement prepared before must be prepared again (a `select *` would otherwise
   * answer the old columns or fail).
   */
  forget(): Promise<void>;
}

/** SQLSTATE of EXECUTE naming a statement the session does not have. */
const INVALID_STATEMENT_NAME = '26000';

/** Past this many texts under one name, further texts run the plain way (a runaway shape). */
const MAX_TEXTS_PER_NAME = 8;

const dialect = new PgDialect();
const registries = new WeakMap<Database, PreparedStatements>();

/**
 * The types Drizzle's PGlite driver reads as text (instants, dates, intervals and their arrays,
 * numeric arrays). Drizzle passes these parsers with every call, and PGlite then copies its whole
 * table of type parsers (300-odd entries) on each: given once to `PGlite.create({ parsers })`, a
 * call made on the client itself reads rows exactly as Drizzle does without that copy.
 */
export const DRIZZLE_PGLITE_PARSERS: Record<number, (value: string) => unknown> =
  Object.fromEntries(
    [
      types.TIMESTAMP,
      types.TIMESTAMPTZ,
      types.INTERVAL,
      types.DATE,
      // numeric[], timestamp[], timestamptz[], interval[], date[]
      1231,
      1115,
      1185,
      1187,
      1182,
    ].map((type) => [type, (value: string) => value]),
  );

/**
 * The prepared statements of `db`, one registry per database instance. `pglite` (the client a
 * PGlite database was opened with, and `DRIZZLE_PGLITE_PARSERS` given to it) lets statements run
 * outside a transaction go to the client directly.
 */
export function preparedStatements(db: Database, pglite?: PGlite): PreparedStatements {
  let registry = registries.get(db);
  if (!registry) {
    registry = is(db._.session, PgliteSession)
      ? pgliteStatements(db, pglite)
      : postgresStatements();
    registries.set(db, registry);
  }
  return registry;
}

/**
 * Makes `db` run every statement the plain way, as if nothing were prepared: benchmarks and
 * tests compare the two paths on databases that are otherwise the same.
 */
export function withoutPreparedStatements(db: Database): void {
  registries.set(db, {
    async rows<T>(executor: Executor, _name: string, query: SQLWrapper) {
      const result = (await executor.execute(query.getSQL())) as unknown as { rows: T[] };
      return result.rows;
    },
    async forget() {},
  });
}

/** Names each distinct text of `name` once: `name`, `name_2`, ... (undefined past the cap). */
function statementNamer() {
  const names = new Map<string, string>();
  const texts = new Map<string, number>();
  return {
    nameOf(name: string, text: string): string | undefined {
      const known = names.get(text);
      if (known) return known;
      const count = (texts.get(name) ?? 0) + 1;
      if (count > MAX_TEXTS_PER_NAME) return undefined;
      texts.set(name, count);
      const named = count === 1 ? name : `${name}_${count}`;
      names.set(text, named);
      return named;
    },
    clear() {
      names.clear();
      texts.clear();
    },
  };
}

function postgresStatements(): PreparedStatements {
  const namer = statementNamer();
  return {
    async rows<T>(executor: Executor, name: string, query: SQLWrapper) {
      const built = dialect.sqlToQuery(query.getSQL());
      const statement = executor._.session.prepareQuery(
        built,
        undefined,
        namer.nameOf(name, built.sql),
        false,
      );
      const result = (await statement.execute()) as { rows: T[] };
      return result.rows;
    },
    async forget() {
      // PostgreSQL re-plans a named statement itself when a table it reads changes; the names
      // stay tied to their texts, so there is nothing to forget.
    },
  };
}

function pgliteStatements(db: Database, client: PGlite | undefined): PreparedStatements {
  const namer = statementNamer();
  /** Per text: its name once prepared, 'preparing' meanwhile, 'failed' for good. */
  const states = new Map<string, string>();
  let generation = 0;

  const prepare = (text: string, name: string) => {
    states.set(text, 'preparing');
    const started = generation;
    db.execute(sql.raw(`prepare ${name} as ${text}`)).then(
      () => {
        if (generation === started) states.set(text, name);
      },
      (error: unknown) => {
        if (generation !== started) return;
        states.set(text, 'failed');
        console.warn(
          `Statement ${name} could not be prepared (it runs unprepared): ${(error as Error).message}`,
        );
      },
    );
  };

  return {
    async rows<T>(executor: Executor, name: string, query: SQLWrapper) {
      const built = dialect.sqlToQuery(query.getSQL());
      const state = states.get(built.sql);
      if (state === undefined) {
        const named = namer.nameOf(name, built.sql);
        if (named) prepare(built.sql, named);
        else states.set(built.sql, 'failed');
      } else if (state !== 'preparing' && state !== 'failed') {
        const values = built.params.map(literal).join(', ');
        const call = values ? `execute ${state}(${values})` : `execute ${state}`;
        try {
          if (client && executor === db) return (await client.query<T>(call)).rows;
          const result = (await executor.execute(sql.raw(call))) as unknown as { rows: T[] };
          return result.rows;
        } catch (error) {
          // Gone from the session (a DEALLOCATE or DISCARD elsewhere): prepared again next call.
          if (sqlStateOf(error) === INVALID_STATEMENT_NAME && states.get(built.sql) === state)
            states.delete(built.sql);
          throw error;
        }
      }
      const result = (await executor.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    async forget() {
      generation += 1;
      states.clear();
      namer.clear();
      await db.execute(sql`deallocate all`);
    },
  };
}

/**
 * A value as an SQL literal of unknown type, which `EXECUTE` casts to the parameter's type as a
 * bound parameter would be. An escape string (E'...') doubles backslashes and quotes, so it reads
 * the same whatever `standard_conforming_strings` says.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (value instanceof Date) text = value.toISOString();
  else throw new TypeError(`A prepared statement takes text, numbers and booleans, not ${value}`);
  // The database's text cannot hold NUL; a bound parameter is refused the same way.
  if (text.includes('\0')) throw new TypeError('A prepared statement value holds a NUL character');
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
