import { randomUUID } from 'node:crypto';
import type { ShopSettings } from '@shop/contracts/shop-settings';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { shopURL, shopDataDir } from './shop.ts';
import { lastMail } from './account-helpers.ts';

/** Server work (sign-up's password hashing, mail) takes its time on a busy machine. */
const patient = { timeout: 15_000 };
const OWNER_PASSWORD = 'orchid-ledger-7';

/** A JSON call to the shop's API under test. */
export async function api<T>(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T; message: string }> {
  const response = await fetch(`${shopURL()}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: T; message: string };
  return { status: response.status, data: answer.data, message: answer.message };
}

/**
 * Moves an order to `status` as the shop does: a status change, or for shipped its parcel's
 * courier and a fresh AWB typed by hand (an order never becomes shipped by a status change).
 */
export function moveOrderAs<T = unknown>(token: string, orderId: string, status: string) {
  return status === 'shipped'
    ? api<T>('POST', `/admin/orders/${orderId}/ship`, {
        token,
        body: {
          courier: 'Delhivery',
          awb: `HB${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`,
        },
      })
    : api<T>('PATCH', `/admin/orders/${orderId}/status`, { token, body: { status } });
}

/** Follows the verification link mailed to `email` (a plain wait: it also runs in beforeAll). */
export async function verifyByMail(email: string) {
  let mail: string | undefined;
  const deadline = Date.now() + patient.timeout;
  while (!(mail = await lastMail(shopDataDir(), email, /confirm/i))) {
    if (Date.now() > deadline) throw new Error(`no verification mail reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = /verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail)?.[1];
  expect(token).toBeTruthy();
  const verified = await api('POST', '/auth/verify-email', {
    body: { token: decodeURIComponent(token!) },
  });
  expect(verified.status).toBe(200);
}

export interface OwnerSession {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * The owner of ADMIN_EMAILS, shared by every browser file on the one server: the first file to
 * ask signs her up and follows the mailed verification link; later ones sign in.
 */
export async function signInOwner(): Promise<OwnerSession> {
  const email = inject('ownerEmail');
  const signup = await api('POST', '/auth/signup', {
    body: {
      firstName: 'Asha',
      lastName: 'Owner',
      email,
      password: OWNER_PASSWORD,
      phone: '9876543211',
    },
  });
  if (signup.status === 201) await verifyByMail(email);
  const login = await api<{ accessToken: string; refreshToken: string; user: { role: string } }>(
    'POST',
    '/auth/login',
    { body: { email, password: OWNER_PASSWORD } },
  );
  expect(login.status).toBe(200);
  expect(login.data.user.role).toBe('owner');
  return { email, password: OWNER_PASSWORD, ...login.data };
}

/**
 * Cash on delivery switched on (a ₹49 fee, orders from ₹1 to ₹50,000) for the tests of one file,
 * and the owner's settings put back after them. Call it at the top of the file; the owner it
 * signed in is there for the file's own back-office calls.
 */
export function cashOnDeliveryForThisFile(): { owner: () => OwnerSession } {
  let owner: OwnerSession | undefined;
  let before: ShopSettings | undefined;
  const saveSettings = async (settings: ShopSettings) =>
    expect(
      (await api('PATCH', '/admin/settings', { token: owner!.accessToken, body: settings })).status,
    ).toBe(200);
  beforeAll(async () => {
    owner = await signInOwner();
    const current = await api<{ settings: ShopSettings }>('GET', '/admin/settings', {
      token: owner.accessToken,
    });
    before = current.data.settings;
    await saveSettings({
      ...before,
      paymentMethods: ['online', 'cod'],
      cashOnDelivery: { feeRupees: 49, minOrderRupees: 1, maxOrderRupees: 50_000 },
    });
  }, 60_000);
  afterAll(async () => {
    if (before) await saveSettings(before);
  });
  return { owner: () => owner! };
}
