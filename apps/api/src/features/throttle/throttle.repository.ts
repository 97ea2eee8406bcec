import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { throttleCounters } from '../../db/schema.ts';

/** What one counting statement decided, as the database's clock saw it. */
export interface CountedAttempt {
  allowed: boolean;
  /** Seconds until the subject may try again (when refused), or until its window ends. */
  retryAfterSeconds: number;
  /** The same span in exact milliseconds, from the statement's `now()` (0 when already over). */
  retryAfterMs: number;
  /** When the window this attempt was counted in began (exact text, to give it back later). */
  startedAt: string;
}

interface CountedRow {
  allowed: boolean;
  retry_after: number | string;
  retry_after_ms: number | string | null;
  started_at: string;
}

const toCounted = (row: CountedRow | undefined): CountedAttempt => {
  if (!row) throw new Error('a throttle counter statement answered no row');
  return {
    allowed: row.allowed,
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
    retryAfterMs: Math.max(0, Number(row.retry_after_ms ?? 0)),
    startedAt: row.started_at,
  };
};

const milliseconds = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * The throttle's counters. Every decision is a single `INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING`: the row lock orders concurrent statements (in one process or many), each one counts
 * itself and reads the decision it wrote, so no two requests can both see the last free place.
 * Times come from the database's clock, the one every process shares.
 */
