import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../lib/auth-session';
import { readStoredSize, subscribeToStoredSize, writeStoredSize } from './my-size-store';

// The profile's calls load when her size is saved or moved: no page's first load carries them.
const account = () => import('../account/account-api');

/** The size kept in this browser, read as an external store (every tab follows). */
const useStoredSize = () => useSyncExternalStore(subscribeToStoredSize, readStoredSize, () => null);

/** The move under way, so screens reading her size at once send it to the profile once. */
let moving: Promise<unknown> | null = null;

/**
 * Her bra size: the profile's `mySize` when she is signed in, else the one this browser keeps.
 * `save` stores it where it belongs (the profile through PATCH /auth/profile, else the browser).
 *
 * A size found while signed out moves to her profile once she is signed in (it is the newer
 * answer, so it replaces what the profile held) and leaves the browser's storage: every screen
 * that shows her size does this, so the shell, on every page's first load, carries none of it.
 * A failure keeps it in the browser for the next try.
 */
export function useMySize() {
  const { status, user, authed, setUser } = useAuth();
  const stored = useStoredSize();
  const signedIn = status === 'signed-in';
  const size = signedIn ? (user?.mySize ?? stored) : stored;

  const userId = signedIn ? user?._id : undefined;
  const profileSize = user?.mySize ?? null;
  useEffect(() => {
    if (!userId || !stored || moving) return;
    if (profileSize === stored) {
      writeStoredSize(null);
      return;
    }
    moving = account()
      .then(({ accountApi }) => authed((api) => accountApi(api).updateProfile({ mySize: stored })))
      .then(({ data }) => {
        setUser(data);
        writeStoredSize(null);
      })
      .catch(() => undefined)
      .finally(() => {
        moving = null;
      });
  }, [userId, stored, profileSize, authed, setUser]);

  const save = useCallback(
    async (next: string) => {
      if (!signedIn) {
        writeStoredSize(next);
        return;
      }
      const { accountApi } = await account();
      const { data } = await authed((api) => accountApi(api).updateProfile({ mySize: next }));
      setUser(data);
      writeStoredSize(null);
    },
    [signedIn, authed, setUser],
  );
  return { size, save };
}
