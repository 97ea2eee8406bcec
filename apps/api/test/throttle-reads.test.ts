// A throttled request's reads run while its attempt is counted (one round trip less when it is
// allowed), and the throttle's refusal still decides the answer: a refused attempt answers 429
// whatever its reads came to, and one this process remembers refused starts none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottle, type WindowRule } from '../src/features/throttle/throttle.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;

beforeAll(async () => {
  world = await createTestWorld({}, { database: 'empty' });
});
afterAll(async () => {
  await world?.close();
});

const rule: WindowRule = {
  kind: 'window',
  action: 'test-reads',
  limit: 3,
  windowMs: 60_000,
  message: 'Too many attempts. Please try again later.',
};

describe('takeWhileReading', () => {
  it('answers the reads when allowed and the 429 when refused, and starts no reads for a remembered refusal', async () => {
    const throttle = createThrottle(world.database.db, { refusalMemoryMs: 5_000 });
    let started = 0;
    const failingRead = async () => {
      started += 1;
      throw new Error('the cart could not be read');
    };
    const cartRead = async () => {
      started += 1;
      return 'the cart';
    };

    // Allowed: the reads' own answer, or their own error.
    await expect(throttle.takeWhileReading(rule, 'asha', cartRead)).resolves.toBe('the cart');
    await expect(throttle.takeWhileReading(rule, 'asha', failingRead)).rejects.toThrow(
      'the cart could not be read',
    );
    // A burst over the limit: one allowed, the rest refused, whatever their reads came to.
    const burst = await Promise.allSettled(
      Array.from({ length: 4 }, () => throttle.takeWhileReading(rule, 'asha', failingRead)),
    );
    const refused = burst.filter(
      (answer) => answer.status === 'rejected' && answer.reason.kind === 'throttled',
    );
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ reason: { message: rule.message } });

    // Remembered refused: answered without reading anything.
    const before = started;
    await expect(throttle.takeWhileReading(rule, 'asha', cartRead)).rejects.toMatchObject({
      kind: 'throttled',
    });
    expect(started).toBe(before);
    // Another shopper is counted on her own.
    await expect(throttle.takeWhileReading(rule, 'divya', cartRead)).resolves.toBe('the cart');
  });
});
