import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import type { UserRow } from '../../../src/features/auth/auth.repository.ts';
import { createSessionUsers } from '../../../src/features/auth/session-users.ts';

const USER = '6f1c1d52-8a5e-4a53-9d0e-3c9a2b7e4f10';

/** Session users over a table that counts its reads; `listen` stands for PostgreSQL's. */
async function sessionUsersOver(options: { listening?: boolean } = {}) {
  let reads = 0;
  let firstName = 'Asha';
  let hold: Promise<void> | undefined;
  let handlers: { onMessage: (payload: string) => void; onReconnect: () => void } | undefined;
  const database = {
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
    world.users.changed(USER);
    expect((await world.users.find(USER))?.firstName).toBe('Meera');
    expect(world.reads()).toBe(2);
  });

  it('does not keep a row read while a change was committing', async () => {
    const world = await sessionUsersOver();
    const release = world.holdReads();
    const reading = world.users.find(USER);
    // The change commits and is announced while the read is on its way back.
    world.rename('Meera');
    world.users.changed(USER);
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

  it('forgets a user the database announces changed, and everyone after a lost connection', async () => {
    const world = await sessionUsersOver({ listening: true });
    await world.users.find(USER);
    await world.users.find(USER);
    expect(world.reads()).toBe(1);

    // The trigger on users announces every change, whichever process made it.
    world.handlers().onMessage(JSON.stringify({ id: USER }));
    await world.users.find(USER);
    expect(world.reads()).toBe(2);
    world.handlers().onMessage(JSON.stringify({ id: 'someone else' }));
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
