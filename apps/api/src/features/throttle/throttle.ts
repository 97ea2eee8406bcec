import { throttled } from '@shop/domain/errors';
import type { Database } from '../../db/client.ts';
import { DEFAULT_IPV6_PREFIX, subjectOfNetwork } from './client-network.ts';
import { createRefusalMemory } from './refusal-memory.ts';
import {
  countTogether,
  createThrottleRepository,
  type CountedTogether,
  type ThrottleRepository,
} from './throttle.repository.ts';

/** At most `limit` of `action` per subject in a window of `windowMs` from the first one. */
export interface WindowRule {
  kind: 'window';
  /** What is counted, e.g. 'signup-ip'; unique among all rules. */
  action: string;
  limit: number;
  windowMs: number;
  /** The answer when refused (429). */
  message: string;
}

/**
 * `free` attempts in a row go through; then each attempt makes the next wait `firstDelayMs`,
 * doubling up to `maxDelayMs`. A success ends the run (`giveBack`); otherwise it is forgotten
 * `memoryMs` after its last attempt.
 */
export interface BackoffRule {
  kind: 'backoff';
  action: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  memoryMs: number;
  message: string;
}

export type ThrottleRule = WindowRule | BackoffRule;

/** One counted attempt: what was decided, and what `giveBack` needs to undo it. */
export interface Counted {
  rule: ThrottleRule;
  subject: string;
  allowed: boolean;
  retryAfterSeconds: number;
  startedAt: string;
  /**
   * True when the refusal was answered from this process's memory of the database's: nothing
   * was counted, so there is nothing to give back.
   */
  fromMemory: boolean;
}

/** Old counter rows are deleted after this many counted attempts in one process. */
const PRUNE_EVERY = 200;

export interface ThrottleOptions {
  /** Further upkeep to run with the pruning (old tokens, say). */
  alsoPrune?: () => Promise<unknown>;
  /** How long at most a refusal is answered from memory (REFUSAL_MEMORY_MS; 0 never). */
  refusalMemoryMs?: number;
  /**
   * Client addresses in subjects count per network: IPv4 per address, IPv6 per network of this
   * prefix (THROTTLE_IPV6_PREFIX; 64).
   */
  ipv6Prefix?: number;
}

const keyOf = (rule: ThrottleRule, subject: string) => `${rule.action}\u0000${subject}`;

/**
 * Limits kept in the database, so they hold across restarts and every server process sharing it.
 * `take` counts and decides in one atomic statement, before any costly work: a burst of N
 * requests at once spends exactly N of an allowance, however many processes answer it.
 *
 * Once the database refused a subject, this process answers its further attempts with the same
 * refusal from memory for a few seconds (never past the database's Retry-After), without a
 * statement: on the embedded database every statement waits for one connection, so a flood of
 * refused requests would otherwise queue the whole shop behind it. Allowed attempts are always
 * counted by the database, which stays the one truth every process shares.
 */
