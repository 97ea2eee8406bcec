import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { withPreparedStatements } from './pglite-prepared.ts';

/** Two databases with the same rows: one through prepared statements, one as PGlite is. */
let pg: PGlite;
let reference: PGlite;
const SETUP = `
    create table things (
      id serial primary key, name text unique not null, price bigint, tags text[],
      facts jsonb, at timestamptz default '2026-01-02T03:04:05Z', ratio numeric);
    insert into things (name, price, tags, facts, ratio)
      values ('a', 100, '{x,y}', '{"k":1}', 1.5), ('b', null, '{}', null, null);`;
beforeAll(async () => {
  [pg, reference] = await Promise.all([PGlite.create(), PGlite.create()]);
  await Promise.all([pg.exec(SETUP), reference.exec(SETUP)]);
});
afterAll(async () => {
  await Promise.all([pg?.close(), reference?.close()]);
});

const STATEMENTS: [string, unknown[]][] = [
  ['select * from things where name = $1', ['a']],
  ['select * from things order by id', []],
  ['select id, tags, facts from things where price > $1 or price is null', [10]],
  [
    `insert into things (name, price) values ($1, $2)
     on conflict (name) do update set price = excluded.price returning name, price`,
    ['c', 5n],
  ],
  ['update things set price = price + $1 where name = $2', [1, 'c']],
  ['delete from things where name = $1', ['c']],
  ['select count(*)::int as n, sum(price) as total from things', []],
];

describe('PGlite with prepared statements', () => {
  it('answers every statement, sent once or many times, as PGlite itself does', async () => {
    const client = withPreparedStatements(pg);
    const drizzleLike = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    };
    for (let round = 0; round < 3; round += 1) {
      for (const [text, params] of STATEMENTS) {
        for (const options of [undefined, drizzleLike]) {
          const mine = await client.query(text, params, options);
          const theirs = await reference.query(text, params, options);
          expect({ round, text, result: mine }).toEqual({ round, text, result: theirs });
        }
      }
    }
  });

  it('keeps the session usable after an error, with the error PostgreSQL gave', async () => {
    const client = withPreparedStatements(pg);
    const text = 'insert into things (name) values ($1)';
    for (let round = 0; round < 3; round += 1) {
      await expect(client.query(text, ['a'])).rejects.toMatchObject({ code: '23505' });
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from things');
      expect(rows[0]?.n).toBe(2);
    }
  });

  it('prepares inside transactions, which commit and roll back as before', async () => {
    const client = withPreparedStatements(pg);
    const text = 'insert into things (name, price) values ($1, $2)';
    await client.transaction(async (tx) => {
      await tx.query(text, ['t1', 1]);
      await tx.query(text, ['t2', 2]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(text, ['t3', 3]);
        await tx.query(text, ['t1', 4]); // a duplicate: the transaction fails
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await client.query<{ name: string }>(
      `select name from things where name like 't%' order by name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['t1', 't2']);
    // The statement prepared in the failed transaction still runs.
    await client.query(text, ['t4', 5]);
    await client.query(`delete from things where name like 't%'`);
  });

  it('makes a statement again after its table changed shape, and refuses a finished transaction', async () => {
    const client = withPreparedStatements(pg);
    await pg.exec(`create table shapes (a int); insert into shapes values (1)`);
    const text = 'select * from shapes where a = $1';
    await client.query(text, [1]);
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
    await pg.exec(`alter table shapes add column b int default 2`);
    const answers = [];
    for (let round = 0; round < 2; round += 1) {
      answers.push(
        await client.query(text, [1]).then(
          (result) => result.rows,
          () => 'error',
        ),
      );
    }
    // At most the first call meets the old plan; the next is made again.
    expect(answers.at(-1)).toEqual([{ a: 1, b: 2 }]);

    let leaked: { query: (text: string) => Promise<unknown> } | undefined;
    await client.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});
