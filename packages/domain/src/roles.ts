/**
 * Who may do what in the back office. Shoppers are customers; staff run the daily work (orders,
 * dispatch, returns, customers, refunds up to a limit); owners do everything, including managing
 * staff and the shop's settings. Routes and services ask this module; no role string is compared
 * anywhere else.
 */
import type { Paise } from './money.ts';

export const userRoles = ['customer', 'staff', 'owner'] as const;
export type UserRole = (typeof userRoles)[number];

/** The roles that open the back office, least first. */
export const staffRoles = ['staff', 'owner'] as const;
export type StaffRole = (typeof staffRoles)[number];

const RANK: Record<UserRole, number> = { customer: 0, staff: 1, owner: 2 };

/** The role holds at least `minimum`'s rights (an owner may do whatever staff may). */
export function hasRole(role: UserRole, minimum: StaffRole): boolean {
  return RANK[role] >= RANK[minimum];
}

export interface AccountRoleFacts {
  /** The role stored on the account (granted by an operator or an owner). */
  role: UserRole;
  /** Trimmed and lower-cased. */
  email: string;
  emailVerified: boolean;
}

/**
 * An owner through ADMIN_EMAILS (lower-cased addresses): only once the address is verified, as
 * whoever signs up first with a listed address must not become an owner by typing it.
 */
export function isListedOwner(
  account: AccountRoleFacts,
  ownerEmails: ReadonlySet<string>,
): boolean {
  return account.emailVerified && ownerEmails.has(account.email);
}

/** The role an account acts with: its stored one, raised to owner by a verified listed address. */
export function accountRole(account: AccountRoleFacts, ownerEmails: ReadonlySet<string>): UserRole {
  return isListedOwner(account, ownerEmails) ? 'owner' : account.role;
}

/**
 * Owners refund any amount; staff up to the shop's limit (STAFF_REFUND_LIMIT_RUPEES), so a large
 * refund always has an owner's eyes on it; shoppers never refund.
 */
export function canRefund(role: UserRole, amountPaise: Paise, limitPaise: Paise): boolean {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) return false;
  if (role === 'owner') return true;
  return role === 'staff' && amountPaise <= limitPaise;
}

export const roleMessages = {
  /** A signed-in shopper on a back-office route. */
  staffOnly: 'Only the shop can do this',
  /** Staff on an owner's route (staff management, settings). */
  ownerOnly: 'Only an owner of the shop can do this',
  lastOwner: 'The shop needs at least one owner: make someone else an owner first.',
  selfDemotion: 'You cannot take away your own owner role: ask another owner to do it.',
  listedOwner: 'This owner is listed in ADMIN_EMAILS: remove the address there to change the role.',
} as const;

export interface RoleChange {
  /** The owner making the change. */
  actorId: string;
  targetId: string;
  /** The target's role now, as the back office sees it. */
  from: UserRole;
  to: UserRole;
  /** Owners there are now, the target included when it is one. */
  owners: number;
  /** The target is an owner through ADMIN_EMAILS, which only the operator can change. */
  listedOwner: boolean;
}

export type RoleChangeCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether an owner may give the target this role. The shop always keeps an owner, and an owner
 * never demotes themselves (a slip would lock them out of their own shop): another owner must.
 */
export function checkRoleChange(change: RoleChange): RoleChangeCheck {
  const demotesOwner = change.from === 'owner' && change.to !== 'owner';
  if (!demotesOwner) return { ok: true };
  if (change.listedOwner) return { ok: false, message: roleMessages.listedOwner };
  if (change.owners <= 1) return { ok: false, message: roleMessages.lastOwner };
  if (change.actorId === change.targetId) return { ok: false, message: roleMessages.selfDemotion };
  return { ok: true };
}
