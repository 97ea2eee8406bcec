import type { PGlite } from '@electric-sql/pglite';
import { errorSummary } from '../http/error-log.ts';

/**
 * PGlite runs PostgreSQL as one single-user backend: no autovacuum and no checkpointer. Its own
 * API leaves nothing else to do but `close()`, which checkpoints. Two things would otherwise never
 * happen while the server runs, and PostgreSQL's manual routine (a database-wide `VACUUM` where
 * autovacuum does not run, and `CHECKPOINT`) covers both:
 *
 * - the write-ahead log is never recycled: every 16 MB segment written since opening stays in
 *   the data folder (about 16 MB per 2,000 paid orders);
 * - dead row versions are never cleared, nor the tables' sizes the planner reads refreshed.
 *
 * Both grow with what the shop writes, so one measure of it drives both: once this much log was
 * written since the last checkpoint, a pass vacuums every table, then checkpoints, after which
 * PostgreSQL recycles the segments before it. An idle shop never pauses. No ANALYZE: every
 * statement is planned afresh with its values (PGlite has no named statements), and a
 * database-wide ANALYZE held the shop for seconds (`db/pglite-wal.test.ts`).
 */
export const CHECKPOINT_WAL_BYTES = 16 * 1024 * 1024;

/**
 * PostgreSQL start options for PGlite (`startParams`, after `PGlite.defaultStartParams`): after a
 * checkpoint, segments are kept for reuse up to `min_wal_size`; 32 MB (two segments, its least)
 * instead of 80 MB keeps a small shop's folder small.
 */
export const WAL_START_PARAMS = ['-c', 'min_wal_size=32MB'];

/**
 * One pass: when `CHECKPOINT_WAL_BYTES` of log were written since the last checkpoint, `VACUUM`
 * then `CHECKPOINT` (the vacuum's own log is then recycled too). Answers whether it did.
 */
export async function upkeepPass(pg: PGlite): Promise<boolean> {
  if ((await walSinceCheckpoint(pg)) < CHECKPOINT_WAL_BYTES) return false;
  // VACUUM cannot run inside a transaction; PGlite's exec runs it on its own, between requests.
  await pg.exec('vacuum');
  await pg.exec('checkpoint');
  return true;
}

/** Bytes of write-ahead log written since the last checkpoint began. */
export async function walSinceCheckpoint(pg: PGlite): Promise<number> {
  const { rows } = await pg.query<{ bytes: number }>(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes
      from pg_control_checkpoint()`,
  );
  return rows[0]?.bytes ?? 0;
}

export interface UpkeepSchedule {
  /** Stops the timer and waits for a pass under way: the database may then close. */
  stop: () => Promise<void>;
}

/**
 * Runs `upkeepPass` every `intervalMs` (a pass that finds nothing due is one small query), the
 * first after `firstMs` (by default the same). A pass
 * queues behind the requests like any statement; the next is timed from the end of the last, so
 * two never overlap. The timer does not keep the process alive.
 */
export function scheduleUpkeep(
  pg: PGlite,
  options: { firstMs?: number; intervalMs?: number } = {},
): UpkeepSchedule {
  const intervalMs = options.intervalMs ?? 10_000;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const plan = (ms: number) => {
    timer = setTimeout(run, ms);
    timer.unref();
  };
  function run() {
    running = upkeepPass(pg)
      .then(
        () => {},
        (error: unknown) => {
          if (!stopped) console.warn(`Embedded database upkeep failed: ${errorSummary(error)}`);
        },
      )
      .finally(() => {
        running = undefined;
        if (!stopped) plan(intervalMs);
      });
  }
  plan(options.firstMs ?? intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
