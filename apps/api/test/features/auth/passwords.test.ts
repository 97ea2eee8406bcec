import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  argon2Concurrency,
  hashPassword,
  verifyPassword,
} from '../../../src/features/auth/passwords.ts';

/** argon2 replaced by calls that take a few milliseconds each, with the most seen at once. */
const argon2 = vi.hoisted(() => ({ running: 0, most: 0, calls: 0 }));
vi.mock('@node-rs/argon2', () => {
  const slow = async <T>(answer: T) => {
    argon2.running += 1;
    argon2.calls += 1;
    argon2.most = Math.max(argon2.most, argon2.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    argon2.running -= 1;
    return answer;
  };
  return {
    hash: (password: string) => slow(`$argon2id$fake$${password}`),
    verify: (stored: string, password: string) => slow(stored === `$argon2id$fake$${password}`),
  };
});

afterEach(() => {
  argon2.most = 0;
  argon2.calls = 0;
});

describe('argon2 concurrency', () => {
  it('is half of the thread pool, at least one', () => {
    expect(argon2Concurrency({ UV_THREADPOOL_SIZE: '8' })).toBe(4);
    expect(argon2Concurrency({ UV_THREADPOOL_SIZE: '16' })).toBe(8);
    expect(argon2Concurrency({ UV_THREADPOOL_SIZE: '1' })).toBe(1);
    // Node's default pool of 4 when unset or unreadable.
    expect(argon2Concurrency({})).toBe(2);
    expect(argon2Concurrency({ UV_THREADPOOL_SIZE: 'many' })).toBe(2);
  });

  it('never runs more hashes and checks at once than that, however many are asked', async () => {
    const cap = argon2Concurrency();
    const stored = await hashPassword('right-password-1');
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => hashPassword(`password-${i}`)),
      ...Array.from({ length: 12 }, (_, i) => verifyPassword(stored, `guess-${i}`)),
      verifyPassword(stored, 'right-password-1'),
      // No account: the decoy check (and the decoy's own hash) go through the same slots.
      ...Array.from({ length: 6 }, () => verifyPassword(undefined, 'anything')),
    ]);
    expect(argon2.calls).toBe(1 + 12 + 12 + 1 + 1 + 6);
    expect(argon2.most).toBeLessThanOrEqual(cap);
    expect(argon2.most).toBe(cap);
    expect(answers.slice(12, 24).every((answer) => answer === false)).toBe(true);
    expect(answers[24]).toBe(true);
  });
});
