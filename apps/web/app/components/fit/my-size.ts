import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../lib/auth-session';
import { readStoredSize, subscribeToStoredSize, writeStoredSize } from './my-size-store';

// The profile's calls load when her size is saved or moved: no page's first load carries them.
const account = () => import('../account/account-api');

/** The size kept in this browser, read as an external store (every tab follows). */
const useStoredSize = () => useSyncExternalStore(subscribeToStoredSize, readStoredSize, () => null);

/**
 * Her bra size: the profile's `mySize` when she is signed in, else the one this browser keeps.
 * `save` stores it where it belongs (the profile through PATCH /auth/profile, else the browser).
 */
export function useMySize() {
  const { status, user, authed, setUser } = useAuth();
  const stored = useStoredSize();
  const signedIn = status === 'signed-in';
  const size = signedIn ? (user?.mySize ?? stored) : stored;

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

/**
 * At sign-in, a size found while signed out moves to her profile (it is the newer answer, so it
 * replaces what the profile held) and leaves the browser's storage. A failure keeps it there for
 * the next sign-in.
 */
export function useMoveMySizeAtSignIn() {
  const { status, user, authed, setUser } = useAuth();
  const stored = useStoredSize();
  const userId = status === 'signed-in' ? user?._id : undefined;
  const profileSize = user?.mySize ?? null;
  useEffect(() => {
    if (!userId || !stored) return;
    if (profileSize === stored) {
      writeStoredSize(null);
      return;
    }
    let live = true;
    account()
      .then(({ accountApi }) => authed((api) => accountApi(api).updateProfile({ mySize: stored })))
      .then(({ data }) => {
        if (!live) return;
        setUser(data);
        writeStoredSize(null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, stored, profileSize, authed, setUser]);
}
