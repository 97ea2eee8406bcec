import { describe, expect, it } from 'vitest';
import {
  accountRole,
  canRefund,
  checkRoleChange,
  hasRole,
  isListedOwner,
  roleMessages,
  type RoleChange,
} from '../src/roles.ts';

describe('roles', () => {
  it('ranks customer below staff below owner', () => {
    expect(hasRole('customer', 'staff')).toBe(false);
    expect(hasRole('staff', 'staff')).toBe(true);
    expect(hasRole('staff', 'owner')).toBe(false);
    expect(hasRole('owner', 'staff')).toBe(true);
    expect(hasRole('owner', 'owner')).toBe(true);
  });

  it('makes a listed address an owner only once it is verified, whatever its stored role', () => {
    const listed = new Set(['owner@lacebloom.in']);
    const account = {
      email: 'owner@lacebloom.in',
      emailVerified: false,
      role: 'customer' as const,
    };
    expect(accountRole(account, listed)).toBe('customer');
    expect(isListedOwner(account, listed)).toBe(false);
    expect(accountRole({ ...account, emailVerified: true }, listed)).toBe('owner');
    expect(accountRole({ ...account, emailVerified: true, role: 'staff' }, listed)).toBe('owner');
    expect(isListedOwner({ ...account, emailVerified: true }, listed)).toBe(true);
    const other = { email: 'staff@lacebloom.in', emailVerified: true };
    expect(accountRole({ ...other, role: 'staff' }, listed)).toBe('staff');
    expect(accountRole({ ...other, role: 'owner' }, listed)).toBe('owner');
    expect(accountRole({ ...other, role: 'customer' }, new Set())).toBe('customer');
  });
});

describe('canRefund', () => {
  const limit = 200_000; // ₹2,000

  it('lets staff refund up to the limit, and not a paisa more', () => {
    expect(canRefund('staff', 1, limit)).toBe(true);
    expect(canRefund('staff', limit, limit)).toBe(true);
    expect(canRefund('staff', limit + 1, limit)).toBe(false);
  });

  it('lets owners refund any amount and shoppers none', () => {
    expect(canRefund('owner', 50_000_000, limit)).toBe(true);
    expect(canRefund('customer', 100, limit)).toBe(false);
  });

  it('refuses amounts that are not a positive whole number of paise, whoever asks', () => {
    for (const amount of [0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(canRefund('owner', amount, limit), String(amount)).toBe(false);
      expect(canRefund('staff', amount, limit), String(amount)).toBe(false);
    }
  });

  it('with a limit of 0 leaves every refund to the owners', () => {
    expect(canRefund('staff', 1, 0)).toBe(false);
    expect(canRefund('owner', 1, 0)).toBe(true);
  });
});

describe('checkRoleChange', () => {
  const change = (overrides: Partial<RoleChange>): RoleChange => ({
    actorId: 'owner-a',
    targetId: 'member-b',
    from: 'staff',
    to: 'customer',
    owners: 1,
    listedOwner: false,
    ...overrides,
  });

  it('lets an owner grant, change and revoke staff roles', () => {
    expect(checkRoleChange(change({ from: 'customer', to: 'staff' }))).toEqual({ ok: true });
    expect(checkRoleChange(change({ from: 'staff', to: 'owner' }))).toEqual({ ok: true });
    expect(checkRoleChange(change({ from: 'staff', to: 'customer' }))).toEqual({ ok: true });
  });

  it('lets an owner demote another owner while one remains', () => {
    expect(checkRoleChange(change({ from: 'owner', to: 'staff', owners: 2 }))).toEqual({
      ok: true,
    });
  });

  it('never leaves the shop without an owner', () => {
    for (const to of ['staff', 'customer'] as const) {
      expect(checkRoleChange(change({ from: 'owner', to, owners: 1 }))).toEqual({
        ok: false,
        message: roleMessages.lastOwner,
      });
    }
  });

  it('never lets an owner demote themselves, even with other owners', () => {
    expect(
      checkRoleChange(change({ targetId: 'owner-a', from: 'owner', to: 'staff', owners: 3 })),
    ).toEqual({ ok: false, message: roleMessages.selfDemotion });
    // Keeping one's own role is no demotion.
    expect(
      checkRoleChange(change({ targetId: 'owner-a', from: 'owner', to: 'owner', owners: 1 })),
    ).toEqual({ ok: true });
  });

  it('leaves an ADMIN_EMAILS owner to the operator', () => {
    expect(
      checkRoleChange(change({ from: 'owner', to: 'customer', owners: 4, listedOwner: true })),
    ).toEqual({ ok: false, message: roleMessages.listedOwner });
  });
});