export function createThrottleRepository(db: Database) {
  return {
    /**
     * Counts one hit in a fixed window of `windowMs` that begins with the first hit; allowed while
     * the window holds at most `limit` hits. Refused hits are counted too (they change nothing:
     * the window is already full).
     */
    async countInWindow(
      action: string,
      subject: string,
      limit: number,
      windowMs: number,
    ): Promise<CountedAttempt> {
      // Counted on every placement and verification: prepared once (see prepared.ts).
      const [row] = await preparedStatements(db).rows<CountedRow>(
        db,
        'count_in_window',
        sql`
          insert into throttle_counters as c
            (action, subject, started_at, hits, expires_at, allowed)
          values
            (${action}, ${subject}, now(), 1, now() + ${milliseconds(windowMs)}, 1 <= ${limit}::int)
          on conflict (action, subject) do update set
            started_at = case when c.expires_at <= now() then now() else c.started_at end,
            hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
            blocked_until = null,
            expires_at = case
              when c.expires_at <= now() then now() + ${milliseconds(windowMs)}
              else c.expires_at end,
            allowed = case when c.expires_at <= now() then 1 else c.hits + 1 end <= ${limit}::int
          returning allowed, started_at::text as started_at,
            ceil(extract(epoch from expires_at - now()))::int as retry_after,
            extract(epoch from expires_at - now())::double precision * 1000 as retry_after_ms`,
      );
      return toCounted(row);
    },

    /**
     * Counts one attempt of a run: the first `free` go through at once; from then on each attempt
     * blocks the next for `firstDelayMs`, doubling with every further attempt up to `maxDelayMs`.
     * A refused attempt changes nothing. The run is forgotten `memoryMs` after its last attempt.
     */
    async countWithBackoff(
      action: string,
      subject: string,
      rule: { free: number; firstDelayMs: number; maxDelayMs: number; memoryMs: number },
    ): Promise<CountedAttempt> {
      // The wait after the n-th attempt of a run (none before the `free`-th).
      const delayAfter = (n: ReturnType<typeof sql>) => sql`
        (case when ${n} < ${rule.free}::int then interval '0'
          else least(
            ${rule.maxDelayMs}::double precision,
            ${rule.firstDelayMs}::double precision
              * power(2::double precision, least(${n} - ${rule.free}::int, 40))
          ) * interval '1 millisecond' end)`;
      // The row counts for nothing once forgotten; an open row lets this attempt through.
      const forgotten = sql`(c.expires_at <= now())`;
      const open = sql`(c.expires_at <= now() or c.blocked_until is null or c.blocked_until <= now())`;
      const hitsAfter = sql`(case when ${forgotten} then 1 when ${open} then c.hits + 1 else c.hits end)`;
      const [row] = await queryRows<CountedRow>(
        db,
        sql`
          insert into throttle_counters as c
            (action, subject, started_at, hits, blocked_until, expires_at, allowed)
          values
            (${action}, ${subject}, now(), 1, now() + ${delayAfter(sql`1`)},
             now() + ${milliseconds(rule.memoryMs)}, true)
          on conflict (action, subject) do update set
            started_at = case when ${forgotten} then now() else c.started_at end,
            hits = ${hitsAfter},
            blocked_until = case
              when ${open} then now() + ${delayAfter(hitsAfter)}
              else c.blocked_until end,
            expires_at = case
              when ${open} then now() + ${milliseconds(rule.memoryMs)}
              else c.expires_at end,
            allowed = ${open}
          returning allowed, started_at::text as started_at,
            ceil(extract(epoch from blocked_until - now()))::int as retry_after,
            extract(epoch from blocked_until - now())::double precision * 1000 as retry_after_ms`,
      );
      return toCounted(row);
    },

    /** Takes one hit back from the window it was counted in (not from a later window). */
    async giveBack(action: string, subject: string, startedAt: string) {
      await db
        .update(throttleCounters)
        .set({ hits: sql`${throttleCounters.hits} - 1` })
        .where(
          and(
            eq(throttleCounters.action, action),
            eq(throttleCounters.subject, subject),
            eq(throttleCounters.startedAt, sql`${startedAt}::timestamptz`),
            gt(throttleCounters.hits, 0),
          ),
        );
    },

    async forget(action: string, subject: string) {
      await db
        .delete(throttleCounters)
        .where(and(eq(throttleCounters.action, action), eq(throttleCounters.subject, subject)));
    },

    /** Keeps a mark (a known address, say) for `ttlMs`, renewed by every call. */
    async remember(action: string, subject: string, ttlMs: number) {
      await db.execute(sql`
        insert into throttle_counters as c (action, subject, started_at, hits, expires_at, allowed)
        values (${action}, ${subject}, now(), 1, now() + ${milliseconds(ttlMs)}, true)
        on conflict (action, subject) do update set
          expires_at = excluded.expires_at, hits = 1, blocked_until = null, allowed = true`);
    },

    async remembers(action: string, subject: string): Promise<boolean> {
      const rows = await db
        .select({ action: throttleCounters.action })
        .from(throttleCounters)
        .where(
          and(
            eq(throttleCounters.action, action),
            eq(throttleCounters.subject, subject),
            gt(throttleCounters.expiresAt, sql`now()`),
          ),
        );
      return rows.length > 0;
    },

    /** Deletes the rows that count for nothing any more. */
    async pruneExpired() {
      await db.delete(throttleCounters).where(lt(throttleCounters.expiresAt, sql`now()`));
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;

/** One window rule of a statement that counts several together. */
export interface TogetherWindow {
  action: string;
  subject: string;
  limit: number;
  windowMs: number;
}

/** What `countTogether` decided: each rule it reached, and whether the whole attempt may go. */
export interface CountedTogether {
  allowed: boolean;
  /** The rules it reached, in order, with their own decision and Retry-After. */
  rules: { action: string; allowed: boolean; retryAfterSeconds: number; hits: number }[];
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** A window upsert at `t` (the statement's instant), as `countInWindow` counts. */
function windowUpsert(
  rule: TogetherWindow,
  t: ReturnType<typeof sql>,
  gate: ReturnType<typeof sql>,
) {
  return sql`
    insert into throttle_counters as c (action, subject, started_at, hits, expires_at, allowed)
    select ${rule.action}, ${rule.subject}, ${t}, 1, ${t} + ${milliseconds(rule.windowMs)},
      1 <= ${rule.limit}::int
    where ${gate}
    on conflict (action, subject) do update set
      started_at = case when c.expires_at <= ${t} then ${t} else c.started_at end,
      hits = case when c.expires_at <= ${t} then 1 else c.hits + 1 end,
      blocked_until = null,
      expires_at = case when c.expires_at <= ${t}
        then ${t} + ${milliseconds(rule.windowMs)} else c.expires_at end,
      allowed = case when c.expires_at <= ${t} then 1 else c.hits + 1 end <= ${rule.limit}::int
    returning ${rule.action}::text as action, allowed, hits,
      ceil(extract(epoch from expires_at - ${t}))::int as retry_after`;
}

/**
 * Counts an attempt against a back-off and several windows in ONE statement, in stages: the
 * back-off first, then `windows` only when it allowed, then `last` (a shop-wide cap) only when
 * every one before allowed. A burst spends exactly its size of each rule it reached, however
 * many processes answer it. `instant` is the statement's clock (the app's, so tests can move it).
 */
export async function countTogether(
  db: Database,
  input: {
    instant: Date;
    backoff: {
      action: string;
      subject: string;
      free: number;
      firstDelayMs: number;
      maxDelayMs: number;
      memoryMs: number;
    };
    windows: TogetherWindow[];
    last: TogetherWindow;
  },
): Promise<CountedTogether> {
  const t = at(input.instant);
  const rule = input.backoff;
  const delayAfter = (n: ReturnType<typeof sql>) => sql`
    (case when ${n} < ${rule.free}::int then interval '0'
      else least(${rule.maxDelayMs}::double precision,
        ${rule.firstDelayMs}::double precision
          * power(2::double precision, least(${n} - ${rule.free}::int, 40))
      ) * interval '1 millisecond' end)`;
  const forgotten = sql`(c.expires_at <= ${t})`;
  const open = sql`(c.expires_at <= ${t} or c.blocked_until is null or c.blocked_until <= ${t})`;
  const hitsAfter = sql`(case when ${forgotten} then 1 when ${open} then c.hits + 1 else c.hits end)`;
  const passed = sql`not exists (select 1 from backoff where not allowed)`;
  const windows = input.windows.map(
    (each, index) => sql`, w${sql.raw(String(index))} as (${windowUpsert(each, t, passed)})`,
  );
  const reached = input.windows.map(
    (_each, index) =>
      sql`select action, allowed, hits, retry_after from w${sql.raw(String(index))}`,
  );
  const everyPassed = sql`${passed} ${sql.join(
    input.windows.map(
      (_each, index) =>
        sql`and not exists (select 1 from w${sql.raw(String(index))} where not allowed)`,
    ),
    sql` `,
  )}`;
  const rows = await queryRows<{
    action: string;
    allowed: boolean;
    hits: number;
    retry_after: number | string;
    stage: number;
  }>(
    db,
    sql`with backoff as (
        insert into throttle_counters as c
          (action, subject, started_at, hits, blocked_until, expires_at, allowed)
        values (${rule.action}, ${rule.subject}, ${t}, 1, ${t} + ${delayAfter(sql`1`)},
          ${t} + ${milliseconds(rule.memoryMs)}, true)
        on conflict (action, subject) do update set
          started_at = case when ${forgotten} then ${t} else c.started_at end,
          hits = ${hitsAfter},
          blocked_until = case when ${open} then ${t} + ${delayAfter(hitsAfter)} else c.blocked_until end,
          expires_at = case when ${open} then ${t} + ${milliseconds(rule.memoryMs)} else c.expires_at end,
          allowed = ${open}
        returning ${rule.action}::text as action, allowed, hits,
          ceil(extract(epoch from blocked_until - ${t}))::int as retry_after)
      ${sql.join(windows, sql` `)}
      , capped as (${windowUpsert(input.last, t, everyPassed)})
      select action, allowed, hits, retry_after, 0 as stage from backoff
      ${sql.join(
        reached.map(
          (each, index) =>
            sql` union all select *, ${index + 1} from (${each}) r${sql.raw(String(index))}`,
        ),
        sql` `,
      )}
      union all select action, allowed, hits, retry_after, ${input.windows.length + 1} from capped
      order by stage`,
  );
  const rules = rows.map((row) => ({
    action: row.action,
    allowed: row.allowed,
    hits: Number(row.hits),
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
  }));
  return {
    allowed: rules.length === input.windows.length + 2 && rules.every((each) => each.allowed),
    rules,
  };
}
