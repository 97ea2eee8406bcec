import type { AuthSession } from '@shop/contracts/auth';
import { isEmailAddress, normalizeEmail } from '@shop/domain/contact-details';
import { conflict, forbidden, invalid, unauthenticated, unavailable } from '@shop/domain/errors';
import { GoogleSignInError, type GoogleOAuth } from '../../adapters/oauth/google.ts';
import { isUniqueViolation, type Database } from '../../db/client.ts';
import { authText } from './auth-messages.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { Sessions } from './sessions.service.ts';

/** Google sends the shopper back to this page of ours; no other redirect target is exchanged. */
const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export interface GoogleSignInDeps {
  db: Database;
  repository: AuthRepository;
  google: GoogleOAuth | undefined;
  sessions: Pick<Sessions, 'startSession' | 'changedUser'>;
  log: (error: unknown, message: string) => void;
}

/** Sign-in with Google: linking an account to a Google account, or making one from it. */
export function createGoogleSignIn(deps: GoogleSignInDeps) {
  const { db, repository, sessions } = deps;

  /**
   * Links Google to an account, or signs in to one already linked. An account whose address was
   * never verified may have been made by anyone who typed that address; Google vouching for the
   * address makes the account its owner's alone: the password goes, every refresh token is
   * revoked and every older access token refused. Answers the user and, when sessions ended, the
   * instant they ended from (the new sign-in's issue time); undefined when the account is linked
   * to another Google account.
   */
  async function linkGoogle(userId: string, subject: string) {
    const outcome = await db.transaction(async (tx) => {
      const current = await repository.lockUser(tx, userId, 'update');
      if (!current || (current.googleSubject !== null && current.googleSubject !== subject)) {
        return undefined;
      }
      if (current.emailVerified) {
        const row = await repository.updateUser(tx, userId, { googleSubject: subject });
        return { row: row! };
      }
      // One millisecond past every token signed before this lock was taken.
      const endedAt = new Date(Date.now() + 1);
      await repository.revokeUserRefreshTokens(tx, userId);
      const row = await repository.updateUser(tx, userId, {
        googleSubject: subject,
        emailVerified: true,
        passwordHash: null,
        sessionsValidFrom: endedAt,
      });
      return { row: row!, endedAt };
    });
    if (outcome) sessions.changedUser(outcome.row);
    return outcome;
  }

  return {
    googleConfig() {
      return {
        enabled: deps.google !== undefined,
        clientId: deps.google?.clientId ?? null,
        authorizationUrl: deps.google?.authorizationUrl ?? null,
      };
    },

    /**
     * Signs in with Google, only for an address Google has verified (anyone can make a Google
     * account with someone else's address and leave it unverified). An account linked to this
     * Google subject signs in; an account with the same email is linked (see `linkGoogle` for
     * one whose address was never verified); otherwise a new account is made.
     */
    async googleSignIn(code: string, redirectUri: string): Promise<AuthSession> {
      if (!deps.google) throw unavailable(authText.googleNotConfigured);
      if (new URL(redirectUri).pathname !== GOOGLE_CALLBACK_PATH)
        throw invalid('Invalid redirectUri');
      let identity;
      try {
        identity = await deps.google.exchangeCode(code, redirectUri);
      } catch (error) {
        if (
          error instanceof GoogleSignInError ||
          error instanceof TypeError ||
          (error instanceof Error && error.name === 'TimeoutError')
        ) {
          deps.log(error, 'Google sign-in refused');
          throw unauthenticated(authText.googleFailed);
        }
        throw error;
      }
      if (!identity.emailVerified) throw forbidden(authText.googleEmailUnverified);
      const email = normalizeEmail(identity.email);
      if (!isEmailAddress(email)) {
        deps.log(undefined, 'Google sign-in refused: not a bare email address');
        throw unauthenticated(authText.googleFailed);
      }

      const found =
        (await repository.findUserByGoogleSubject(identity.subject)) ??
        (await repository.findUserByEmail(db, email));
      if (found?.googleSubject === identity.subject && found.emailVerified) {
        return sessions.startSession(found);
      }
      if (found) {
        const linked = await linkGoogle(found.id, identity.subject).catch((error: unknown) => {
          // This Google account was linked to another account a moment ago.
          if (isUniqueViolation(error)) throw conflict(authText.googleOtherAccount);
          throw error;
        });
        if (!linked) throw conflict(authText.googleOtherAccount);
        return sessions.startSession(linked.row, linked.endedAt?.getTime());
      }
      let row: UserRow;
      try {
        row = await repository.insertUser({
          email,
          firstName: identity.givenName || email.split('@')[0]!,
          lastName: identity.familyName,
          phone: '',
          passwordHash: null,
          emailVerified: true,
          googleSubject: identity.subject,
        });
      } catch (error) {
        // The same person signing in twice at once, or a sign-up with this email meanwhile.
        if (isUniqueViolation(error)) throw conflict(authText.emailTaken);
        throw error;
      }
      return sessions.startSession(row);
    },
  };
}