export function createThrottle(db: Database, options: ThrottleOptions = {}) {
  const repository: ThrottleRepository = createThrottleRepository(db);
  const memory = createRefusalMemory(options.refusalMemoryMs);
  let countedSincePrune = 0;
  const ipv6Prefix = options.ipv6Prefix ?? DEFAULT_IPV6_PREFIX;
  /** The subject as counted: every client address in it keyed by its network. */
  const networkSubject = (subject: string) => subjectOfNetwork(subject, ipv6Prefix);

  async function pruneNow() {
    await repository.pruneExpired();
    await options.alsoPrune?.();
  }

  async function countInDatabase(rule: ThrottleRule, subject: string, key: string) {
    const askedAt = performance.now();
    const decided =
      rule.kind === 'window'
        ? await repository.countInWindow(rule.action, subject, rule.limit, rule.windowMs)
        : await repository.countWithBackoff(rule.action, subject, rule);
    if (!decided.allowed) memory.keep(key, askedAt, decided.retryAfterMs, decided.startedAt);
    countedSincePrune += 1;
    if (countedSincePrune >= PRUNE_EVERY) {
      countedSincePrune = 0;
      await pruneNow();
    }
    return decided;
  }

  async function count(rule: ThrottleRule, given: string): Promise<Counted> {
    const subject = networkSubject(given);
    const key = keyOf(rule, subject);
    return memory.inTurn(key, async () => {
      const refused = memory.recall(key);
      if (refused) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((refused.endsAt - performance.now()) / 1000),
        );
        return {
          rule,
          subject,
          allowed: false,
          retryAfterSeconds,
          startedAt: refused.startedAt,
          fromMemory: true,
        };
      }
      const decided = await countInDatabase(rule, subject, key);
      return {
        rule,
        subject,
        allowed: decided.allowed,
        retryAfterSeconds: decided.retryAfterSeconds,
        startedAt: decided.startedAt,
        fromMemory: false,
      };
    });
  }

  return {
    /** Counts one attempt and answers the decision, refused or not. */
    count,

    /**
     * Counts one attempt against a back-off and several windows in one statement (see
     * `countTogether`), every client address in a subject keyed by its network as `count` does.
     */
    countTogether(input: Parameters<typeof countTogether>[1]): Promise<CountedTogether> {
      const keyed = <T extends { subject: string }>(rule: T) => ({
        ...rule,
        subject: networkSubject(rule.subject),
      });
      return countTogether(db, {
        ...input,
        backoff: keyed(input.backoff),
        windows: input.windows.map(keyed),
        last: keyed(input.last),
      });
    },

    /** Counts one attempt; a refused one throws the rule's 429 with its Retry-After. */
    async take(rule: ThrottleRule, subject: string): Promise<Counted> {
      const counted = await count(rule, subject);
      if (!counted.allowed) throw refusal(counted);
      return counted;
    },

    /**
     * `take`, with the request's reads (`reads`: work that takes and writes nothing) started at
     * the same time instead of after the count: an allowed attempt waits one round trip less.
     * A refusal throws the rule's 429 whatever the reads came to (their answer or error is
     * dropped); a subject this process remembers refused starts no reads.
     */
    async takeWhileReading<T>(
      rule: ThrottleRule,
      subject: string,
      reads: () => Promise<T>,
    ): Promise<T> {
      if (memory.recall(keyOf(rule, networkSubject(subject)))) {
        // Refused again (it throws), unless the refusal lapsed while waiting its turn: then this
        // one count allowed it, and the reads follow it.
        await this.take(rule, subject);
        return reads();
      }
      const reading = reads();
      // Answered below, once the count allows it; a refusal drops it.
      reading.catch(() => undefined);
      await this.take(rule, subject);
      return reading;
    },

    /**
     * Undoes a counted attempt that turned out fine: a window gets its place back (if it is still
     * the same window); a back-off run ends.
     */
    async giveBack(counted: Counted) {
      if (counted.fromMemory) return;
      const key = keyOf(counted.rule, counted.subject);
      // In the key's turn, so no refusal decided before the update is remembered after it.
      await memory.inTurn(key, async () => {
        if (counted.rule.kind === 'window') {
          await repository.giveBack(counted.rule.action, counted.subject, counted.startedAt);
        } else {
          await repository.forget(counted.rule.action, counted.subject);
        }
        // A place may be free again: only the database can tell from now on.
        memory.forget(key);
      });
    },

    /** Keeps a mark for `ttlMs` (e.g. an address a shopper signed in from). */
    remember: (action: string, subject: string, ttlMs: number) =>
      repository.remember(action, networkSubject(subject), ttlMs),
    remembers: (action: string, subject: string) =>
      repository.remembers(action, networkSubject(subject)),

    prune: pruneNow,
  };
}

/** The 429 of a refused attempt. */
export function refusal(counted: Counted) {
  return throttled(counted.rule.message, counted.retryAfterSeconds);
}

export type Throttle = ReturnType<typeof createThrottle>;
