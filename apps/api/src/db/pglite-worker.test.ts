import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types } from '@electric-sql/pglite';
import { startPgliteWorker, type PgliteWorker } from './pglite-worker.ts';

let database: PgliteWorker;
beforeAll(async () => {
  database = await startPgliteWorker({});
  await database.client.query(`create table things (
      id serial primary key, name text unique not null, price bigint, facts jsonb,
      at timestamptz default '2026-01-02T03:04:05Z')`);
});
afterAll(async () => {
  await database?.close();
});

/** Drizzle's parsers: timestamps stay as PostgreSQL wrote them. */
const keepAsText = { [types.TIMESTAMPTZ]: (value: string) => value };

describe('PGlite on its own thread', () => {
  it('answers rows as objects or arrays, keeping the types Drizzle asks for as text', async () => {
    const { client } = database;
    await client.query(`insert into things (name, price, facts) values ($1, $2, $3)`, [
      'lace',
      120000,
      { colours: ['rose'] },
    ]);
    const objects = await client.query<{ name: string; facts: unknown; at: unknown }>(
      'select name, facts, at from things where name = $1',
      ['lace'],
    );
    expect(objects.rows).toEqual([
      { name: 'lace', facts: { colours: ['rose'] }, at: expect.any(Date) },
    ]);
    const arrays = await client.query('select name, at from things where name = $1', ['lace'], {
      rowMode: 'array',
      parsers: keepAsText,
    });
    expect(arrays.rows).toEqual([['lace', '2026-01-02 03:04:05+00']]);
  });

  it('refuses a parser that changes values, which cannot cross to the worker', async () => {
    await expect(
      database.client.query('select 1', [], {
        parsers: { [types.INT4]: (value: string) => Number(value) * 2 },
      }),
    ).rejects.toThrow(/only keeps values as text/);
  });

  it('brings back the database error with its code, detail and constraint', async () => {
    const { client } = database;
    await client.query(`insert into things (name) values ('unique-one')`);
    const error = await client
      .query(`insert into things (name) values ('unique-one')`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      detail: expect.stringContaining('unique-one'),
    });
    // The thread goes on answering after an error.
    const after = await client.query<{ n: number }>('select 1 as n');
    expect(after.rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    const { client } = database;
    const answered = await client.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ('committed')`);
      return 'done';
    });
    expect(answered).toBe('done');
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into things (name) values ('rolled-back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = await client.query<{ name: string }>(
      `select name from things where name in ('committed', 'rolled-back')`,
    );
    expect(names.rows).toEqual([{ name: 'committed' }]);
  });

  it('makes a statement outside an open transaction wait for its end, as PGlite does', async () => {
    const { client } = database;
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ('inside')`);
      outside = client
        .query<{ n: number }>(`select count(*)::int as n from things where name = 'inside'`)
        .then((result) => order.push(`outside saw ${result.rows[0]!.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);
  });

  it('refuses statements on a transaction that has ended', async () => {
    let kept: { query: (text: string) => Promise<unknown> } | undefined;
    await database.client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('closes even while a transaction stays open, refusing its statements', async () => {
    const other = await startPgliteWorker({});
    let inside!: () => void;
    const began = new Promise<void>((resolve) => (inside = resolve));
    const stuck = other.client.transaction(async (tx) => {
      inside();
      await new Promise(() => {}); // never ends
      await tx.query('select 1');
    });
    stuck.catch(() => {});
    await began;
    await other.close();
    await expect(other.client.query('select 1')).rejects.toThrow(/stopped/);
  }, 30_000);

  it('refuses every call once closed', async () => {
    const other = await startPgliteWorker({});
    await other.close();
    await expect(other.client.query('select 1')).rejects.toThrow(/stopped/);
  });
});
