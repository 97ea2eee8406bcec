import type { SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client.ts';

/**
 * The hottest raw statements as Drizzle's own prepared queries, one code path for both drivers,
 * values always sent as bind parameters (never written into the SQL text):
 *
 * - PostgreSQL: Drizzle hands the name to pg, which prepares each name once per pooled connection
 *   and from then on only binds and executes it.
 * - PGlite: Drizzle's driver runs the same text through PGlite's documented `query(text, params)`,
 *   which parses, binds and executes an unnamed statement on every call (it has no named
 *   statements): the name is simply not used.
 *
 * Each distinct SQL text gets its own name (a name with a counter): the text of a hot statement
 * may differ by case (a guest's cart or a shopper's), never by value, and pg refuses one name for
 * two texts.
 */
export interface PreparedStatements {
  /** The rows of `query`, run as the named statement `name` where the driver has them. */
  rows<T>(executor: Executor, name: string, query: SQLWrapper): Promise<T[]>;
}

/** Past this many texts under one name, further texts run unnamed (a runaway shape). */
const MAX_TEXTS_PER_NAME = 8;

const dialect = new PgDialect();
const registries = new WeakMap<Database, PreparedStatements>();

/** The prepared statements of `db`, one registry (of names) per database instance. */
export function preparedStatements(db: Database): PreparedStatements {
  let registry = registries.get(db);
  if (!registry) {
    registry = namedStatements(true);
    registries.set(db, registry);
  }
  return registry;
}

/**
 * Makes `db` run every statement unnamed (parsed and planned on each call on PostgreSQL too):
 * benchmarks compare the two on databases that are otherwise the same.
 */
export function withoutPreparedStatements(db: Database): void {
  registries.set(db, namedStatements(false));
}

function namedStatements(named: boolean): PreparedStatements {
  const names = new Map<string, string>();
  const texts = new Map<string, number>();
  /** Names each distinct text of `name` once: `name`, `name_2`, ... (undefined past the cap). */
  const nameOf = (name: string, text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    const count = (texts.get(name) ?? 0) + 1;
    if (count > MAX_TEXTS_PER_NAME) return undefined;
    texts.set(name, count);
    const numbered = count === 1 ? name : `${name}_${count}`;
    names.set(text, numbered);
    return numbered;
  };
  return {
    async rows<T>(executor: Executor, name: string, query: SQLWrapper) {
      const built = dialect.sqlToQuery(query.getSQL());
      const statement = executor._.session.prepareQuery(
        built,
        undefined,
        named ? nameOf(name, built.sql) : undefined,
        false,
      );
      const result = (await statement.execute()) as { rows: T[] };
      return result.rows;
    },
  };
}
