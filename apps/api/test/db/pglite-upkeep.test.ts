import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  CHECKPOINT_WAL_BYTES,
  scheduleUpkeep,
  upkeepPass,
  walSinceCheckpoint,
} from '../../src/db/pglite-upkeep.ts';

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

describe('PGlite upkeep (PGlite has no autovacuum and no checkpointer)', () => {
  it('vacuums and checkpoints once 16 MB of log were written, and not before', async () => {
    pg = await PGlite.create();
    await pg.exec(`create table stock (id int primary key, units int not null);
      insert into stock select g, 10 from generate_series(1, 1000) g;
      checkpoint;
      update stock set units = units - 1 where id <= 400;`);
    await flushStatistics(pg);
    // Little log written: nothing to do, the dead rows stay.
    expect(await upkeepPass(pg)).toBe(false);
    // A busy spell's worth of log.
    await pg.exec(`create table filler (body text not null);
      insert into filler select repeat(md5(g::text), 32) from generate_series(1, 18000) g;`);
    expect(await walSinceCheckpoint(pg)).toBeGreaterThanOrEqual(CHECKPOINT_WAL_BYTES);
    await flushStatistics(pg);

    expect(await upkeepPass(pg)).toBe(true);
    await flushStatistics(pg);
    const { rows } = await pg.query<{ dead: number; vacuumed: boolean }>(
      `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = 'stock'`,
    );
    expect(rows[0]).toEqual({ dead: 0, vacuumed: true });
    expect(await walSinceCheckpoint(pg)).toBeLessThan(CHECKPOINT_WAL_BYTES / 16);
    expect(await upkeepPass(pg)).toBe(false);
  }, 120_000);

  it('needs no ANALYZE for the order lookup: a bound statement is planned on each call', async () => {
    pg = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client: pg }), { migrationsFolder });
    const { rows: users } = await pg.query<{ id: string }>(
      `insert into users (email, first_name, last_name, password_hash)
        values ('meera@example.in', 'Meera', 'Iyer', 'x') returning id`,
    );
    const shopper = users[0]!.id;
    const lookUp = `select * from orders where id = $1 and user_id = $2`;
    // Run on the empty shop first, as the shop's first orders are.
    for (let run = 0; run < 8; run += 1) await pg.query(lookUp, [randomUUID(), shopper]);
    await pg.query(
      `insert into orders (order_number, user_id, subtotal_paise, total_paise, shipping_address,
          billing_address, request_hash, payment_due_at)
        select 'LB' || g, $1, 129900, 129900, '{}', '{}', 'h', now()
        from generate_series(1, 3000) g`,
      [shopper],
    );
    const { rows } = await pg.query<{ 'QUERY PLAN': string }>(`explain ${lookUp}`, [
      randomUUID(),
      shopper,
    ]);
    const { rows: analysed } = await pg.query<{ analysed: boolean }>(
      `select last_analyze is not null as analysed from pg_stat_user_tables
        where relname = 'orders'`,
    );
    expect(analysed[0]!.analysed).toBe(false);
    // Through the primary key, not every order of the shopper.
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('orders_pkey');
  }, 120_000);
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
      throw Object.assign(new Error('Failed query: checkpoint\nparams: asha@example.in'), {
        query: 'checkpoint',
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
