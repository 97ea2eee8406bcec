import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { oneTimeTokens, refreshTokens, users, type StoredAddress } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OneTimePurpose = 'password_reset' | 'email_verification';

export interface UserChanges {
  /** Set once, by the link that proves it, on an account made with a phone number. */
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  /** The phone was proven with a code (false again whenever the number changes). */
  phoneVerified?: boolean;
  addresses?: StoredAddress[];
  /** null forgets her size. */
  mySize?: string | null;
  /** null removes the password (the account then signs in only through Google or a reset). */
  passwordHash?: string | null;
  emailVerified?: boolean;
  /** null unlinks Google. */
  googleSubject?: string | null;
  role?: UserRow['role'];
  sessionsValidFrom?: Date;
}

/** Users, their refresh tokens, mailed one-time tokens and throttle counters. */
export function createAuthRepository(db: Database) {
  // Every authenticated request reads its user by id: prepared once, it skips query building.
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');

  return {
    async findUserById(id: string) {
      const [row] = await userById.execute({ id });
      return row;
    },

    async findUserIn(tx: Executor, id: string) {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** The one account whose number was proven with a code (unverified numbers sign in no one). */
    async findUserByVerifiedPhone(tx: Executor, phone: string) {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.phone, phone), eq(users.phoneVerified, true)));
      return row;
    },

    /** The shop's owners' addresses: a stored owner role, or a verified address listed in ADMIN_EMAILS. */
    async ownerEmails(listed: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.emailVerified, true),
            sql`(${users.role} = 'owner' or ${users.email} in (select jsonb_array_elements_text(${JSON.stringify(listed)}::jsonb)))`,
          ),
        );
      return rows.map((row) => row.email);
    },

    async findUserByEmail(tx: Executor, email: string) {
      const [row] = await tx.select().from(users).where(eq(users.email, email));
      return row;
    },

    /**
     * Locks the user's row until the transaction ends, answering what sessions depend on (only
     * that: the whole row costs twice as much on PGlite). `update` is taken by a change that ends
     * sessions; `key share` by whatever starts or renews one. They exclude each other, so a
     * session is started either before the change (and ended by it) or after it (and sees it);
     * `key share` is the lock a new refresh token's foreign key takes anyway, so it waits for
     * nothing else. `no key update` is taken by a change of her message choices: it waits for
     * another change of them (or of the account), and sign-ins pass it.
     */
    async lockUser(tx: Executor, id: string, mode: 'update' | 'no key update' | 'key share') {
      const [row] = await tx
        .select({
          sessionsValidFrom: users.sessionsValidFrom,
          emailVerified: users.emailVerified,
          googleSubject: users.googleSubject,
          erasedAt: users.erasedAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .for(mode);
      return row;
    },

    /**
     * Unlinks Google from an account whose address is not verified. Every link is made with an
     * address Google verified, which verifies the account's too; a Google link on an unverified
     * account was made without that proof (by anyone who made a Google account with the address).
     */
    async unlinkUnverifiedGoogle(tx: Executor, id: string) {
      await tx
        .update(users)
        .set({ googleSubject: null, updatedAt: sql`now()` })
        .where(
          and(eq(users.id, id), eq(users.emailVerified, false), isNotNull(users.googleSubject)),
        );
    },

    /**
     * Sets the role an operator grants; undefined when no account has this email. After it
     * commits, tell `SessionUsers.changed` (other processes hear of it by the users trigger).
     */
    async setRoleByEmail(tx: Executor, email: string, role: UserRow['role']) {
      const [row] = await tx
        .update(users)
        .set({ role, roleSince: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning();
      return row;
    },

    async findUserByGoogleSubject(subject: string) {
      const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
      return row;
    },

    /** Inserts a user; a taken email (or Google subject) throws a unique violation. */
    async insertUser(values: NewUser) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    /** After it commits, tell `SessionUsers.changed`: signed-in requests read kept copies. */
    async updateUser(tx: Executor, id: string, changes: UserChanges) {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    // ----- refresh tokens -----

    async insertRefreshToken(
      tx: Executor,
      values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
    ) {
      await tx.insert(refreshTokens).values(values);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /**
     * Marks a live token as replaced. False when it was already replaced or revoked, which is how
     * two concurrent refreshes with one token are told apart: only one of them wins.
     */
    async markRefreshTokenReplaced(tx: Executor, id: string): Promise<boolean> {
      const rows = await tx
        .update(refreshTokens)
        .set({ replacedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.id, id),
            isNull(refreshTokens.replacedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeRefreshFamily(tx: Executor, familyId: string) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Records sign-ins ended on their device, so their access tokens are refused until `until`;
     * entries whose tokens have all expired are dropped on the way. Answers the user.
     */
    async endSessions(tx: Executor, userId: string, sessionIds: string[], until: Date) {
      const added = sessionIds.map((id) => ({ id, until: until.toISOString() }));
      const [row] = await tx
        .update(users)
        .set({
          endedSessions: sql`coalesce((
            select jsonb_agg(entry) from jsonb_array_elements(${users.endedSessions}) entry
            where (entry->>'until')::timestamptz > now()), '[]'::jsonb) || ${JSON.stringify(added)}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /**
     * Erases the account in `tx` (its row locked for update first): every refresh token revoked;
     * no name, phone, password, Google link, addresses or mailed links are left; the address becomes one at the reserved
     * `.invalid` domain (RFC 2606: nothing is ever delivered there) so no sign-in finds it, and
     * every access token issued before the erasure is refused. Answers her former address and
     * phone, or undefined when the
     * account was erased already (or never existed).
     */
    async eraseUser(tx: Executor, id: string) {
      const [current] = await tx
        .select({ email: users.email, phone: users.phone, erasedAt: users.erasedAt })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!current || current.erasedAt) return undefined;
      // One millisecond past every token signed before the lock was taken.
      const at = new Date(Date.now() + 1);
      // Under the row's lock, as every change to sessions (see `lockUser`): a refresh racing
      // this either rotated before it (and its new token is revoked here) or finds its own
      // token revoked.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
      await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, id));
      const [row] = await tx
        .update(users)
        .set({
          email: sql`'erased-' || ${users.id} || '@erased.invalid'`,
          firstName: '',
          lastName: '',
          phone: '',
          phoneVerified: false,
          passwordHash: null,
          emailVerified: false,
          googleSubject: null,
          addresses: [],
          endedSessions: [],
          sessionsValidFrom: at,
          erasedAt: at,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning();
      return { row: row!, formerEmail: current.email, formerPhone: current.phone };
    },

    /** Her sign-ins (refresh-token families), oldest first, as her data's download lists them. */
    async signInsOf(tx: Executor, userId: string) {
      const rows = await queryRows<{
        startedAt: Date;
        lastUsedAt: Date;
        expiresAt: Date;
        endedAt: Date | null;
      }>(
        tx,
        sql`select min(created_at) as "startedAt", max(created_at) as "lastUsedAt",
                   max(expires_at) as "expiresAt",
                   case when bool_and(revoked_at is not null or replaced_at is not null)
                        then max(coalesce(revoked_at, replaced_at)) end as "endedAt"
            from refresh_tokens where user_id = ${userId}
            group by family_id order by min(created_at)`,
      );
      return rows;
    },

    async revokeUserRefreshTokens(tx: Executor, userId: string) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    // ----- one-time tokens (mailed links) -----

    async insertOneTimeToken(values: {
      userId: string;
      purpose: OneTimePurpose;
      tokenHash: string;
      expiresAt: Date;
      /** The address a verification link adds to an account that has none. */
      email?: string;
    }) {
      await db.insert(oneTimeTokens).values(values);
    },

    /**
     * Uses a token once: the conditional update lets exactly one caller through, and only before
     * it expires. Answers the user it was issued to, and the address it adds (null when none).
     */
    async consumeOneTimeToken(
      tx: Executor,
      tokenHash: string,
      purpose: OneTimePurpose,
    ): Promise<{ userId: string; email: string | null } | undefined> {
      const [row] = await tx
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: oneTimeTokens.userId, email: oneTimeTokens.email });
      return row;
    },

    /** Whether a token is there to be used: issued for `purpose`, unused and unexpired. */
    async isOneTimeTokenLive(tokenHash: string, purpose: OneTimePurpose): Promise<boolean> {
      const rows = await db
        .select({ id: oneTimeTokens.id })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        );
      return rows.length > 0;
    },

    /** Retires every unused token of a purpose (a newer link, or the password was reset). */
    async retireOneTimeTokens(tx: Executor, userId: string, purpose: OneTimePurpose) {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    },

    /** Forgets dead tokens (run with the throttle's pruning). */
    async pruneExpired() {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, sql`now()`));
      await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, sql`now()`));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
