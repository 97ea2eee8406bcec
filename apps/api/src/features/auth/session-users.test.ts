import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from './auth.repository.ts';
import { createSessionUsers } from './session-users.ts';

const USER = '6f1c1d52-8a5e-4a53-9d0e-3c9a2b7e4f10';

/** Session users over a table that counts its reads; `listen` stands for PostgreSQL's. */
async function sessionUsersOver(options: { listening?: boolean } = {}) {
  let reads = 0;
  let firstName = 'Asha';
  let hold: Promise<void> | undefined;
  let handlers: { onMessage: (payload: string) => void; onReconnect: () => void } | undefined;
  /** The payloads of the NOTIFYs sent (the parameters of `select pg_notify(channel, payload)`). */
  const notices: { origin: string; id: string }[] = [];
  const database = {
    db: {
      async execute(query: { queryChunks: unknown[] }) {
        const [, payload] = query.queryChunks.filter((chunk) => typeof chunk === 'string');
        notices.push(JSON.parse(payload as string));
        return { rows: [] };
      },
    },
    listen: options.listening
      ? async (_channel: string, given: typeof handlers) => {
          handlers = given;
          return async () => {};
        }
      : undefined,
  } as unknown as DatabaseHandle;
  const users = await createSessionUsers(
    database,
    async (id) => {
      reads += 1;
      const row = { id, firstName } as UserRow;
      await hold;
      return row;
    },
    () => {},
  );
  return {
    users,
    reads: () => reads,
    rename: (name: string) => (firstName = name),
    /** The next reads wait until the answered function is called. */
    holdReads: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
    notices,
    handlers: () => handlers!,
  };
}

describe('session users', () => {
  afterEach(() => vi.useRealTimers());

  it('reads a user once, then answers from memory until the user changes', async () => {
    const world = await sessionUsersOver();
    expect((await world.users.find(USER))?.firstName).toBe('Asha');
    await world.users.find(USER);
    expect(world.reads()).toBe(1);

    world.rename('Meera');
    await world.users.changed(USER);
    expect((await world.users.find(USER))?.firstName).toBe('Meera');
    expect(world.reads()).toBe(2);
  });

  it('does not keep a row read while a change was committing', async () => {
    const world = await sessionUsersOver();
    const release = world.holdReads();
    const reading = world.users.find(USER);
    // The change commits and is announced while the read is on its way back.
    world.rename('Meera');
    await world.users.changed(USER);
    release();
    expect((await reading)?.firstName).toBe('Asha');
    expect((await world.users.find(USER))?.firstName).toBe('Meera');
    expect(world.reads()).toBe(2);
  });

  it('reads a user again after 30 seconds', async () => {
    vi.useFakeTimers();
    const world = await sessionUsersOver();
    await world.users.find(USER);
    vi.advanceTimersByTime(29_000);
    await world.users.find(USER);
    expect(world.reads()).toBe(1);
    vi.advanceTimersByTime(2_000);
    await world.users.find(USER);
    expect(world.reads()).toBe(2);
  });

  it('tells other processes, and forgets what they announce or what a lost connection may have missed', async () => {
    const world = await sessionUsersOver({ listening: true });
    await world.users.changed(USER);
    expect(world.notices).toEqual([{ origin: expect.any(String), id: USER }]);

    await world.users.find(USER);
    // Its own notice comes back too: nothing to forget.
    world.handlers().onMessage(JSON.stringify(world.notices[0]));
    await world.users.find(USER);
    expect(world.reads()).toBe(1);

    world.handlers().onMessage(JSON.stringify({ origin: 'another process', id: USER }));
    await world.users.find(USER);
    expect(world.reads()).toBe(2);

    world.handlers().onReconnect();
    await world.users.find(USER);
    expect(world.reads()).toBe(3);

    world.handlers().onMessage('not json');
    await world.users.find(USER);
    expect(world.reads()).toBe(4);
  });
});
