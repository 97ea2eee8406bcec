import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../lib/auth-session';
import { accountApi } from '../account/account-api';

/** Where a signed-out shopper's size waits in this browser until she signs in. */
const STORAGE_KEY = 'lacebloom-my-size';
const CHANGED = 'lacebloom-my-size-changed';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage switched off (a private window on some browsers): nothing is remembered.
    return null;
  }
}

function writeStored(size: string | null) {
  try {
    if (size === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, size);
  } catch {
    // As above: the size then lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** This tab's own writes and other tabs' (the `storage` event) both re-read the size. */
function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Her bra size: the profile's `mySize` when she is signed in, else the one this browser keeps.
 * `save` stores it where it belongs (the profile through PATCH /auth/profile, else the browser).
 */
export function useMySize() {
  const { status, user, authed, setUser } = useAuth();
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  const signedIn = status === 'signed-in';
  const size = signedIn ? (user?.mySize ?? stored) : stored;

  const save = useCallback(
    async (next: string) => {
      if (!signedIn) {
        writeStored(next);
        return;
      }
      const { data } = await authed((api) => accountApi(api).updateProfile({ mySize: next }));
      setUser(data);
      writeStored(null);
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
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  const userId = status === 'signed-in' ? user?._id : undefined;
  const profileSize = user?.mySize ?? null;
  useEffect(() => {
    if (!userId || !stored) return;
    if (profileSize === stored) {
      writeStored(null);
      return;
    }
    let live = true;
    authed((api) => accountApi(api).updateProfile({ mySize: stored }))
      .then(({ data }) => {
        if (!live) return;
        setUser(data);
        writeStored(null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, stored, profileSize, authed, setUser]);
}
