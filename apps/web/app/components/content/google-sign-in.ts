import type { GoogleConfig } from '@shop/contracts/auth';
import { errorMessage } from '../../lib/api-client';

/** What the callback page does next once the provider's code has been handled. */
export type GoogleSignInOutcome = { ok: true } | { ok: false; error: string };

/** Where the shopper lands when the Google sign-in could not be completed. */
export const GOOGLE_AUTH_FAILED_PATH = '/?authError=google-auth-failed';

const STATE_KEY = 'googleAuthState';

export function googleRedirectUri(): string {
  return `${window.location.origin}/auth/google/callback`;
}

/**
 * Sends the browser to Google. A random `state` kept in this tab's sessionStorage comes back
 * with the code; a callback without the matching state did not start here and is refused.
 */
export function startGoogleSignIn(config: GoogleConfig) {
  if (!config.enabled || !config.clientId || !config.authorizationUrl) return;
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(config.authorizationUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: googleRedirectUri(),
    response_type: 'code',
    scope: 'openid email profile',
    state,
    prompt: 'select_account',
  }).toString();
  window.location.assign(url.toString());
}

/** Hands the code to the shop's server (never a client secret); checks the state first. */
export async function exchangeGoogleAuthCode(
  code: string,
  state: string | null,
  signInWithGoogle: (code: string, redirectUri: string) => Promise<unknown>,
): Promise<GoogleSignInOutcome> {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (!expected || expected !== state) {
    return { ok: false, error: 'Google authentication failed' };
  }
  try {
    await signInWithGoogle(code, googleRedirectUri());
    return { ok: true };
  } catch (error) {
    return { ok: false, error: errorMessage(error, 'Google authentication failed') };
  }
}
