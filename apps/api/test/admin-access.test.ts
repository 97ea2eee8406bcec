// The back office's doors: every /api/admin route answers by role before it reads its input, the
// staff API keeps the shop owned, and every admin write leaves an audit entry that commits (and
// rolls back) with it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMessages } from '@shop/domain/roles';
import { staffMessages } from '@shop/contracts/staff';
import { queryRows } from '../src/db/client.ts';
import { createAuthRepository } from '../src/features/auth/auth.repository.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { payOrder, placeOrder, shipByHand } from './order-helpers.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const LISTED_OWNER = 'listed.owner@lacebloom.in';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

type Session = Awaited<ReturnType<typeof signUp>>;
/** The shop's first owner, made one by the operator's command (as `npm run owner` does). */
let owner: Session;
let staff: Session;
let shopper: Session;

/** A new account with a verified address. */
async function verifiedAccount() {
  const session = await signUp(app());
  await followVerificationLink(world, session.shopper.email);
  return session;
}

const grant = (token: string, email: string, role: string) =>
  send(app(), 'POST', '/api/admin/staff', { token, body: { email, role } });
const changeRole = (token: string, id: string, role: string) =>
  send(app(), 'PATCH', `/api/admin/staff/${id}`, { token, body: { role } });
const auditOf = async (entity: string, id: string) =>
  (
    await send(app(), 'GET', `/api/admin/audit?entity=${entity}&id=${id}`, {
      token: owner.accessToken,
    })
  ).body.data.entries as {
    action: string;
    actorId: string | null;
    actorEmail: string;
    entity: string;
    entityId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: LISTED_OWNER });
  choices = await stockedChoices(world.app, 5);
  owner = await verifiedAccount();
  await createAuthRepository(world.database.db).setRoleByEmail(
    world.database.db,
    owner.shopper.email,
    'owner',
  );
  staff = await verifiedAccount();
  expect((await grant(owner.accessToken, staff.shopper.email, 'staff')).status).toBe(201);
  shopper = await verifiedAccount();
});
afterAll(async () => {
  await world?.close();
});

describe('every /api/admin route', () => {
  /** The owner-only routes; every other admin route is open to staff. */
  const ownerOnly = new Set([
    'GET /api/admin/staff',
    'POST /api/admin/staff',
    'PATCH /api/admin/staff/{id}',
    'POST /api/admin/discounts',
    'PATCH /api/admin/discounts/{id}',
    'POST /api/admin/discounts/{id}/deactivate',
    'POST /api/admin/discounts/{id}/activate',
    'POST /api/admin/offers',
    'PATCH /api/admin/offers/{id}',
    'POST /api/admin/offers/{id}/end',
    'GET /api/admin/settings',
    'PATCH /api/admin/settings',
    'GET /api/admin/orders/{id}/invoices',
    'GET /api/admin/orders/{id}/invoice.pdf',
    'GET /api/admin/orders/{id}/documents/{documentId}',
    'GET /api/admin/gst/gstr1.csv',
    'GET /api/admin/pages',
    'GET /api/admin/pages/{key}',
    'PUT /api/admin/pages/{key}',
    'DELETE /api/admin/pages/{key}',
  ]);

  async function adminOperations() {
    const document = (await app().inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
          // Bogus everything: ids, query values and body. The role decides before any of it.
          url: `${path.replace(/\{\w+\}/g, 'not-an-id')}?limit=lots&page=-1&status=bogus&entity=bogus&before=bogus`,
          body: ['post', 'put', 'patch'].includes(method) ? { bogus: true, role: 42 } : undefined,
        })),
      );
  }

  it('is in the API document, owner-only ones included', async () => {
    const keys = (await adminOperations()).map((operation) => operation.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders/desk',
        'POST /api/admin/orders/{id}/ship',
        'PATCH /api/admin/orders/{id}/status',
        'GET /api/admin/audit',
        'GET /api/admin/customers',
        'POST /api/admin/customers/{id}/notes',
        'GET /api/admin/stock',
        'GET /api/admin/stock/low',
        'GET /api/admin/stock/{productId}',
        'POST /api/admin/stock/{productId}/adjustments',
        'GET /api/admin/stock/{productId}/movements',
        'PATCH /api/admin/stock/{productId}/threshold',
        'POST /api/admin/media',
        'GET /api/admin/media',
        'GET /api/admin/products/export.csv',
        'POST /api/admin/products/import',
        'GET /api/admin/discounts',
        'GET /api/admin/discounts/{id}',
        'GET /api/admin/offers',
        'GET /api/admin/offers/{id}',
        ...ownerOnly,
      ]),
    );
  });

  it('answers 401 signed out, 403 to a shopper, 403 to staff on owner routes, whatever is sent', async () => {
    const operations = await adminOperations();
    for (const { key, method, url, body } of operations) {
      // A route answering a file (the products CSV) answers it once past the door: no JSON then.
      const call = async (token?: string) => {
        const response = await app().inject({
          method,
          url,
          ...(body ? { payload: body } : {}),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const json = /json/.test(String(response.headers['content-type']));
        return {
          status: response.statusCode,
          body: (json ? response.json() : { message: response.body.slice(0, 80) }) as {
            message: string;
          },
        };
      };

      const signedOut = await call();
      expect(signedOut.status, key).toBe(401);
      expect(signedOut.body, key).toMatchObject({
        success: false,
        message: 'No authentication token found',
      });
      const forged = await call('not.a.token');
      expect(forged.status, key).toBe(401);
      expect(forged.body.message, key).toBe('Invalid or expired token');

      const asShopper = await call(shopper.accessToken);
      expect(asShopper.status, key).toBe(403);
      expect(asShopper.body, key).toMatchObject({
        success: false,
        message: roleMessages.staffOnly,
      });

      const asStaff = await call(staff.accessToken);
      if (ownerOnly.has(key)) {
        expect(asStaff.status, key).toBe(403);
        expect(asStaff.body.message, key).toBe(roleMessages.ownerOnly);
      } else {
        // Past the door: the bogus input is what is refused now.
        expect([401, 403], `${key}: ${asStaff.body.message}`).not.toContain(asStaff.status);
        expect(asStaff.status, key).toBeLessThan(500);
      }
      const asOwner = await call(owner.accessToken);
      expect([401, 403], `${key}: ${asOwner.body.message}`).not.toContain(asOwner.status);
      expect(asOwner.status, key).toBeLessThan(500);
    }
  });

  it('lets staff work the order desk and read the log', async () => {
    const token = staff.accessToken;
    expect((await send(app(), 'GET', '/api/admin/orders/desk', { token })).status).toBe(200);
    expect((await send(app(), 'GET', '/api/admin/audit', { token })).status).toBe(200);
  });
});

