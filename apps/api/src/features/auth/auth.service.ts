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
import { conflict, forbidden, invalid, unauthenticated } from '@shop/domain/errors';
import { accountRole } from '@shop/domain/roles';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { GoogleOAuth } from '../../adapters/oauth/google.ts';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import type { StoredAddress } from '../../db/schema.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from './auth-mails.ts';
import { authText } from './auth-messages.ts';
import { type AuthRepository, type UserRow } from './auth.repository.ts';
import { createEmailAddition } from './email-addition.service.ts';
import { createGoogleSignIn } from './google-sign-in.ts';
import { createMailLinks } from './mail-links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionUsers } from './session-users.ts';
import { createSessions } from './sessions.service.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { beginPasswordCheck, beginSignIn, throttleRules } from './throttle.ts';
import { hasOpaqueTokenShape, hashOpaqueToken, type AccessTokens } from './tokens.ts';

export type { Caller } from './sessions.service.ts';

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

/**
 * Accounts: signing up and in with a password, the profile, passwords and verifying addresses,
 * and phone numbers proven with a code. Sessions (`sessions.service.ts`), Google
 * (`google-sign-in.ts`), mailed links (`mail-links.ts`) and adding an address to an account made
 * by phone (`email-addition.service.ts`) each have their own module; this one composes them.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, repository, sessionUsers, throttle } = deps;
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

  const sessions = createSessions({
    db,
    repository,
    sessionUsers,
    accessTokens: deps.accessTokens,
    toUser,
    roleOf,
  });
  const { changedUser, startSession, endSessionsIn } = sessions;
  const links = createMailLinks(deps);
  const { issueLink, sendMail } = links;
  const emailAddition = createEmailAddition({ db, repository, throttle, links, signupRule });
  const google = createGoogleSignIn({
    db,
    repository,
    google: deps.google,
    sessions,
    log: deps.log,
  });

  async function sendVerification(row: UserRow) {
    const link = await issueLink(row.id, 'email_verification');
    await sendMail(verificationMail(row.email, row.firstName, link));
  }

  async function userOrThrow(userId: string): Promise<UserRow> {
    const row = await repository.findUserById(userId);
    if (!row) throw unauthenticated(authText.badToken);
    return row;
  }

  return {
    toUser,
    authenticate: sessions.authenticate,
    pageSession: sessions.pageSession,
    refresh: sessions.refresh,
    logout: sessions.logout,
    googleConfig: google.googleConfig,
    googleSignIn: google.googleSignIn,
    /** Mails a link that adds an address to an account made with a phone number. */
    requestEmail: emailAddition.request,

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

    /** Her sign-ins, as her data's download lists them, in the download's `tx`. */
    signInsIn: (tx: Executor, userId: string) => repository.signInsOf(tx, userId),

    /**
     * Locks her account's row in `tx` against another change of her message choices (or of the
     * account); sign-ins pass. Answers undefined when there is no such account.
     */
    lockForChoicesIn: (tx: Executor, userId: string) =>
      repository.lockUser(tx, userId, 'no key update'),

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

    profile(caller: { user: UserRow }): User {
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

    async forgotPassword(email: string, clientAddress: string) {
      await throttle.take(throttleRules.resetRequestsPerAddress, clientAddress);
      await throttle.take(throttleRules.resetRequestsPerEmail, email);
      const row = await repository.findUserByEmail(db, email);
      if (!row) return;
      const link = await issueLink(row.id, 'password_reset');
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
        const userId = (await repository.consumeOneTimeToken(tx, tokenHash, 'password_reset'))
          ?.userId;
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

    /**
     * Follows a mailed verification link: it proves the account's own address, or (a link asked
     * for by an account made with a phone number) sets the address it was sent to.
     */
    async verifyEmail(token: string): Promise<User> {
      if (!hasOpaqueTokenShape(token)) throw invalid(authText.verificationLinkInvalid);
      const row = await db.transaction(async (tx) => {
        const link = await repository.consumeOneTimeToken(
          tx,
          hashOpaqueToken(token),
          'email_verification',
        );
        if (!link) return undefined;
        if (link.email !== null) return emailAddition.confirmIn(tx, link.userId, link.email);
        return repository.updateUser(tx, link.userId, { emailVerified: true });
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
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
