// The back office's discount codes: the form's rules on the server (domain and schema alike), a
// code unique in any case, a list by state, kind and type with what each code brought in, owners
// writing and staff reading, switching a code off as the shopper sees it, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDiscountMessages } from '@shop/contracts/admin-discounts';
import { discountDefinitionMessages } from '@shop/domain/discount-definitions';
import { discountMessages } from '@shop/domain/discounts';
import { roleMessages } from '@shop/domain/roles';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { allKeysetPages } from './keyset-pages.ts';
import { eventually, fillCart, orderBody, payOrder } from './order-helpers.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof signUp>>;
let staff: Awaited<ReturnType<typeof signUp>>;
let choices: StockedChoice[];
const app = () => world.app;

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'tenoff',
  type: 'coupon',
  description: '10% off from ₹999',
  kind: 'percent',
  value: 10,
  minOrder: 999,
  maxDiscount: 500,
  startsAt: null,
  expiresAt: null,
  usageLimit: 100,
  perUserLimit: 1,
  firstOrderOnly: false,
  eligibleCategoryIds: [],
  eligibleProductIds: [],
  ...overrides,
});
const create = (body: unknown, token = owner.accessToken) =>
  send(app(), 'POST', '/api/admin/discounts', { token, body });
const edit = (id: string, body: unknown, token = owner.accessToken) =>
  send(app(), 'PATCH', `/api/admin/discounts/${id}`, { token, body });
const list = (query: string, token = owner.accessToken) =>
  send(app(), 'GET', `/api/admin/discounts?${query}`, { token });
const switchTo = (id: string, action: 'activate' | 'deactivate', token = owner.accessToken) =>
  send(app(), 'POST', `/api/admin/discounts/${id}/${action}`, { token });

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  staff = await signUp(app());
  await followVerificationLink(world, staff.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: staff.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
  choices = await stockedChoices(app(), 3);
});
afterAll(async () => {
  await world?.close();
});

describe('defining a code', () => {
  it('creates a coupon in upper case, refuses the same code in any case with a 409', async () => {
    const made = await create(form());
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      code: 'TENOFF',
      kind: 'percent',
      value: 10,
      minOrder: 999,
      maxDiscount: 500,
      isActive: true,
      state: 'active',
      timesUsed: 0,
      paidOrders: 0,
      revenue: 0,
    });
    const again = await create(form({ code: ' TenOff ' }));
    expect(again).toMatchObject({
      status: 409,
      body: { success: false, message: adminDiscountMessages.codeTaken('TENOFF') },
    });
    // The seeded codes count too.
    expect((await create(form({ code: 'new10' }))).status).toBe(409);
  });

  it('answers each rule the engine needs with its reason', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ value: 95 }, discountDefinitionMessages.percent],
      [{ value: 0 }, discountDefinitionMessages.percent],
      [
        { code: 'FLAT300', kind: 'flat', value: 300, minOrder: 300, maxDiscount: null },
        `${discountDefinitionMessages.flatNeedsMinimum} (at least ₹300.01)`,
      ],
      [
        { code: 'FLAT300', kind: 'flat', value: 300, minOrder: 1499 },
        discountDefinitionMessages.maxOnlyPercent,
      ],
      [
        {
          code: 'LATE',
          startsAt: '2026-12-01T00:00:00.000Z',
          expiresAt: '2026-11-01T00:00:00.000Z',
        },
        discountDefinitionMessages.expiryAfterStart,
      ],
      [
        { code: 'LIMITS', usageLimit: 5, perUserLimit: 6 },
        discountDefinitionMessages.perUserAboveTotal,
      ],
      [{ code: 'TEN OFF' }, discountDefinitionMessages.code],
      [{ code: 'LIMIT0', usageLimit: 0 }, adminDiscountMessages.limitInvalid],
      [{ code: 'CATS', eligibleCategoryIds: ['x'] }, adminDiscountMessages.idsInvalid],
      [
        { code: 'CATS', eligibleCategoryIds: ['00000000-0000-4000-8000-000000000000'] },
        adminDiscountMessages.unknownCategory,
      ],
    ];
    for (const [overrides, message] of cases) {
      const answer = await create(form(overrides));
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('keeps the eligible categories and products, and every other rule, as sent', async () => {
    const made = await create(
      form({
        code: 'FLAT250',
        type: 'voucher',
        kind: 'flat',
        value: 250,
        minOrder: 1999,
        maxDiscount: null,
        startsAt: '2030-01-01T00:00:00.000Z',
        expiresAt: '2030-02-01T00:00:00+05:30',
        usageLimit: null,
        perUserLimit: null,
        firstOrderOnly: true,
        eligibleCategoryIds: [choices[0]!.categoryId],
        eligibleProductIds: [choices[1]!.productId, choices[1]!.productId],
      }),
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      type: 'voucher',
      kind: 'flat',
      value: 250,
      state: 'scheduled',
      startsAt: '2030-01-01T00:00:00.000Z',
      expiresAt: '2030-01-31T18:30:00.000Z',
      firstOrderOnly: true,
      eligibleCategoryIds: [choices[0]!.categoryId],
      eligibleProductIds: [choices[1]!.productId],
    });
  });
});

