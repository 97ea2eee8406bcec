import type { PGlite } from '@electric-sql/pglite';
import { errorSummary } from '../http/error-log.ts';

/**
 * PostgreSQL's autovacuum does not run inside PGlite, so nothing there would ever refresh the
 * planner's statistics or clear away dead row versions. Without statistics, a prepared statement
 * keeps the plan it was given when its tables were empty: looking an order up by id then walks
 * every order of its shopper (measured: 1.3 ms at 6,000 orders, 0.06 ms with statistics), and
 * gets slower as the shop grows. `upkeepPass` does autovacuum's job with autovacuum's default
 * rules: a table is analysed once more than 50 rows plus 10% of it changed since it last was, and
 * vacuumed once its dead rows pass 50 plus 20% of it. Analysing a table also makes every prepared
 * statement over it plan again.
 *
 * Each statement holds up every query of the shop while it runs (PGlite runs one at a time), so
 * the statistics are taken from a sample of 3,000 rows (`STATISTICS_TARGET` × 300) rather than
 * PostgreSQL's 30,000: analysing 5,000 orders took 160 ms, a pause every request then waited
 * out. The app's statements look rows up by key, which a small sample plans as well. For the
 * same reason a pass does one table (the one furthest past its threshold) and the next pass the
 * next: after a busy spell several tables are due at once, and five in a row paused the shop for
 * 150 ms under load.
 */
const STATISTICS_TARGET = 10;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;

/**
 * PGlite runs PostgreSQL as a single-user backend, which has no checkpointer and never starts a
 * checkpoint when the write-ahead log passes `max_wal_size`; only closing the database does. So
 * every segment written since the database opened stays in the data folder (about 16 MB per
 * 1,500 orders). A pass checkpoints once this much log was written since the last checkpoint,
 * after which PostgreSQL removes or recycles the segments before it: the folder then holds
 * `min_wal_size` (80 MB) plus what the shop writes between two checkpoints. A checkpoint pauses
 * every query while it writes the changed pages (measured: 15-40 ms after 10,000 orders' rows).
 */
export const CHECKPOINT_WAL_BYTES = 16 * 1024 * 1024;

/**
 * PostgreSQL start options for PGlite (`startParams`, after `PGlite.defaultStartParams`): after a
 * checkpoint, segments are recycled for reuse up to `min_wal_size`; 32 MB (two segments, its
 * least) instead of 80 MB keeps a small shop's folder small.
 */
export const WAL_START_PARAMS = ['-c', 'min_wal_size=32MB'];

interface TableActivity {
  relname: string;
  reltuples: number;
  n_mod_since_analyze: number;
  n_dead_tup: number;
}

/**
 * One pass does one thing, so that each pause stays short: a checkpoint when due, otherwise the
 * table most due, if any. Answers what it did (['checkpoint'], ['analyze orders'], or []).
 */
export async function upkeepPass(pg: PGlite): Promise<string[]> {
  if ((await walSinceCheckpoint(pg)) >= CHECKPOINT_WAL_BYTES) {
    await pg.exec('checkpoint');
    return ['checkpoint'];
  }
  return analyzeOrVacuum(pg);
}

/** Bytes of write-ahead log written since the last checkpoint began. */
export async function walSinceCheckpoint(pg: PGlite): Promise<number> {
  const { rows } = await pg.query<{ bytes: number }>(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes
      from pg_control_checkpoint()`,
  );
  return rows[0]?.bytes ?? 0;
}

async function analyzeOrVacuum(pg: PGlite): Promise<string[]> {
  const { rows } = await pg.query<TableActivity>(
    `select s.relname, c.reltuples::float8 as reltuples,
        s.n_mod_since_analyze::float8 as n_mod_since_analyze, s.n_dead_tup::float8 as n_dead_tup
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by s.relname`,
  );
  // How far past its thresholds each table is (above 1: due).
  const due = rows
    .map((table) => {
      const size = Math.max(table.reltuples, 0);
      const vacuum = table.n_dead_tup / (VACUUM_BASE + VACUUM_SCALE * size);
      const analyze = table.n_mod_since_analyze / (ANALYZE_BASE + ANALYZE_SCALE * size);
      return { relname: table.relname, vacuum: vacuum > 1, urgency: Math.max(vacuum, analyze) };
    })
    .filter((table) => table.urgency > 1)
    .sort((a, b) => b.urgency - a.urgency);
  const table = due[0];
  if (!table) return [];
  // A setting of PGlite's one session, which only ANALYZE reads (the app never runs it).
  await pg.exec(`set default_statistics_target = ${STATISTICS_TARGET}`);
  const name = `"${table.relname.replaceAll('"', '""')}"`;
  // VACUUM cannot run inside a transaction; PGlite's exec runs it on its own, between requests.
  await pg.exec(table.vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  return [`${table.vacuum ? 'vacuum' : 'analyze'} ${table.relname}`];
}

export interface UpkeepSchedule {
  /** Stops the timer and waits for a pass under way: the database may then close. */
  stop: () => Promise<void>;
}

/**
 * Runs `upkeepPass` every `intervalMs` (autovacuum's own naptime is 60 s; a pass does at most one
 * table), the first `firstMs` after opening, when migrations or a seed have just filled tables.
 * A pass queues behind the requests like any statement; the next is timed from the end of the
 * last, so two never overlap. The timer does not keep the process alive.
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
  plan(options.firstMs ?? 5_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
