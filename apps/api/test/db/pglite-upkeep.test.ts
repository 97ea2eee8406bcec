import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { scheduleUpkeep, upkeepPass } from '../../src/db/pglite-upkeep.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
let pg: PGlite | undefined;
afterEach(async () => {
  await pg?.close();
  pg = undefined;
});

/** Makes the statistics the session gathered so far visible to the next statement. */
async function flushStatistics(database: PGlite) {
  await database.query('select pg_stat_force_next_flush()');
  await database.query('select 1');
}

async function planOf(database: PGlite, statement: string) {
  const { rows } = await database.query<{ 'QUERY PLAN': string }>(`explain ${statement}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('PGlite upkeep (autovacuum does not run inside PGlite)', () => {
  it('analyses a table that grew, so a statement prepared while it was empty plans again', async () => {
    pg = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client: pg }), { migrationsFolder });
    const { rows: users } = await pg.query<{ id: string }>(
      `insert into users (email, first_name, last_name, password_hash)
        values ('meera@example.in', 'Meera', 'Iyer', 'x') returning id`,
    );
    const shopper = users[0]!.id;
    // One shopper's order by id, prepared and run often enough on the empty shop for PostgreSQL
    // to keep one generic plan.
    await pg.exec(`prepare one_order(uuid, uuid) as
      select * from orders where id = $1 and user_id = $2`);
    for (let run = 0; run < 8; run += 1) {
      await pg.query(`execute one_order(gen_random_uuid(), '${shopper}')`);
    }
    await pg.query(
      `insert into orders (order_number, user_id, subtotal_paise, total_paise, shipping_address,
          billing_address, request_hash, payment_due_at)
        select 'LB' || g, $1, 129900, 129900, '{}', '{}', 'h', now()
        from generate_series(1, 3000) g`,
      [shopper],
    );
    await flushStatistics(pg);
    const lookUp = `execute one_order(gen_random_uuid(), '${shopper}')`;
    // The plan made on the empty table: through one of the indexes led by the shopper.
    expect(await planOf(pg, lookUp)).toMatch(/orders_user_(created|state)_idx/);

    expect(await upkeepPass(pg)).toContain('analyze orders');
    expect(await planOf(pg, lookUp)).toContain('orders_pkey');
    // Taken from a small sample (the pass is a pause for the whole shop): a histogram of at
    // most 11 bounds, where PostgreSQL's default target keeps 101.
    const { rows: stats } = await pg.query<{ bounds: number }>(
      `select array_length(histogram_bounds::text::text[], 1) as bounds
        from pg_stats where tablename = 'orders' and attname = 'order_number'`,
    );
    expect(stats[0]!.bounds).toBeGreaterThan(1);
    expect(stats[0]!.bounds).toBeLessThanOrEqual(11);
    // Nothing changed since: nothing to do.
    await flushStatistics(pg);
    expect(await upkeepPass(pg)).toEqual([]);
  });

  it('vacuums a table whose dead rows pile up', async () => {
    pg = await PGlite.create();
    await pg.exec(`create table stock (id int primary key, units int not null);
      insert into stock select g, 10 from generate_series(1, 1000) g;`);
    await flushStatistics(pg);
    await upkeepPass(pg);
    await pg.exec('update stock set units = units - 1 where id <= 400');
    await flushStatistics(pg);
    expect(await upkeepPass(pg)).toEqual(['vacuum stock']);
    await flushStatistics(pg);
    const { rows } = await pg.query<{ dead: number }>(
      `select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'stock'`,
    );
    expect(rows[0]!.dead).toBe(0);
  });

  it('does one table a pass, the one furthest past its threshold first', async () => {
    pg = await PGlite.create();
    await pg.exec(`create table shelf (id int primary key, units int not null);
      create table bin (id int primary key, units int not null);
      insert into shelf select g, 10 from generate_series(1, 1000) g;
      insert into bin select g, 10 from generate_series(1, 1000) g;`);
    await flushStatistics(pg);
    while ((await upkeepPass(pg)).length > 0) await flushStatistics(pg);
    await pg.exec(`update shelf set units = units - 1 where id <= 400;
      update bin set units = units - 1 where id <= 900;`);
    await flushStatistics(pg);
    expect(await upkeepPass(pg)).toEqual(['vacuum bin']);
    await flushStatistics(pg);
    expect(await upkeepPass(pg)).toEqual(['vacuum shelf']);
    await flushStatistics(pg);
    expect(await upkeepPass(pg)).toEqual([]);
  });
});

describe('scheduleUpkeep', () => {
  it('never overlaps a pass with another, and stops only once the pass under way ended', async () => {
    let running = 0;
    let most = 0;
    let statements = 0;
    // A database whose every statement takes 30 ms, longer than the interval between passes.
    const slow = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
      return { rows: [] };
    };
    const fake = {
      query: async () => {
        statements += 1;
        return slow();
      },
      exec: slow,
    } as unknown as PGlite;
    // The test's clock: the passes' and the statements' waits advance exactly as told, however
    // busy the machine is.
    vi.useFakeTimers();
    try {
      const schedule = scheduleUpkeep(fake, { firstMs: 0, intervalMs: 1 });
      await vi.advanceTimersByTimeAsync(200);
      let stopped = false;
      const stopping = schedule.stop().then(() => (stopped = true));
      // The pass under way finishes its statements first.
      for (let step = 0; !stopped && step < 1_000; step += 1) await vi.advanceTimersByTimeAsync(10);
      await stopping;
      expect(running).toBe(0);
      expect(most).toBe(1);
      expect(statements).toBeGreaterThan(2);
      const stoppedAt = statements;
      await vi.advanceTimersByTimeAsync(50);
      expect(statements).toBe(stoppedAt);
    } finally {
      vi.useRealTimers();
    }
  });

  it('prints a failed pass as the log writes errors, never the raw error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = async () => {
      throw Object.assign(new Error('Failed query: vacuum bin\nparams: asha@example.in'), {
        query: 'vacuum bin',
        params: ['asha@example.in'],
      });
    };
    const fake = { query: failing, exec: failing } as unknown as PGlite;
    const schedule = scheduleUpkeep(fake, { firstMs: 0, intervalMs: 60_000 });
    try {
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(warn.mock.calls).toEqual([['Embedded database upkeep failed: Error: Failed query']]);
    } finally {
      await schedule.stop();
      warn.mockRestore();
    }
  });
});
