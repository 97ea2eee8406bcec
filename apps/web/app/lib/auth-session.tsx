import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { AuthSession, LoginInput, SignupInput, User } from '@shop/contracts/auth';
import { ApiError, createApiClient, type ApiClient } from './api-client';
import {
  clearSession,
  meansSignedOut,
  readSession,
  refreshDelay,
  subscribeToSession,
  tokenSubject,
  writeSession,
} from './auth-storage';
import { usePageShopperData } from './page-shopper';

export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in';

export interface AuthApi {
  /** 'unknown' until the browser has read its storage (always so during server rendering). */
  status: AuthStatus;
  /** The signed-in shopper, once her profile has loaded. */
  user: User | null;
  signIn: (input: LoginInput) => Promise<User>;
  signUp: (input: SignupInput) => Promise<User>;
  signInWithGoogle: (code: string, redirectUri: string) => Promise<User>;
  /** Signs out here even when the server cannot be reached. */
  signOut: () => Promise<void>;
  /** Runs a call with the current token; on a 401 it refreshes once and tries again. */
  authed: <T>(call: (api: ApiClient) => Promise<T>) => Promise<T>;
  /** Takes a new token pair the server handed out (after a password change). */
  adoptSession: (session: AuthSession) => void;
  setUser: (user: User) => void;
}

const AuthContext = createContext<AuthApi | null>(null);
const REFRESH_LOCK = 'lacebloom-auth-refresh';

const currentToken = () => readSession().token;
/**
 * Stands for the token while the server's HTML is rendered and hydrated for a shopper the server
 * knew by her session cookie: the browser's own token takes over right after hydration.
 */
const SERVER_SESSION = 'server-session';

/**
 * Refreshes the token pair. Refresh tokens are single-use and a reused one ends the whole
 * sign-in, so tabs take turns under a Web Lock, and a tab that finds the pair already rotated
 * by another tab keeps that one instead of spending the old token again.
 */
async function rotate(usedRefreshToken: string): Promise<'rotated' | 'signed-out'> {
  const work = async () => {
    const current = readSession();
    if (!current.refreshToken) return 'signed-out' as const;
    if (current.refreshToken !== usedRefreshToken) return 'rotated' as const;
    try {
      const { data } = await createApiClient().refresh(current.refreshToken);
      writeSession(data);
      return 'rotated' as const;
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) return 'signed-out' as const;
      throw error;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

async function refreshSession(): Promise<boolean> {
  const used = readSession().refreshToken;
  if (!used || (await rotate(used)) === 'signed-out') {
    clearSession();
    return false;
  }
  return true;
}

/**
 * A call with the stored token; a 401 refreshes the pair once and tries again. Exported for the
 * back office's client loaders, which run before any component and so cannot use the hook.
 */
export async function authed<T>(call: (api: ApiClient) => Promise<T>): Promise<T> {
  try {
    return await call(createApiClient({ token: currentToken() }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !currentToken()) throw error;
    if (!(await refreshSession())) throw error;
    return call(createApiClient({ token: currentToken() }));
  }
}

/**
 * The shopper's session. The tokens live in localStorage (`token`, `refreshToken`), read as an
 * external store, so every tab follows sign-ins and sign-outs made in any other; the profile is
 * loaded for each new token.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // On the server and while hydrating: what the page's loader knew (signed in or out by the
  // session cookie), or nothing on pages that do not ask (the catalogue).
  const known = usePageShopperData()?.shopper;
  const serverToken = () =>
    known?.status === 'signed-in'
      ? SERVER_SESSION
      : known?.status === 'signed-out'
        ? null
        : undefined;
  const token = useSyncExternalStore(subscribeToSession, currentToken, serverToken);
  // The account the server rendered with stays this browser's profile while its token is hers,
  // so nothing she saw in the first HTML blinks out while the profile is asked for again.
  const [profile, setProfile] = useState<{ token: string; user: User } | null>(() => {
    const stored = typeof window === 'undefined' ? null : currentToken();
    return known?.user && stored && tokenSubject(stored) === known.user._id
      ? { token: stored, user: known.user }
      : null;
  });
  const user =
    token === SERVER_SESSION
      ? (known?.user ?? null)
      : token && profile?.token === token
        ? profile.user
        : null;
  const status: AuthStatus = token === undefined ? 'unknown' : token ? 'signed-in' : 'signed-out';

  const signedIn = useCallback((session: AuthSession) => {
    writeSession(session);
    setProfile({ token: session.accessToken, user: session.user });
    return session.user;
  }, []);

  // A new token (sign-in here or in another tab, a refresh): load whose it is.
  const knownToken = profile?.token;
  useEffect(() => {
    if (!token || token === SERVER_SESSION || knownToken === token) return;
    let live = true;
    authed((api) => api.profile())
      .then((loaded) => {
        const now = currentToken();
        if (live && now) setProfile({ token: now, user: loaded });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && meansSignedOut(error.message, error.status))
          clearSession();
      });
    return () => {
      live = false;
    };
  }, [token, knownToken]);

  // A silent refresh a minute before the access token runs out.
  useEffect(() => {
    if (!token || token === SERVER_SESSION) return;
    const timer = window.setTimeout(
      () => void refreshSession().catch(() => undefined),
      refreshDelay(token),
    );
    return () => window.clearTimeout(timer);
  }, [token]);

  const value = useMemo<AuthApi>(
    () => ({
      status,
      user,
      authed,
      setUser: (next) => {
        const now = currentToken();
        if (now) setProfile({ token: now, user: next });
      },
      adoptSession: (session) => void signedIn(session),
      signIn: async (input) => signedIn((await createApiClient().login(input)).data),
      signUp: async (input) => signedIn((await createApiClient().signup(input)).data),
      signInWithGoogle: async (code, redirectUri) =>
        signedIn((await createApiClient().googleSignIn(code, redirectUri)).data),
      signOut: async () => {
        const { token: stored, refreshToken } = readSession();
        try {
          await createApiClient({ token: stored }).logout(refreshToken);
        } catch {
          // A failed server logout still signs out here.
        }
        clearSession();
      },
    }),
    [status, user, signedIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider');
  return auth;
}
