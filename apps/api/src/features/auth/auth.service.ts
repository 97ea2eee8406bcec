import { randomUUID } from 'node:crypto';
import type {
  AuthSession,
  ProfileUpdate,
  SavedAddress,
  Signup,
  User,
  UserRole,
} from '@shop/contracts/auth';
import { accountDataMessages } from '@shop/contracts/account-data';
import { isEmailAddress, normalizeEmail } from '@shop/domain/contact-details';
import { conflict, forbidden, invalid, unauthenticated, unavailable } from '@shop/domain/errors';
import { accountRole } from '@shop/domain/roles';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.ts';
import { GoogleSignInError, type GoogleOAuth } from '../../adapters/oauth/google.ts';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import type { StoredAddress } from '../../db/schema.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from './auth-mails.ts';
import { authText } from './auth-messages.ts';
import {
  type AuthRepository,
  type OneTimePurpose,
  type UserChanges,
  type UserRow,
} from './auth.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionUsers } from './session-users.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { beginPasswordCheck, beginSignIn, throttleRules } from './throttle.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  EMAIL_VERIFICATION_TTL_MS,
  hasOpaqueTokenShape,
  hashOpaqueToken,
  newOpaqueToken,
  PASSWORD_RESET_TTL_MS,
  REFRESH_TOKEN_LIFETIME_MS,
  type AccessTokens,
} from './tokens.ts';

/** Who is calling, once their access token has been checked. */
export interface Caller {
  userId: string;
  email: string;
  role: UserRole;
  /** The user row as read while checking the token (this request's own copy). */
  user: UserRow;
  /** The sign-in the access token belongs to; absent on tokens from before sign-ins were named. */
  sessionId?: string | undefined;
}

export interface AuthServiceDeps {
  db: Database;
  repository: AuthRepository;
  /** The users of signed-in requests, kept briefly; told of every change to a user. */
  sessionUsers: SessionUsers;
  throttle: Throttle;
  accessTokens: AccessTokens;
  mailer: Mailer;
  google: GoogleOAuth | undefined;
  publicUrl: string;
  adminEmails: string[];
  /** Accounts one network address may create in an hour (the rule's own limit when unset). */
  signupsPerAddressPerHour?: number | undefined;
  /** Records the offers she ticked on the sign-up form as her consent (where, when, the words). */
  recordSignupOffers?: (userId: string, offers: Signup['offers']) => Promise<void>;
  log: (error: unknown, message: string) => void;
}

