import { describe, expect, it } from 'vitest';
import { groupCalls, type GroupedAnswer } from './grouped-calls.ts';

/** A `send` that records each group and answers when `release` is called. */
function recordingSend() {
  const groups: number[][] = [];
  const pending: (() => void)[] = [];
  const send = (group: number[]) =>
    new Promise<GroupedAnswer<number>[]>((resolve) => {
      groups.push(group);
      pending.push(() =>
        resolve(
          group.map((n) =>
            n < 0
              ? { error: { code: 'SH001', message: 'stock short', detail: String(-n) } }
              : { ok: n * 10 },
          ),
        ),
      );
    });
  const release = () => pending.shift()?.();
  return { groups, send, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('groupCalls', () => {
  it('sends a lone call at once, and the calls made meanwhile together after it', async () => {
    const { groups, send, release } = recordingSend();
    const call = groupCalls(send);
    const first = call(1);
    const rest = [call(2), call(3), call(4)];
    expect(groups).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    await tick();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    release();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it("answers a call's own failure as a database error, and the others' answers", async () => {
    const { send, release } = recordingSend();
    const call = groupCalls(send);
    const calls = [call(1), call(-2), call(3)].map((p) => p.catch((error: unknown) => error));
    release();
    await tick();
    release();
    const [one, failed, three] = await Promise.all(calls);
    expect(one).toBe(10);
    expect(three).toBe(30);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ message: 'stock short', code: 'SH001', detail: '2' });
  });

  it('fails every call of a group whose statement failed, and goes on with the next', async () => {
    let sent = 0;
    const call = groupCalls<number, number>(async (group) => {
      sent += 1;
      if (sent === 2) throw new Error('connection lost');
      return group.map((n) => ({ ok: n }));
    });
    const first = call(1);
    const second = [call(2), call(3)].map((p) => p.catch((error: Error) => error.message));
    expect(await first).toBe(1);
    expect(await Promise.all(second)).toEqual(['connection lost', 'connection lost']);
    expect(await call(4)).toBe(4);
  });

  it('sends at most 32 calls in one group', async () => {
    const { groups, send, release } = recordingSend();
    const call = groupCalls(send);
    const calls = Array.from({ length: 41 }, (_, n) => call(n));
    for (let i = 0; i < 3; i += 1) {
      release();
      await tick();
    }
    await Promise.all(calls);
    expect(groups.map((group) => group.length)).toEqual([1, 32, 8]);
  });
});