describe('the staff API', () => {
  it('lists owners and staff with their role and since when, never shoppers', async () => {
    const answer = await send(app(), 'GET', '/api/admin/staff', { token: owner.accessToken });
    expect(answer.status).toBe(200);
    const members = answer.body.data as {
      _id: string;
      email: string;
      role: string;
      since: string;
    }[];
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: owner.user._id,
          email: owner.shopper.email,
          role: 'owner',
          name: 'Asha Rao',
        }),
        expect.objectContaining({ _id: staff.user._id, email: staff.shopper.email, role: 'staff' }),
      ]),
    );
    expect(members.map((member) => member._id)).not.toContain(shopper.user._id);
    // Owners first.
    const roles = members.map((member) => member.role);
    expect(roles).toEqual([...roles].sort((a, b) => (a === 'owner' ? -1 : b === 'owner' ? 1 : 0)));
    for (const member of members) expect(Number.isNaN(Date.parse(member.since))).toBe(false);
  });

  it('grants a role only to an existing account with a verified address', async () => {
    const unknown = await grant(owner.accessToken, 'nobody.here@example.in', 'staff');
    expect(unknown).toMatchObject({ status: 404, body: { message: staffMessages.unknownEmail } });
    const unverified = await signUp(app());
    const refused = await grant(owner.accessToken, unverified.shopper.email, 'staff');
    expect(refused).toMatchObject({
      status: 409,
      body: { message: staffMessages.unverifiedEmail },
    });
    for (const role of ['admin', 'customer']) {
      const bad = await grant(owner.accessToken, unverified.shopper.email, role);
      expect(bad).toMatchObject({ status: 400, body: { message: staffMessages.grantRoleInvalid } });
    }
    const badEmail = await grant(owner.accessToken, 'Ravi <ravi@example.in>', 'staff');
    expect(badEmail).toMatchObject({ status: 400, body: { message: staffMessages.emailInvalid } });
  });

  it('changes only a member of the back office', async () => {
    const asCustomer = await changeRole(owner.accessToken, shopper.user._id, 'staff');
    expect(asCustomer).toMatchObject({ status: 404, body: { message: staffMessages.notFound } });
    const notAnId = await changeRole(owner.accessToken, 'not-an-id', 'staff');
    expect(notAnId).toMatchObject({ status: 404, body: { message: staffMessages.notFound } });
    const badRole = await changeRole(owner.accessToken, staff.user._id, 'admin');
    expect(badRole).toMatchObject({ status: 400, body: { message: staffMessages.roleInvalid } });
  });

  it('never leaves the shop without an owner, and never lets an owner demote themselves', async () => {
    // The only owner so far (the listed address has not signed up).
    const last = await changeRole(owner.accessToken, owner.user._id, 'staff');
    expect(last).toMatchObject({ status: 409, body: { message: roleMessages.lastOwner } });

    const partner = await verifiedAccount();
    expect((await grant(owner.accessToken, partner.shopper.email, 'owner')).status).toBe(201);
    const self = await changeRole(owner.accessToken, owner.user._id, 'customer');
    expect(self).toMatchObject({ status: 409, body: { message: roleMessages.selfDemotion } });
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: owner.accessToken })).body.data.role,
    ).toBe('owner');

    // Two owners demoting each other at once: one of them stays an owner.
    const [a, b] = await Promise.all([
      changeRole(owner.accessToken, partner.user._id, 'staff'),
      changeRole(partner.accessToken, owner.user._id, 'staff'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const roles = await queryRows<{ role: string }>(
      world.database.db,
      sql`select role from users where id in (${owner.user._id}, ${partner.user._id}) order by role`,
    );
    expect(roles.map((row) => row.role)).toEqual(['owner', 'staff']);
    // Whichever won, the first owner is an owner again for the tests that follow.
    if (a.status !== 200) {
      expect((await changeRole(partner.accessToken, owner.user._id, 'owner')).status).toBe(200);
      expect((await changeRole(owner.accessToken, partner.user._id, 'customer')).status).toBe(200);
    } else {
      expect((await changeRole(owner.accessToken, partner.user._id, 'customer')).status).toBe(200);
    }
  });

  it('takes the back office away from the next request on', async () => {
    const member = await verifiedAccount();
    expect((await grant(owner.accessToken, member.shopper.email, 'staff')).status).toBe(201);
    const token = member.accessToken;
    expect((await send(app(), 'GET', '/api/admin/orders/desk', { token })).status).toBe(200);

    const promoted = await changeRole(owner.accessToken, member.user._id, 'owner');
    expect(promoted.body.data).toMatchObject({ role: 'owner' });
    expect((await send(app(), 'GET', '/api/admin/staff', { token })).status).toBe(200);

    const revoked = await changeRole(owner.accessToken, member.user._id, 'customer');
    expect(revoked).toMatchObject({ status: 200, body: { data: { role: 'customer' } } });
    const after = await send(app(), 'GET', '/api/admin/orders/desk', { token });
    expect(after).toMatchObject({ status: 403, body: { message: roleMessages.staffOnly } });
    expect((await send(app(), 'GET', '/api/auth/profile', { token })).body.data.role).toBe(
      'customer',
    );
    const list = (await send(app(), 'GET', '/api/admin/staff', { token: owner.accessToken })).body
      .data;
    expect(list.map((entry: { _id: string }) => entry._id)).not.toContain(member.user._id);
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes the verified address an owner, whom only the operator can demote', async () => {
    const listed = await signUpOwner(world, LISTED_OWNER);
    const profile = await send(app(), 'GET', '/api/auth/profile', { token: listed.accessToken });
    expect(profile.body.data.role).toBe('owner');
    expect(
      (await send(app(), 'GET', '/api/admin/staff', { token: listed.accessToken })).status,
    ).toBe(200);

    const members = (await send(app(), 'GET', '/api/admin/staff', { token: owner.accessToken }))
      .body.data;
    expect(members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: LISTED_OWNER, role: 'owner' })]),
    );
    const demoted = await changeRole(owner.accessToken, listed.user._id, 'staff');
    expect(demoted).toMatchObject({ status: 409, body: { message: roleMessages.listedOwner } });
  });
});

