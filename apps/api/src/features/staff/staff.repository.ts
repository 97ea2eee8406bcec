import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '@shop/domain/roles';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type StaffRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'emailVerified' | 'role' | 'roleSince' | 'createdAt'
>;

const staffColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerified: users.emailVerified,
  role: users.role,
  roleSince: users.roleSince,
  createdAt: users.createdAt,
};

/** Accounts with a stored back-office role, and the verified ADMIN_EMAILS addresses (owners). */
function inBackOffice(listedOwners: readonly string[]): SQL {
  const stored = sql`${users.role} <> ${'customer' satisfies UserRole}`;
  if (listedOwners.length === 0) return stored;
  return or(stored, sql`${users.emailVerified} and ${inArray(users.email, [...listedOwners])}`)!;
}

/** The back office's people: the accounts holding a role other than shopper. */
export function createStaffRepository(db: Database) {
  return {
    async list(listedOwners: readonly string[]): Promise<StaffRow[]> {
      return db.select(staffColumns).from(users).where(inBackOffice(listedOwners));
    },

    async findByEmail(email: string): Promise<StaffRow | undefined> {
      const [row] = await db.select(staffColumns).from(users).where(eq(users.email, email));
      return row;
    },

    /**
     * Locks every owner's row and these accounts' rows, in id order, until the transaction ends.
     * Two role changes at once therefore run one after the other, and each counts the owners
     * the other left: two owners demoting each other at once cannot leave the shop without one.
     */
    async lockOwnersAnd(
      tx: Executor,
      ids: string[],
      listedOwners: readonly string[],
    ): Promise<StaffRow[]> {
      const owners = sql`${users.role} = ${'owner' satisfies UserRole}`;
      const listed =
        listedOwners.length > 0
          ? sql`(${users.emailVerified} and ${inArray(users.email, [...listedOwners])})`
          : sql`false`;
      return tx
        .select(staffColumns)
        .from(users)
        .where(or(inArray(users.id, ids), owners, listed))
        .orderBy(asc(users.id))
        .for('update');
    },

    /** After it commits, tell `SessionUsers.changed`: signed-in requests read kept copies. */
    async setRole(tx: Executor, id: string, role: UserRole): Promise<StaffRow> {
      const [row] = await tx
        .update(users)
        .set({ role, roleSince: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning(staffColumns);
      return row!;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
