import { randomUUID } from 'node:crypto';
import type { AuthSession, User, UserRole } from '@shop/contracts/auth';
import { unauthenticated } from '@shop/domain/errors';
import type { Database, Executor } from '../../db/client.ts';
import { authText } from './auth-messages.ts';
import type { AuthRepository, UserChanges, UserRow } from './auth.repository.ts';
import type { SessionUsers } from './session-users.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hasOpaqueTokenShape,
  hashOpaqueToken,
  newOpaqueToken,
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

export interface SessionsDeps {
  db: Database;
  repository: AuthRepository;
  /** The users of signed-in requests, kept briefly; told of every change to a user. */
  sessionUsers: SessionUsers;
  accessTokens: AccessTokens;
  toUser: (row: UserRow) => User;
  roleOf: (row: UserRow) => UserRole;
}

/**
 * Sign-ins once a credential is proven: starting one, checking its access token, renewing it,
 * ending it on one device or everywhere. Every change to sessions takes the user's row lock
 * (see the repository's `lockUser`).
 */
export function createSessions(deps: SessionsDeps) {
  const { db, repository, sessionUsers, accessTokens, toUser, roleOf } = deps;

  /** Passes on a user row just changed (and committed), after the kept copy is dropped. */
  function changedUser<T extends UserRow | undefined>(row: T): T {
    if (row) sessionUsers.changed(row.id);
    return row;
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

  return {
    changedUser,
    endSessionsIn,

    /**
     * A new sign-in: an access token and the first refresh token of a new family. `row` is the
     * user as read when the credential was checked: when every session was ended since (a
     * password reset, Google taking over an unverified account), the sign-in is refused. The
     * refresh token is stored under the user's lock, and the access token was issued before it,
     * so a change ending every session ends this one too (see `lockUser`).
     */
    async startSession(row: UserRow, issuedAtMs = Date.now()): Promise<AuthSession> {
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
  };
}

export type Sessions = ReturnType<typeof createSessions>;
