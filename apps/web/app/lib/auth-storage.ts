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

/**
 * The API's httpOnly session cookie (the sign-in's refresh token, set and cleared by the API's
 * sign-in, refresh and sign-out answers): no script here reads it; the server renders with it.
 */
export const SESSION_COOKIE = 'lb_session';
/** Its name when the shop is served over https (a `__Host-` cookie: Secure, Path=/, no Domain). */
export const SECURE_SESSION_COOKIE = '__Host-lb_session';

/**
 * The guest cart's id, copied from storage into a cookie so the server can render a guest's
 * cart. It is no secret the page does not already hold in localStorage.
 */
export const GUEST_CART_COOKIE = 'lb_guest_cart';
/** A guest cart untouched for 7 days is removed by the server: the cookie lives as long. */
const GUEST_CART_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

/** Keeps the guest cart cookie equal to the stored id (null: removes it). */
export function syncGuestCartCookie(id: string | null) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const current = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${GUEST_CART_COOKIE}=`))
    ?.slice(GUEST_CART_COOKIE.length + 1);
  if ((current || null) === id) return;
  document.cookie = id
    ? `${GUEST_CART_COOKIE}=${id}; Path=/; SameSite=Lax; Max-Age=${GUEST_CART_COOKIE_MAX_AGE}${secure}`
    : `${GUEST_CART_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure}`;
}

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
  syncGuestCartCookie(null);
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

/** A JWT's claims, unverified (the server verifies); undefined when unreadable. */
function tokenClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** When a JWT expires, in milliseconds since the epoch; undefined when unreadable. */
export function tokenExpiry(token: string): number | undefined {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/** Whose a JWT is (its subject, the user id); undefined when unreadable. */
export function tokenSubject(token: string): string | undefined {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : undefined;
}

/** Refresh this long before the access token runs out. */
export const REFRESH_AHEAD_MS = 60_000;

/** How long to wait before refreshing a token (0: now). */
export function refreshDelay(token: string, now = Date.now()): number {
  const expiry = tokenExpiry(token);
  if (expiry === undefined) return 0;
  return Math.max(0, expiry - REFRESH_AHEAD_MS - now);
}

/** A profile error mentioning token, unauthorized or 401 means the session is over: sign out. */
export function meansSignedOut(message: string, status?: number): boolean {
  return status === 401 || /token|unauthori[sz]ed|401/i.test(message);
}
