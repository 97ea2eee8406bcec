import { LRUCache } from 'lru-cache';

/**
 * How long at most this process answers a refusal from memory. The database's own refusal lasts
 * until its window or back-off ends, but a success in another process can give its place back
 * sooner (sign-ins reserve before the password check), and that process cannot tell this one:
 * a few seconds bound the time a place given back elsewhere stays refused here, while a flood
 * still costs one statement per subject every few seconds instead of one per request.
 */
export const REFUSAL_MEMORY_MS = 5_000;

/** Subjects remembered at once; forgetting one only means its next request asks the database. */
const MAX_REMEMBERED = 10_000;

/** A refusal the database decided, as remembered by this process. */
export interface RememberedRefusal {
  /**
   * When the database's refusal ends (its Retry-After), on this process's monotonic clock
   * (`performance.now()`).
   */
  endsAt: number;
  /** When this process stops answering it from memory (at most REFUSAL_MEMORY_MS after). */
  forgetAt: number;
  /** The window the refused hit fell in. */
  startedAt: string;
}

/**
 * The refusals this process has seen from the database, per counter key, and one counting
 * statement at a time per key. Requests for one key wait for the statement before them (the
 * database's row lock orders them anyway), so when it answers "refused" the ones behind it are
 * refused from memory: a burst at one subject costs its allowance plus one statement per process.
 * Only refusals are remembered: an allowed attempt always counts itself in the database, so the
 * memory can never let through more than the database would.
 */
export function createRefusalMemory(maxAgeMs = REFUSAL_MEMORY_MS) {
  const refusals = new LRUCache<string, RememberedRefusal>({ max: MAX_REMEMBERED });
  const turns = new Map<string, Promise<unknown>>();

  return {
    /** The refusal still in force for `key`, if this process saw the database decide one. */
    recall(key: string): RememberedRefusal | undefined {
      const refusal = refusals.get(key);
      if (refusal && refusal.forgetAt <= performance.now()) {
        refusals.delete(key);
        return undefined;
      }
      return refusal;
    },

    /**
     * Keeps a refusal the database just decided. `askedAt` is this process's clock when the
     * statement was sent, at or before the database's `now()`, so the remembered end is never
     * later than the database's.
     */
    keep(key: string, askedAt: number, retryAfterMs: number, startedAt: string) {
      if (retryAfterMs <= 0) return;
      refusals.set(key, {
        endsAt: askedAt + retryAfterMs,
        forgetAt: askedAt + Math.min(retryAfterMs, maxAgeMs),
        startedAt,
      });
    },

    /** Forgets `key`'s refusal: a place was given back, so only the database can tell. */
    forget(key: string) {
      refusals.delete(key);
    },

    /** Runs `work` once every earlier `work` for `key` in this process has settled. */
    inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = turns.get(key);
      const result = before ? before.then(work, work) : work();
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      turns.set(key, settled);
      void settled.then(() => {
        if (turns.get(key) === settled) turns.delete(key);
      });
      return result;
    },
  };
}

export type RefusalMemory = ReturnType<typeof createRefusalMemory>;
