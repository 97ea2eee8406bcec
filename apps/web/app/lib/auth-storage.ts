/**
 * Where the browser keeps the session: `token` (the access token), `refreshToken`, and the guest
 * cart's `guestSessionId`, in localStorage under those names. Signing out, a failed refresh and
 * an unauthorised profile fetch clear all three.
 */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  guestSessionId: 'guestSessionId',
} as const;

export interface StoredSession {
  token: string | null;
  refreshToken: string | null;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readSession(): StoredSession {
  const store = storage();
  return {
    token: store?.getItem(STORAGE_KEYS.token) ?? null,
    refreshToken: store?.getItem(STORAGE_KEYS.refreshToken) ?? null,
  };
}

/** Fired in this tab when it changes the session (other tabs hear the storage event). */
const SESSION_EVENT = 'lacebloom:session';

export function writeSession(session: { accessToken: string; refreshToken: string }) {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, session.accessToken);
  store?.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Signed out: the tokens and the guest cart id go together. */
export function clearSession() {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.refreshToken);
  store?.removeItem(STORAGE_KEYS.guestSessionId);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Calls `listener` whenever the session changes, in this tab or another. */
export function subscribeToSession(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  window.addEventListener(SESSION_EVENT, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(SESSION_EVENT, listener);
  };
}

/** When a JWT expires, in milliseconds since the epoch; undefined when unreadable. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Refresh this long before the access token runs out. */
export const REFRESH_AHEAD_MS = 60_000;

/** How long to wait before refreshing a token (0: now). */
export function refreshDelay(token: string, now = Date.now()): number {
  const expiry = tokenExpiry(token);
  if (expiry === undefined) return 0;
  return Math.max(0, expiry - REFRESH_AHEAD_MS - now);
}

/** The brief's rule: a profile error mentioning token, unauthorized or 401 ends the session. */
export function meansSignedOut(message: string, status?: number): boolean {
  return status === 401 || /token|unauthori[sz]ed|401/i.test(message);
}