/** Google sends the shopper back to this page of ours; no other redirect target is exchanged. */
const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export function createAuthService(deps: AuthServiceDeps) {
  const { db, repository, sessionUsers, throttle, accessTokens, mailer } = deps;

  /** Passes on a user row just changed (and committed), after the kept copy is dropped. */
  function changedUser<T extends UserRow | undefined>(row: T): T {
    if (row) sessionUsers.changed(row.id);
    return row;
  }
  const listedOwners = new Set(deps.adminEmails);
  const signupRule = {
    ...throttleRules.signupsPerAddress,
    limit: deps.signupsPerAddressPerHour ?? throttleRules.signupsPerAddress.limit,
  };

  /**
   * Roles come from the database: the role an operator (`npm run owner`) or an owner (the staff
   * API) granted, or owner for an address listed in ADMIN_EMAILS once it is verified. A listed
   * address nobody has proven is whatever its row says.
   */
  const roleOf = (row: UserRow): UserRole => accountRole(row, listedOwners);

  function toUser(row: UserRow): User {
    return {
      _id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      emailVerified: row.emailVerified,
      role: roleOf(row),
      hasPassword: row.passwordHash !== null,
      googleLinked: row.googleSubject !== null,
      addresses: row.addresses.map(({ id, ...address }): SavedAddress => ({ _id: id, ...address })),
      mySize: row.mySize ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * A new sign-in: an access token and the first refresh token of a new family. `row` is the user
   * as read when the credential was checked: when every session was ended since (a password reset,
   * Google taking over an unverified account), the sign-in is refused. The refresh token is
   * stored under the user's lock, and the access token was issued before it, so a change ending
   * every session ends this one too (see `lockUser`).
   */
  async function startSession(row: UserRow, issuedAtMs = Date.now()): Promise<AuthSession> {
    const refreshToken = newOpaqueToken();
    const familyId = randomUUID();
    // Signed before the transaction: no transaction waits on the thread pool.
    const accessToken = await accessTokens.sign(row.id, familyId, issuedAtMs);
    const started = await db.transaction(async (tx) => {
      const current = await repository.lockUser(tx, row.id, 'key share');
      if (current?.sessionsValidFrom.getTime() !== row.sessionsValidFrom.getTime()) return false;
      await repository.insertRefreshToken(tx, {
        userId: row.id,
        familyId,
        tokenHash: hashOpaqueToken(refreshToken),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS),
      });
      return true;
    });
    if (!started) throw unauthenticated(authText.badCredentials);
    return { user: toUser(row), accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

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
    if (outcome) changedUser(outcome.row);
    return outcome;
  }

  /**
   * Mail goes out after the data it talks about is saved. A mail server that is down must not
   * undo a sign-up or a reset: the failure is logged and the shopper can ask again.
   */
  async function sendMail(message: MailMessage) {
    try {
      await mailer.send(message);
    } catch (error) {
      deps.log(error, `could not send "${message.subject}"`);
    }
  }

  async function issueLink(row: UserRow, purpose: OneTimePurpose): Promise<string> {
    const token = newOpaqueToken();
    const ttl = purpose === 'password_reset' ? PASSWORD_RESET_TTL_MS : EMAIL_VERIFICATION_TTL_MS;
    await repository.insertOneTimeToken({
      userId: row.id,
      purpose,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + ttl),
    });
    const page = purpose === 'password_reset' ? 'reset-password' : 'verify-email';
    return `${deps.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
  }

  async function sendVerification(row: UserRow) {
    const link = await issueLink(row, 'email_verification');
    await sendMail(verificationMail(row.email, row.firstName, link));
  }

  /**
   * Ends every session of the user inside `tx`, with `changes` to the account: refresh tokens are
   * revoked and access tokens issued before the answered instant are refused. The user's row is
   * locked first, so a sign-in or refresh racing this either finished before it (and is ended
   * by it) or waits and sees it (see `lockUser`). The instant is taken after the lock, one
   * millisecond past every token signed before.
   */
  async function endSessionsIn(tx: Executor, userId: string, changes: UserChanges = {}) {
    await repository.lockUser(tx, userId, 'update');
    const at = new Date(Date.now() + 1);
    await repository.revokeUserRefreshTokens(tx, userId);
    const row = await repository.updateUser(tx, userId, { ...changes, sessionsValidFrom: at });
    return { row, at };
  }

  /** Everyone signed in as this user is signed out: refresh tokens and older access tokens. */
  async function endAllSessions(userId: string) {
    const { row } = await db.transaction((tx) => endSessionsIn(tx, userId));
    changedUser(row);
  }

  async function userOrThrow(userId: string): Promise<UserRow> {
    const row = await repository.findUserById(userId);
    if (!row) throw unauthenticated(authText.badToken);
    return row;
  }

  return {
    toUser,

    /**
     * Checks her password before something that cannot be undone (erasing the account), counted
     * as a wrong guess until it proves right, as changing the password is. An account without a
     * password (made through Google) is told how to set one.
     */
    async confirmPassword(userId: string, password: string, clientAddress: string) {
      const current = await userOrThrow(userId);
      if (current.erasedAt) throw unauthenticated(accountDataMessages.alreadyDeleted);
      if (current.passwordHash === null) throw conflict(accountDataMessages.noPassword);
      const attempt = await beginPasswordCheck(throttle, userId, clientAddress);
      if (!(await verifyPassword(current.passwordHash, password))) {
        throw forbidden(accountDataMessages.wrongPassword);
      }
      await attempt.succeeded();
      return current;
    },

    /**
     * Erases her account in `tx`: every refresh token revoked, every access token refused, and the
     * row left with nothing that names or reaches her (see the repository's `eraseUser`). Only a
     * shopper's own account: staff leave through an owner. After the commit, call
     * `forgetCachedUser`. A second erasure of the same account (a burst) is refused once the
     * first has committed.
     */
    async eraseIn(tx: Executor, userId: string) {
      const current = await repository.findUserIn(tx, userId);
      if (current && roleOf(current) !== 'customer') throw forbidden(accountDataMessages.staff);
      const erased = await repository.eraseUser(tx, userId);
      if (!erased) throw unauthenticated(accountDataMessages.alreadyDeleted);
      return erased;
    },

    /** Her account as `tx` reads it; refused once erased. */
    async userIn(tx: Executor, userId: string): Promise<UserRow> {
      const row = await repository.findUserIn(tx, userId);
      if (!row || row.erasedAt) throw unauthenticated(accountDataMessages.alreadyDeleted);
      return row;
    },

    /** Drops this process's copy of a user changed by a committed transaction. */
    forgetCachedUser(userId: string) {
      sessionUsers.changed(userId);
    },

    async signup(input: Signup, clientAddress: string): Promise<AuthSession> {
      // Counted before anything else, refused sign-ups too (they tell whether an email is taken).
      await throttle.take(signupRule, clientAddress);
      const addresses: StoredAddress[] = (input.addresses ?? []).map(({ _id: _ignored, ...a }) => ({
        id: randomUUID(),
        ...a,
      }));
      const oneLine = (name: string, line: string): StoredAddress => ({
        id: randomUUID(),
        name,
        addressLine1: line,
        addressLine2: '',
        city: '',
        state: '',
        pinCode: '',
        phone: '',
      });
      if (input.homeAddress) addresses.push(oneLine('Home', input.homeAddress));
      if (input.officeAddress) addresses.push(oneLine('Office', input.officeAddress));

      if (await repository.findUserByEmail(db, input.email)) throw conflict(authText.emailTaken);
      let row: UserRow;
      try {
        row = await repository.insertUser({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
          addresses: addresses.slice(0, 10),
        });
      } catch (error) {
        // Two sign-ups with one email at once: the unique index lets only one through.
        if (isUniqueViolation(error)) throw conflict(authText.emailTaken);
        throw error;
      }
      await deps.recordSignupOffers?.(row.id, input.offers);
      await sendVerification(row);
      return startSession(row);
    },

    async login(
      input: { email: string; password: string },
      clientAddress: string,
    ): Promise<AuthSession> {
      // Reserved as a failure before the hash is checked, so a burst cannot outrun the count.
      const attempt = await beginSignIn(throttle, input.email, clientAddress);
      const row = await repository.findUserByEmail(db, input.email);
      // One answer for an unknown email and a wrong password, and the same work for both.
      if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
        throw unauthenticated(authText.badCredentials);
      }
      await attempt.succeeded();
      return startSession(row);
    },

    /** Checks a bearer token; answers who is calling. */
    async authenticate(token: string | undefined): Promise<Caller> {
      if (!token) throw unauthenticated(authText.noToken);
      const claims = await accessTokens.verify(token);
      if (!claims) throw unauthenticated(authText.badToken);
      const row = await sessionUsers.find(claims.userId);
      // A token from before a password change or reset, or of a sign-in ended on its device,
      // no longer counts.
      if (
        !row ||
        claims.issuedAtMs < row.sessionsValidFrom.getTime() ||
        (claims.sessionId !== undefined &&
          row.endedSessions.some((ended) => ended.id === claims.sessionId))
      ) {
        throw unauthenticated(authText.badToken);
      }
      return {
        userId: row.id,
        email: row.email,
        role: roleOf(row),
        user: row,
        sessionId: claims.sessionId,
      };
    },

    profile(caller: Caller): User {
      return toUser(caller.user);
    },

    async updateProfile(userId: string, changes: ProfileUpdate): Promise<User> {
      const current = await userOrThrow(userId);
      let addresses: StoredAddress[] | undefined;
      if (changes.addresses) {
        // An address that names one of the shopper's own saved addresses keeps its id.
        const ownIds = new Set(current.addresses.map((address) => address.id));
        addresses = changes.addresses.map(({ _id, ...address }) => ({
          id: _id && ownIds.has(_id) ? _id : randomUUID(),
          ...address,
        }));
      }
      const row = await repository.updateUser(db, userId, {
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
        // A number typed in the profile is unproven until a code sent to it is entered.
        ...(changes.phone !== undefined && changes.phone !== current.phone
          ? { phoneVerified: false }
          : {}),
        ...(addresses ? { addresses } : {}),
        ...(changes.mySize !== undefined ? { mySize: changes.mySize } : {}),
      });
      if (!row) throw unauthenticated(authText.badToken);
      changedUser(row);
      return toUser(row);
    },

    /**
     * The shopper a page request comes from, by its session cookie (the sign-in's current refresh
     * token), as a short-lived access token of that sign-in for the page's own loaders; the token
     * never leaves the server. Nothing is rotated or spent: a token that is spent, revoked,
     * expired or unknown, or whose sign-in ended, renders the page signed out.
     */
    async pageSession(refreshToken: string | undefined): Promise<string | undefined> {
      if (!refreshToken || !hasOpaqueTokenShape(refreshToken)) return undefined;
      const stored = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
      if (!stored || stored.replacedAt || stored.revokedAt) return undefined;
      if (stored.expiresAt.getTime() <= Date.now()) return undefined;
      const row = await sessionUsers.find(stored.userId);
      if (!row || row.endedSessions.some((ended) => ended.id === stored.familyId)) {
        return undefined;
      }
      return accessTokens.sign(row.id, stored.familyId);
    },

    /** Rotates a refresh token: the presented one is spent, a new one of its family comes back. */
    async refresh(refreshToken: string): Promise<AuthSession> {
      const stored = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
      if (!stored) throw unauthenticated(authText.badRefreshToken);
      if (stored.replacedAt || stored.revokedAt) {
        // A spent token presented again was copied: end the whole sign-in, newest token included.
        await repository.revokeRefreshFamily(db, stored.familyId);
        throw unauthenticated(authText.badRefreshToken);
      }
      if (stored.expiresAt.getTime() <= Date.now()) throw unauthenticated(authText.badRefreshToken);
      const row = await repository.findUserById(stored.userId);
      if (!row) throw unauthenticated(authText.badRefreshToken);

      const next = newOpaqueToken();
      // Issued before the rotation commits (and used only if it does), so a change ending every
      // session after it finds this access token older than the change.
      const accessToken = await accessTokens.sign(row.id, stored.familyId);
      const rotated = await db.transaction(async (tx) => {
        // The user's lock first: a change ending every session revokes the new token, or this
        // rotation finds the presented one revoked (see `lockUser`).
        await repository.lockUser(tx, row.id, 'key share');
        if (!(await repository.markRefreshTokenReplaced(tx, stored.id))) return false;
        await repository.insertRefreshToken(tx, {
          userId: row.id,
          familyId: stored.familyId,
          tokenHash: hashOpaqueToken(next),
          expiresAt: stored.expiresAt,
        });
        return true;
      });
      if (!rotated) {
        // Another request spent this token a moment ago (or every session ended): the same
        // answer as a reuse.
        await repository.revokeRefreshFamily(db, stored.familyId);
        throw unauthenticated(authText.badRefreshToken);
      }
      return {
        user: toUser(row),
        accessToken,
        refreshToken: next,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      };
    },

    /**
     * Signs out this device: its sign-in (the refresh token's family, and the access token's) is
     * ended, and the shopper's other devices stay signed in. A refresh token that is expired,
     * revoked, unknown or another account's ends nothing else. An access token from before
     * sign-ins were named (no session id) signs out everywhere, as sign-out did then.
     */
    async logout(refreshToken: string | undefined, caller: Caller | undefined) {
      let userId = caller?.userId;
      const sessions = new Set<string>();
      if (caller?.sessionId) sessions.add(caller.sessionId);
      if (refreshToken) {
        const stored = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
        if (stored && (userId === undefined || stored.userId === userId)) {
          userId = stored.userId;
          sessions.add(stored.familyId);
        }
      }
      if (!userId) return;
      if (caller && !caller.sessionId) return endAllSessions(userId);
      if (sessions.size === 0) return;
      const signedInUser = userId;
      const row = await db.transaction(async (tx) => {
        // The user's lock, as every change to sessions takes it (see `lockUser`).
        await repository.lockUser(tx, signedInUser, 'update');
        for (const familyId of sessions) await repository.revokeRefreshFamily(tx, familyId);
        const until = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000);
        return repository.endSessions(tx, signedInUser, [...sessions], until);
      });
      changedUser(row);
    },

    async forgotPassword(email: string, clientAddress: string) {
      await throttle.take(throttleRules.resetRequestsPerAddress, clientAddress);
      await throttle.take(throttleRules.resetRequestsPerEmail, email);
      const row = await repository.findUserByEmail(db, email);
      if (!row) return;
      const link = await issueLink(row, 'password_reset');
      await sendMail(passwordResetMail(row.email, row.firstName, link));
    },

    async resetPassword(token: string, password: string, clientAddress: string) {
      // Not a link this shop mailed: refused before any database work, throttle included.
      if (!hasOpaqueTokenShape(token)) throw invalid(authText.resetLinkInvalid);
      await throttle.take(throttleRules.resetAttemptsPerAddress, clientAddress);
      const tokenHash = hashOpaqueToken(token);
      // A made-up or spent link is refused before the costly hash of the new password.
      if (!(await repository.isOneTimeTokenLive(tokenHash, 'password_reset'))) {
        throw invalid(authText.resetLinkInvalid);
      }
      const passwordHash = await hashPassword(password);
      const row = await db.transaction(async (tx) => {
        const userId = await repository.consumeOneTimeToken(tx, tokenHash, 'password_reset');
        if (!userId) return undefined;
        await repository.retireOneTimeTokens(tx, userId, 'password_reset');
        await repository.unlinkUnverifiedGoogle(tx, userId);
        // The link arrived by mail, which proves the address as well.
        const ended = await endSessionsIn(tx, userId, { passwordHash, emailVerified: true });
        return ended.row;
      });
      if (!row) throw invalid(authText.resetLinkInvalid);
      changedUser(row);
      await sendMail(passwordChangedMail(row.email, row.firstName));
    },

    /** Changes the password, signs out every other device, and answers a fresh sign-in. */
    async changePassword(
      userId: string,
      currentPassword: string,
      newPassword: string,
      clientAddress: string,
    ): Promise<AuthSession> {
      const current = await userOrThrow(userId);
      // Reserved as a wrong guess before the hash is checked, as sign-in does.
      const attempt = await beginPasswordCheck(throttle, userId, clientAddress);
      if (!(await verifyPassword(current.passwordHash, currentPassword))) {
        throw invalid(authText.wrongCurrentPassword);
      }
      await attempt.succeeded();
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction((tx) => endSessionsIn(tx, userId, { passwordHash }));
      const row = changedUser(ended.row);
      const at = ended.at;
      if (!row) throw unauthenticated(authText.badToken);
      await sendMail(passwordChangedMail(row.email, row.firstName));
      return startSession(row, at.getTime());
    },

    async verifyEmail(token: string): Promise<User> {
      if (!hasOpaqueTokenShape(token)) throw invalid(authText.verificationLinkInvalid);
      const row = await db.transaction(async (tx) => {
        const userId = await repository.consumeOneTimeToken(
          tx,
          hashOpaqueToken(token),
          'email_verification',
        );
        if (!userId) return undefined;
        return repository.updateUser(tx, userId, { emailVerified: true });
      });
      if (!row) throw invalid(authText.verificationLinkInvalid);
      changedUser(row);
      return toUser(row);
    },

    async resendVerification(userId: string) {
      const row = await userOrThrow(userId);
      if (row.emailVerified) throw invalid(authText.alreadyVerified);
      // An account made with a phone number has no email to verify yet.
      if (row.email === '') throw invalid(authText.noEmailYet);
      await throttle.take(throttleRules.verificationMailsPerUser, userId);
      await db.transaction((tx) =>
        repository.retireOneTimeTokens(tx, userId, 'email_verification'),
      );
      await sendVerification(row);
    },

    /**
     * Her number was proven with a code: a signed-in shopper (`userId`) adds it to her account;
     * otherwise the account whose number it is (verified, never one merely typed) signs in, or a
     * new account is made for it (her first name is asked next). One verified number, one
     * account: a number proven on another account is refused.
     */
    async signInWithVerifiedPhone(phone: string, userId: string | null): Promise<AuthSession> {
      if (userId) {
        const other = await repository.findUserByVerifiedPhone(db, phone);
        if (other && other.id !== userId) throw conflict(authText.phoneOtherAccount);
        let row: UserRow | undefined;
        try {
          row = await repository.updateUser(db, userId, { phone, phoneVerified: true });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(authText.phoneOtherAccount);
          throw error;
        }
        if (!row) throw unauthenticated(authText.badToken);
        changedUser(row);
        return startSession(row);
      }
      const found = await repository.findUserByVerifiedPhone(db, phone);
      if (found) return startSession(found);
      try {
        return await startSession(
          await repository.insertUser({
            email: '',
            firstName: '',
            lastName: '',
            phone,
            phoneVerified: true,
            passwordHash: null,
          }),
        );
      } catch (error) {
        // The same number verified twice at once: the other request made the account.
        if (!isUniqueViolation(error)) throw error;
        const made = await repository.findUserByVerifiedPhone(db, phone);
        if (!made) throw error;
        return startSession(made);
      }
    },

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
        return startSession(found);
      }
      if (found) {
        const linked = await linkGoogle(found.id, identity.subject).catch((error: unknown) => {
          // This Google account was linked to another account a moment ago.
          if (isUniqueViolation(error)) throw conflict(authText.googleOtherAccount);
          throw error;
        });
        if (!linked) throw conflict(authText.googleOtherAccount);
        return startSession(linked.row, linked.endedAt?.getTime());
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
      return startSession(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
