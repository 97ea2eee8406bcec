import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id at OWASP's first recommended setting (19 MiB memory, 2 iterations, 1 lane): about
 * 50 ms per hash on a 2-core machine, off the event loop.
 */
const ARGON2ID = {
  // Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** libuv's default when UV_THREADPOOL_SIZE is unset or not a number. */
const DEFAULT_THREAD_POOL = 4;

/**
 * How many argon2 hashes and checks may run at once: half of libuv's thread pool (4 of the 8
 * `npm start` gives it, 2 of Node's default 4). Each one holds a pool thread for its whole run,
 * and the pool is first in, first out: uncapped, a burst of sign-ins, sign-ups or password changes
 * would take every thread, and file reads, compression and image renders would wait behind all
 * of it. The rest wait in this queue instead, in the order they came.
 */
export function argon2Concurrency(env: NodeJS.ProcessEnv = process.env): number {
  const pool = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  const threads = Number.isFinite(pool) && pool > 0 ? pool : DEFAULT_THREAD_POOL;
  return Math.max(1, Math.floor(threads / 2));
}

/** The one queue every argon2 call of this process goes through. */
const argon2Slots = pLimit(argon2Concurrency());

export function hashPassword(password: string): Promise<string> {
  return argon2Slots(() => hash(password, ARGON2ID));
}

/** A hash of nothing anyone knows, checked when there is no account, so both cases take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (no such account, or an account that
 * only signs in with Google) it still does the work of one check and answers false.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    // Awaited before taking a slot: the decoy's own hash needs one.
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    const decoy = await decoyHash;
    await argon2Slots(() => verify(decoy, password)).catch(() => false);
    return false;
  }
  return argon2Slots(() => verify(passwordHash, password)).catch(() => false);
}