describe('the audit log', () => {
  /** A new shopper's order, paid through the simulator. */
  async function paidOrder(choice: StockedChoice) {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choice, 1]]);
    const paid = await payOrder(app(), accessToken, orderId);
    expect(
      (await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid }))
        .status,
    ).toBe(200);
    return orderId;
  }
  const move = (token: string, orderId: string, status: string) =>
    send(app(), 'PATCH', `/api/admin/orders/${orderId}/status`, { token, body: { status } });

  it('records who moved an order, with status and payment status before and after', async () => {
    const orderId = await paidOrder(choices[0]!);
    expect((await move(staff.accessToken, orderId, 'confirmed')).status).toBe(200);
    expect((await move(owner.accessToken, orderId, 'cancelled')).status).toBe(200);
    // Refused moves change nothing and record nothing.
    expect((await move(owner.accessToken, orderId, 'shipped')).status).toBe(400);

    expect(await auditOf('order', orderId)).toEqual([
      expect.objectContaining({
        action: 'order.status',
        entity: 'order',
        entityId: orderId,
        actorId: owner.user._id,
        actorEmail: owner.shopper.email,
        before: { status: 'confirmed', paymentStatus: 'paid' },
        after: { status: 'cancelled', paymentStatus: 'refund_pending' },
      }),
      expect.objectContaining({
        actorId: staff.user._id,
        actorEmail: staff.shopper.email,
        before: { status: 'pending', paymentStatus: 'paid' },
        after: { status: 'confirmed', paymentStatus: 'paid' },
      }),
    ]);
  });

  it('records every staff change with the role before and after', async () => {
    const member = await verifiedAccount();
    const email = member.shopper.email;
    await grant(owner.accessToken, email, 'staff');
    await changeRole(owner.accessToken, member.user._id, 'owner');
    await changeRole(owner.accessToken, member.user._id, 'customer');
    // Granting a role the member already has is no change.
    await grant(owner.accessToken, staff.shopper.email, 'staff');

    const entries = await auditOf('staff', member.user._id);
    expect(
      entries.map(({ action, actorEmail, before, after }) => ({
        action,
        actorEmail,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'staff.role',
        actorEmail: owner.shopper.email,
        before: { email, role: 'owner' },
        after: { email, role: 'customer' },
      },
      {
        action: 'staff.role',
        actorEmail: owner.shopper.email,
        before: { email, role: 'staff' },
        after: { email, role: 'owner' },
      },
      {
        action: 'staff.role',
        actorEmail: owner.shopper.email,
        before: { email, role: 'customer' },
        after: { email, role: 'staff' },
      },
    ]);
    expect(await auditOf('staff', staff.user._id)).toHaveLength(1);
  });

  it('pages newest first by a cursor, without skipping or repeating an entry', async () => {
    const all = await queryRows<{ id: string }>(
      world.database.db,
      sql`select id from audit_entries order by at desc, id desc`,
    );
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&before=${encodeURIComponent(cursor)}` : '';
      const page = await send(app(), 'GET', `/api/admin/audit?limit=2${query}`, {
        token: staff.accessToken,
      });
      expect(page.status).toBe(200);
      expect(page.body.data.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.entries.map((entry: { _id: string }) => entry._id));
      cursor = page.body.data.next;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.id));

    const bad = await send(app(), 'GET', '/api/admin/audit?before=yesterday', {
      token: staff.accessToken,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: "Invalid before: use the previous page's next cursor" },
    });
  });

  it('rolls back with the write it records, and the write with it', async () => {
    const db = world.database.db;
    await db.execute(
      sql.raw(`create function fail_test_insert() returns trigger language plpgsql as $$
        begin raise exception 'out of order'; end $$`),
    );
    /** Every insert into the table fails until its trigger is dropped. */
    const failInserts = (table: string) =>
      db.execute(
        sql.raw(`create trigger fail_test_insert before insert on ${table}
          for each row execute function fail_test_insert()`),
      );
    // The order's shipping mail fails to queue after its parcel, the move and their entries were
    // written (shipped by hand: a courier and AWB typed in).
    const orderId = await paidOrder(choices[1]!);
    for (const status of ['confirmed', 'processing']) {
      expect((await move(staff.accessToken, orderId, status)).status).toBe(200);
    }
    await failInserts('mail_outbox');
    try {
      expect((await shipByHand(app(), orderId, staff.accessToken)).status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger fail_test_insert on mail_outbox'));
    }
    const order = await queryRows<{ status: string }>(
      db,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order[0]!.status).toBe('processing');
    const parcels = await queryRows<{ id: string }>(
      db,
      sql`select id from shipments where order_id = ${orderId}`,
    );
    expect(parcels).toEqual([]);
    expect((await auditOf('order', orderId)).map((entry) => entry.after.status)).toEqual([
      'processing',
      'confirmed',
    ]);

    // The entry cannot be written: the role change it records does not happen either.
    const member = await verifiedAccount();
    await failInserts('audit_entries');
    try {
      expect((await grant(owner.accessToken, member.shopper.email, 'staff')).status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger fail_test_insert on audit_entries'));
    }
    const role = await queryRows<{ role: string }>(
      db,
      sql`select role from users where id = ${member.user._id}`,
    );
    expect(role[0]!.role).toBe('customer');
    expect(await auditOf('staff', member.user._id)).toEqual([]);
    expect(
      (await send(app(), 'GET', '/api/admin/orders/desk', { token: member.accessToken })).status,
    ).toBe(403);
  });
});
