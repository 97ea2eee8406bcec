import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from '../../src/db/client.ts';

/** An error as both drivers report a SQLSTATE (node-postgres directly, Drizzle as its cause). */
const databaseError = (code: string) => new Error('query failed', { cause: { code } });

describe('retryOnDeadlock', () => {
  it('runs a transaction again when PostgreSQL broke a lock cycle with it', async () => {
    let runs = 0;
    const answer = await retryOnDeadlock(async () => {
      runs += 1;
      if (runs < 3) throw databaseError('40P01');
      return 'done';
    });
    expect({ answer, runs }).toEqual({ answer: 'done', runs: 3 });
  });

  it('gives up after the attempts it was given, with the last error', async () => {
    let runs = 0;
    const failing = retryOnDeadlock(async () => {
      runs += 1;
      throw databaseError('40P01');
    }, 2);
    await expect(failing).rejects.toThrow('query failed');
    expect(runs).toBe(2);
  });

  it('never runs again after any other error', async () => {
    let runs = 0;
    const failing = retryOnDeadlock(async () => {
      runs += 1;
      throw databaseError('23505');
    });
    await expect(failing).rejects.toThrow('query failed');
    expect(runs).toBe(1);
  });
});
