import type { DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from './auth.repository.ts';

/** Where the database announces every change to a user (trigger `users_notify_change`). */
const CHANNEL = 'user_changes';
/** A copy older than this is read again, in case a change notice from another process was lost. */
const MAX_AGE_MS = 30_000;
/** Users kept at most; beyond it the longest-kept copy goes. */
const MAX_USERS = 10_000;

export interface SessionUsers {
  /** The user a valid access token names, from memory when read in the last 30 s. */
  find(id: string): Promise<UserRow | undefined>;
  /**
   * After a commit that changed this user (password, sign-out everywhere, profile, verification):
   * drops the copy here at once. Other processes on the same PostgreSQL hear of the change from
   * the database itself (a trigger on `users` sends a NOTIFY with the commit).
   */
  changed(id: string): void;
  close(): Promise<void>;
}

/**
 * Every signed-in request needs its user's row (to check the token against a sign-out or password
 * change, and for the name and addresses); the rows read recently are kept, so a request in a
 * session costs no database call for it.
 *
 * A copy is never older than the last change this process heard of: `changed` drops it after a
 * change this process committed, every process hears of every change by NOTIFY (a process whose
 * listening connection dropped forgets every user, as notices may have been missed), and a read
 * that was under way while any user changed is answered but not kept, as it may have seen the
 * row before the commit.
 */
export async function createSessionUsers(
  database: DatabaseHandle,
  readUser: (id: string) => Promise<UserRow | undefined>,
  log: (error: unknown, message: string) => void,
): Promise<SessionUsers> {
  const kept = new Map<string, { row: UserRow; readAt: number }>();
  /** Counts every forgetting; a read that saw it move may hold a row from before a change. */
  let changes = 0;

  const forget = (id: string | undefined) => {
    changes += 1;
    if (id === undefined) kept.clear();
    else kept.delete(id);
  };

  const stop = database.listen
    ? await database.listen(CHANNEL, {
        onMessage(payload) {
          try {
            const notice = JSON.parse(payload) as { id: string };
            forget(notice.id);
          } catch (error) {
            log(error, 'Unreadable user change notice; forgetting every signed-in user');
            forget(undefined);
          }
        },
        onReconnect: () => forget(undefined),
      })
    : undefined;

  return {
    async find(id) {
      const copy = kept.get(id);
      if (copy && Date.now() - copy.readAt < MAX_AGE_MS) return copy.row;
      const changesBefore = changes;
      const row = await readUser(id);
      if (row && changes === changesBefore) {
        kept.delete(id);
        if (kept.size >= MAX_USERS) kept.delete(kept.keys().next().value!);
        kept.set(id, { row, readAt: Date.now() });
      }
      return row;
    },
    changed(id) {
      forget(id);
    },
    async close() {
      await stop?.();
    },
  };
}