describe('roles', () => {
  it('lets staff read the codes but not write them', async () => {
    const read = await list('', staff.accessToken);
    expect(read.status).toBe(200);
    const id = read.body.data.discounts[0]._id;
    expect(
      (await send(app(), 'GET', `/api/admin/discounts/${id}`, { token: staff.accessToken })).status,
    ).toBe(200);
    for (const answer of [
      await create(form({ code: 'STAFF10' }), staff.accessToken),
      await edit(id, form(), staff.accessToken),
      await switchTo(id, 'deactivate', staff.accessToken),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { message: roleMessages.ownerOnly } });
    }
    // No code is ever deleted: there is no such route.
    expect(
      (await send(app(), 'DELETE', `/api/admin/discounts/${id}`, { token: owner.accessToken }))
        .status,
    ).toBe(404);
  });
});

describe('a code in use', () => {
  let codeId: string;
  let shopperToken: string;
  const apply = (code: string) =>
    send(app(), 'POST', '/api/cart/apply-discount', {
      token: shopperToken,
      body: { code, type: 'coupon' },
    });

  it('applies in the cart, counts a paid order, and then keeps its code', async () => {
    const made = await create(
      form({ code: 'SHOP10', minOrder: 1, maxDiscount: null, perUserLimit: 2, usageLimit: 10 }),
    );
    codeId = made.body.data._id;
    const shopper = await signUp(app());
    shopperToken = shopper.accessToken;
    const lines: [StockedChoice, number][] = [[choices[2]!, 1]];
    await fillCart(app(), shopperToken, lines);
    const applied = await apply('shop10');
    expect(applied.status).toBe(200);
    const expected = Math.floor((Math.round(choices[2]!.price * 100) * 10 + 50) / 100) / 100;
    expect(applied.body.data.appliedCoupon).toMatchObject({
      code: 'SHOP10',
      discountAmount: expected,
    });

    const placed = await send(app(), 'POST', '/api/order', {
      token: shopperToken,
      body: orderBody(lines),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId;
    const paid = await payOrder(app(), shopperToken, orderId);
    expect(
      (await send(app(), 'POST', '/api/payments/verify', { token: shopperToken, body: paid }))
        .status,
    ).toBe(200);
    await eventually(async () => (await list('q=SHOP')).body.data.discounts[0].paidOrders === 1);

    const row = (await list('q=shop1')).body.data.discounts[0];
    expect(row).toMatchObject({
      code: 'SHOP10',
      timesUsed: 1,
      paidOrders: 1,
      revenue: placed.body.data.total,
      discountGiven: expected,
    });

    // Its code cannot change now; everything else can.
    const renamed = await edit(codeId, form({ code: 'SHOP11', minOrder: 1, maxDiscount: null }));
    expect(renamed).toMatchObject({
      status: 409,
      body: { message: discountDefinitionMessages.codeInUse },
    });
    const retuned = await edit(
      codeId,
      form({
        code: 'SHOP10',
        value: 12,
        minOrder: 1,
        maxDiscount: null,
        perUserLimit: 2,
        usageLimit: 10,
      }),
    );
    expect(retuned.status).toBe(200);
    expect(retuned.body.data).toMatchObject({ value: 12, timesUsed: 1 });
  });

  it('switched off, answers the shopper as the engine does, and stays in her order', async () => {
    await fillCart(app(), shopperToken, [[choices[2]!, 1]]);
    const off = await switchTo(codeId, 'deactivate');
    expect(off.body.data).toMatchObject({ isActive: false, state: 'inactive' });
    const refused = await apply('SHOP10');
    expect(refused.body).toMatchObject({ success: false, message: discountMessages.invalid });

    const orders = await send(app(), 'GET', '/api/order', { token: shopperToken });
    const [order] = orders.body.data.orders;
    expect(JSON.stringify(order)).toContain('SHOP10');

    // Listed under inactive only.
    const inactive = (await list('state=inactive')).body.data.discounts.map(
      (d: { code: string }) => d.code,
    );
    expect(inactive).toContain('SHOP10');
    const active = (await list('state=active')).body.data.discounts.map(
      (d: { code: string }) => d.code,
    );
    expect(active).not.toContain('SHOP10');
    expect((await switchTo(codeId, 'activate')).body.data.state).toBe('active');
    expect((await apply('SHOP10')).status).toBe(200);
  });

  it('records every change in the audit log, only the fields that changed', async () => {
    const entries = (
      await send(app(), 'GET', `/api/admin/audit?entity=discount&id=${codeId}`, {
        token: owner.accessToken,
      })
    ).body.data.entries as {
      action: string;
      before: unknown;
      after: unknown;
      actorEmail: string;
    }[];
    expect(entries.map((entry) => entry.action)).toEqual([
      'discount.activate',
      'discount.deactivate',
      'discount.update',
      'discount.create',
    ]);
    expect(entries[2]).toMatchObject({
      before: { value: 10 },
      after: { value: 12 },
      actorEmail: 'owner@lacebloom.in',
    });
    expect(entries[3]).toMatchObject({ before: null, after: { code: 'SHOP10', kind: 'percent' } });
  });
});

describe('the list', () => {
  it('filters by state, kind and type, newest first, a keyset page at a time', async () => {
    const expired = (await list('state=expired')).body.data.discounts.map(
      (d: { code: string }) => d.code,
    );
    expect(expired).toEqual(['FESTIVE20']);
    const scheduled = (await list('state=scheduled')).body.data.discounts.map(
      (d: { code: string }) => d.code,
    );
    expect(scheduled).toEqual(['FLAT250']);
    const flat = (await list('kind=flat')).body.data.discounts;
    expect(flat.length).toBeGreaterThan(0);
    expect(flat.every((d: { kind: string }) => d.kind === 'flat')).toBe(true);
    const vouchers = (await list('type=voucher')).body.data.discounts;
    expect(vouchers.every((d: { type: string }) => d.type === 'voucher')).toBe(true);

    const all = (await list('limit=100')).body.data.discounts as {
      _id: string;
      createdAt: string;
    }[];
    const walked = await allKeysetPages<{ _id: string }>(
      (url) => send(app(), 'GET', url, { token: staff.accessToken }),
      { path: '/api/admin/discounts', limit: 2, field: 'discounts' },
    );
    expect(walked.rows.map((row) => row._id)).toEqual(all.map((row) => row._id));
    expect(walked.pages).toBeGreaterThan(2);
    const times = all.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    expect((await list('state=bogus')).status).toBe(400);
    expect((await list('cursor=bogus')).body.message).toBe(adminDiscountMessages.invalidCursor);
  });
});
