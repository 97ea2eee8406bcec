import { hash, verify } from '@node-rs/argon2';

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

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
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
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
