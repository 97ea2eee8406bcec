import type { StaffGrant, StaffMember } from '@shop/contracts/staff';
import { staffMessages } from '@shop/contracts/staff';
import { conflict, forbidden, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import {
  accountRole,
  checkRoleChange,
  isListedOwner,
  roleMessages,
  type UserRole,
} from '@shop/domain/roles';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { SessionUsers } from '../auth/session-users.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

export interface StaffServiceDeps {
  db: Database;
  repository: StaffRepository;
  sessionUsers: SessionUsers;
  /** ADMIN_EMAILS, lower-cased: owners once verified, whatever their row says. */
  adminEmails: string[];
}

/** The owner making a change: who they are, for the check and for the audit log. */
export type StaffActor = AuditActor & { userId: string };

/** Owners manage the back office's people: grant, change and take away roles. */
export function createStaffService(deps: StaffServiceDeps) {
  const { db, repository, sessionUsers } = deps;
  const listedOwners = new Set(deps.adminEmails);
  const roleOf = (row: StaffRow) => accountRole(row, listedOwners);

  const toMember = (row: StaffRow): StaffMember => ({
    _id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: roleOf(row),
    // Owners through ADMIN_EMAILS were never granted a role: they are owners since they joined.
    since: (row.roleSince ?? row.createdAt).toISOString(),
  });

  /**
   * Gives the account the role, under the locks of every owner's row (see lockOwnersAnd), and
   * records it. `staffOnly`: the account must already work in the back office (PATCH), where a
   * grant (POST) may start from a shopper. The acting owner's own role is read again under the
   * lock: an owner demoted a moment ago changes nothing more.
   */
  async function applyRole(
    actor: StaffActor,
    targetId: string,
    to: UserRole,
    staffOnly: boolean,
  ): Promise<{ row: StaffRow; from: UserRole }> {
    const listed = deps.adminEmails;
    const outcome = await db.transaction(async (tx) => {
      const rows = await repository.lockOwnersAnd(tx, [actor.userId, targetId], listed);
      const acting = rows.find((row) => row.id === actor.userId);
      if (!acting || roleOf(acting) !== 'owner') throw forbidden(roleMessages.ownerOnly);
      const target = rows.find((row) => row.id === targetId);
      if (!target) throw notFound(staffMessages.notFound);
      const from = roleOf(target);
      if (staffOnly && from === 'customer') throw notFound(staffMessages.notFound);
      const check = checkRoleChange({
        actorId: actor.userId,
        targetId,
        from,
        to,
        owners: rows.filter((row) => roleOf(row) === 'owner').length,
        listedOwner: isListedOwner(target, listedOwners),
      });
      if (!check.ok) throw conflict(check.message);
      if (target.role === to) return { row: target, from, changed: false };
      const row = await repository.setRole(tx, targetId, to);
      await recordAudit(tx, actor, {
        action: 'staff.role',
        entity: 'staff',
        entityId: targetId,
        before: { email: target.email, role: from },
        after: { email: row.email, role: roleOf(row) },
      });
      return { row, from, changed: true };
    });
    // The member's next request reads the new role (other processes hear of it by NOTIFY).
    if (outcome.changed) sessionUsers.changed(targetId);
    return outcome;
  }

  return {
    /** Owners first, then staff, each by email. */
    async list(): Promise<StaffMember[]> {
      const members = (await repository.list(deps.adminEmails)).map(toMember);
      const rank = (member: StaffMember) => (member.role === 'owner' ? 0 : 1);
      return members.sort((a, b) => rank(a) - rank(b) || a.email.localeCompare(b.email));
    },

    /** Answers the member, and whether they are new to the back office. */
    async grant(actor: StaffActor, grant: StaffGrant) {
      const account = await repository.findByEmail(grant.email);
      if (!account) throw notFound(staffMessages.unknownEmail);
      // A role needs a proven address: whoever signed up first with it may not be its owner.
      if (!account.emailVerified) throw conflict(staffMessages.unverifiedEmail);
      const { row, from } = await applyRole(actor, account.id, grant.role, false);
      return { member: toMember(row), added: from === 'customer' };
    },

    /** Another role for a member; `customer` takes the back office away. */
    async changeRole(actor: StaffActor, id: string, role: UserRole): Promise<StaffMember> {
      if (!isUuid(id)) throw notFound(staffMessages.notFound);
      const { row } = await applyRole(actor, id, role, true);
      return toMember(row);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
