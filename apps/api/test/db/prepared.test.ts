import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test-app.ts';
import {
  openDatabase,
  queryRows,
  type DatabaseHandle,
  type Executor,
} from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { preparedStatements } from '../../src/db/prepared.ts';

// On PostgreSQL when the suite has one (TEST_DATABASE_URL), else on an in-memory PGlite.
let database: DatabaseHandle;
let databaseUrl: string | undefined;
let dropScratch = async () => {};

beforeAll(async () => {
  const scratch = await createScratchDatabase('shop_prepared_unit');
  databaseUrl = scratch?.url;
  if (scratch) dropScratch = scratch.drop;
  database = await openDatabase({ databaseUrl });
  await migrateDatabase(database, databaseUrl);
});

afterAll(async () => {
  await database?.close();
  await dropScratch();
});

/** A statement over values of every kind the hot statements pass. */
const echo = (values: {
  id: string;
  text: string;
  count: number;
  flag: boolean;
  at: string;
  json: string;
  maybe: string | null;
}) =>
  sql`select ${values.id}::uuid as id, ${values.text}::text as text, ${values.count}::int + 1 as next,
        ${values.flag}::boolean and true as flag, ${values.at}::timestamptz as at,
        ${values.json}::jsonb -> 'a' as a, ${values.maybe}::text is null as missing`;

const sample = (text: string) => ({
  id: '3f2c1d9e-8a7b-4c6d-9e0f-1a2b3c4d5e6f',
  text,
  count: 41,
  flag: true,
  at: '2026-11-26T10:00:00.000Z',
  json: JSON.stringify({ a: [1, 'two'] }),
  maybe: null,
});

/**
 * How often the session has run the named statement (generic and custom plans together), as
 * PostgreSQL counts it; undefined when the session has not prepared it.
 */
async function runsOf(executor: Executor, name: string): Promise<number | undefined> {
  const [row] = await queryRows<{ runs: number }>(
    executor,
    sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements
        where name = ${name}`,
  );
  return row?.runs;
}

/**
 * Runs `body` on one session: a transaction on PostgreSQL (a pool hands out any connection, and
 * each prepares its own statements), the database itself on PGlite (one session).
 */
async function onOneSession<T>(body: (executor: Executor) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return body(database.db);
  return database.db.transaction(body);
}

/** Lets a PREPARE the registry queued on PGlite finish (PGlite runs statements in order). */
const settle = () => database.db.execute(sql`select 1`);

describe('prepared hot statements', () => {
  it('answers exactly as the plain statement does, and runs as the named statement', async () => {
    const prepared = preparedStatements(database.db);
    const texts = ['plain', "O'Brien \\ back\\slash", 'नमस्ते, "quoted"', '', "E'\\x41'"];
    await onOneSession(async (executor) => {
      for (const text of texts) {
        const query: SQL = echo(sample(text));
        const plain = await queryRows(executor, query);
        // First call (prepares it), then calls that run the prepared statement.
        for (let call = 0; call < 3; call += 1) {
          expect(await prepared.rows(executor, 'echo_values', query)).toEqual(plain);
          await settle();
        }
      }
      // Every text above ran through the one statement (the first call on PGlite runs plain
      // while the PREPARE is queued).
      const runs = await runsOf(executor, 'echo_values');
      expect(runs).toBeGreaterThanOrEqual(texts.length * 2);
    });
  });

  it('keeps a statement first used inside a transaction that was rolled back', async () => {
    const prepared = preparedStatements(database.db);
    const query = sql`select count(*)::int as n from carts where user_id = ${'3f2c1d9e-8a7b-4c6d-9e0f-1a2b3c4d5e6f'}::uuid`;
    await expect(
      database.db.transaction(async (tx) => {
        expect(await prepared.rows(tx, 'count_carts', query)).toEqual([{ n: 0 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    await onOneSession(async (executor) => {
      for (let call = 0; call < 3; call += 1)
        expect(await prepared.rows(executor, 'count_carts', query)).toEqual([{ n: 0 }]);
      expect(await runsOf(executor, 'count_carts')).toBeGreaterThanOrEqual(2);
    });
    // And once prepared, a rolled-back transaction that ran it leaves it in place.
    await expect(
      database.db.transaction(async (tx) => {
        await prepared.rows(tx, 'count_carts', query);
        throw new Error('rolled back again');
      }),
    ).rejects.toThrow('rolled back again');
    await onOneSession(async (executor) => {
      const before = (await runsOf(executor, 'count_carts')) ?? 0;
      expect(await prepared.rows(executor, 'count_carts', query)).toEqual([{ n: 0 }]);
      expect(await runsOf(executor, 'count_carts')).toBe(before + 1);
    });
  });

  it('prepares again after migrations changed the schema (PGlite: one session keeps them)', async () => {
    if (database.kind !== 'pglite') return;
    const prepared = preparedStatements(database.db);
    const query = sql`select * from shop_state where key = ${'prepared-test'}`;
    await prepared.rows(database.db, 'shop_state_row', query);
    await settle();
    expect(await runsOf(database.db, 'shop_state_row')).toBeDefined();
    await migrateDatabase(database);
    expect(await runsOf(database.db, 'shop_state_row')).toBeUndefined();
    expect(await prepared.rows(database.db, 'shop_state_row', query)).toEqual([]);
    await settle();
    expect(await prepared.rows(database.db, 'shop_state_row', query)).toEqual([]);
    expect(await runsOf(database.db, 'shop_state_row')).toBe(1);
  });

  it('refuses a value the database could not hold, as a bound parameter is refused', async () => {
    const prepared = preparedStatements(database.db);
    const query = (text: string) => sql`select ${text}::text as text`;
    await prepared.rows(database.db, 'nul_text', query('ok'));
    await settle();
    await expect(prepared.rows(database.db, 'nul_text', query('a\0b'))).rejects.toThrow();
  });
});
