/** What the callback page does next once the provider's code has been handled. */
export type GoogleSignInOutcome = { ok: true } | { ok: false; error: string };

/** Where the shopper lands when the Google sign-in could not be completed. */
export const GOOGLE_AUTH_FAILED_PATH = '/?authError=google-auth-failed';

/**
 * Exchanges the authorization code from Google for a Lacebloom session. Accounts are not built
 * yet: the account issue replaces this body with the real call (send the code to the API, store
 * the returned token, refresh the shopper). Until then every attempt reports failure.
 */
export async function exchangeGoogleAuthCode(code: string): Promise<GoogleSignInOutcome> {
  void code;
  return { ok: false, error: 'Google authentication failed' };
}
