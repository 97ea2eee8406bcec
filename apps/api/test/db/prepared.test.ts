import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

/** Runs `body` on one session: a transaction on PostgreSQL (a pool hands out any connection). */
async function onOneSession<T>(body: (executor: Executor) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return body(database.db);
  return database.db.transaction(body);
}

/** The driver's own client (PGlite, or PostgreSQL's pool), as Drizzle calls it. */
const driverClient = () => (database.db as unknown as { $client: { query: unknown } }).$client;

describe('prepared hot statements', () => {
  it('answers exactly as the plain statement does, values bound and never in the SQL text', async () => {
    const prepared = preparedStatements(database.db);
    const texts = ['plain', "O'Brien \\ back\\slash", 'नमस्ते, "quoted"', '', "E'\\x41'"];
    const client = driverClient() as { query: (...args: unknown[]) => unknown };
    const calls = vi.spyOn(client, 'query');
    try {
      for (const text of texts) {
        const query: SQL = echo(sample(text));
        const plain = await queryRows(database.db, query);
        for (let call = 0; call < 3; call += 1)
          expect(await prepared.rows(database.db, 'echo_values', query)).toEqual(plain);
      }
      // Each call reached the driver as a text with $1.. placeholders and the values apart: PGlite's
      // query(text, params), or pg's query({ name, text }, values).
      const sent = calls.mock.calls.map(([first, second]) => ({
        text: typeof first === 'string' ? first : (first as { text: string }).text,
        values: (second ?? (first as { values?: unknown[] }).values) as unknown[],
      }));
      expect(sent.length).toBeGreaterThanOrEqual(texts.length * 4);
      for (const { text, values } of sent) {
        expect(text).toContain('$2::text');
        expect(text).not.toContain("O'Brien");
        expect(text).not.toContain('नमस्ते');
        expect(values).toHaveLength(7);
      }
      expect(sent.some(({ values }) => values.includes("O'Brien \\ back\\slash"))).toBe(true);
    } finally {
      calls.mockRestore();
    }
  });

  it('runs as the named statement on PostgreSQL, and makes none on PGlite', async () => {
    const prepared = preparedStatements(database.db);
    const query = sql`select count(*)::int as n from carts where user_id = ${'3f2c1d9e-8a7b-4c6d-9e0f-1a2b3c4d5e6f'}::uuid`;
    await onOneSession(async (executor) => {
      for (let call = 0; call < 3; call += 1)
        expect(await prepared.rows(executor, 'count_carts', query)).toEqual([{ n: 0 }]);
      const runs = await runsOf(executor, 'count_carts');
      if (database.kind === 'postgres') expect(runs).toBe(3);
      else expect(runs).toBeUndefined();
    });
  });

  it('keeps answering after a transaction that ran it was rolled back', async () => {
    const prepared = preparedStatements(database.db);
    const query = sql`select count(*)::int as n from orders where user_id = ${'3f2c1d9e-8a7b-4c6d-9e0f-1a2b3c4d5e6f'}::uuid`;
    await expect(
      database.db.transaction(async (tx) => {
        expect(await prepared.rows(tx, 'count_orders', query)).toEqual([{ n: 0 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await onOneSession(async (executor) => {
      for (let call = 0; call < 3; call += 1)
        expect(await prepared.rows(executor, 'count_orders', query)).toEqual([{ n: 0 }]);
    });
  });

  it('refuses a value the database could not hold, as a bound parameter is refused', async () => {
    const prepared = preparedStatements(database.db);
    const query = (text: string) => sql`select ${text}::text as text`;
    expect(await prepared.rows(database.db, 'nul_text', query('ok'))).toEqual([{ text: 'ok' }]);
    await expect(prepared.rows(database.db, 'nul_text', query('a\0b'))).rejects.toThrow();
  });
});
