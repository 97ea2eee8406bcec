// Offers without a code, end to end: the seed's live 'Any 3 panties for ₹999' on the badge, the
// offer page and the listing's filter; carts priced on the server's grouping (three ₹449 panties
// for ₹999, a fourth at full price, an excluded product left out, the missing piece suggested);
// codes after offers only where the offer lets them stack; an order keeping each line's share,
// one unit refunded at its share with a credit note to match; an offer ended after an order
// leaving that order as placed; the back office's 400s; and a burst of adds priced afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopSettings } from '@shop/contracts/shop-settings';
import { discountMessages } from '@shop/domain/discounts';
import { gstinCheckCharacter } from '@shop/domain/gstin';
import { offerMessages } from '@shop/domain/offers';
import { send, signUp } from './auth-helpers.ts';
import { addBody, type StockedChoice } from './cart-helpers.ts';
import {
  drainRefunds,
  eventually,
  fillCart,
  moveOrder,
  payOrder,
  placeOrder,
} from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const OWNER = 'owner@lacebloom.in';
const SEEDED = 'any-3-panties-for-999';
const GSTIN = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;

let world: TestWorld;
let owner: { accessToken: string };
let panties: { _id: string; name: string };
let bras: { _id: string; name: string };
/** Four ₹449 panties of the shop's own, and a ₹449 panty the shop's own offer leaves out. */
let hipsters: StockedChoice[];
let excluded: StockedChoice;
const app = () => world.app;

let made = 0;
async function newProduct(
  categoryId: string,
  price: number,
  size = 'M',
  hsnCode = '610821',
): Promise<StockedChoice> {
  made += 1;
  const name = `Offer Test Piece ${made}`;
  const answer = await send(app(), 'POST', '/api/admin/products', {
    token: owner.accessToken,
    body: {
      name,
      subheading: 'Cotton, mid rise',
      description: 'An everyday hipster.',
      categoryId,
      subcategoryId: null,
      price,
      originalPrice: Math.max(599, price),
      tags: ['cotton'],
      specifications: [],
      colors: [
        {
          colorName: 'Black',
          colorHex: '#1a1a1a',
          photos: [{ mediaId: null, url: '/media/test/black-1.jpg', alt: 'Black hipster' }],
          sizeStock: [{ size, stock: 40 }],
        },
      ],
      isActive: true,
      countryOfOrigin: 'India',
      hsnCode,
      manufacturer: 'Lacebloom Retail, 14 Residency Road, Bengaluru',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return {
    productId: answer.body.data._id,
    name,
    price,
    originalPrice: Math.max(599, price),
    categoryId,
    colorName: 'Black',
    colorHex: '#1a1a1a',
    size,
    stock: 40,
    image: '/media/test/black-1.jpg',
  };
}

const offerForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Any 3 panties for ₹999 (not the excluded one)',
  label: '3 for ₹999',
  slug: 'panties-3-for-999',
  kind: 'bundle_price',
  units: 3,
  bundlePrice: 999,
  freeUnits: null,
  percent: null,
  categoryIds: [panties._id],
  subcategoryIds: [],
  tags: [],
  productIds: [],
  excludedProductIds: [excluded.productId],
  startsAt: null,
  endsAt: null,
  priority: 0,
  maxGroupsPerOrder: null,
  stacking: 'none',
  stackableCodes: [],
  ...overrides,
});
const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  send(app(), method, `/api/admin/offers${url}`, {
    token: owner.accessToken,
    ...(body ? { body } : {}),
  });
const cartOf = async (token: string) => {
  const answer = await send(app(), 'GET', '/api/cart/details', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
let ownOfferId: string;

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: OWNER });
  owner = await signUpOwner(world, OWNER);
  const categories = (await send(app(), 'GET', '/api/category')).body.data as {
    _id: string;
    name: string;
  }[];
  panties = categories.find((category) => category.name === 'Panties')!;
  bras = categories.find((category) => category.name === 'Bras')!;
  hipsters = [];
  for (let index = 0; index < 4; index += 1) hipsters.push(await newProduct(panties._id, 449));
  excluded = await newProduct(panties._id, 449);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe("the seed's live offer", () => {
  it('shows its badge on the products it covers, its page, and its products in the listing', async () => {
    const page = await send(app(), 'GET', `/api/offers/${SEEDED}`);
    expect(page.status).toBe(200);
    expect(page.body.data.offer).toMatchObject({
      label: '3 for ₹999',
      name: 'Any 3 panties for ₹999',
      slug: SEEDED,
      endsAt: null,
    });
    const product = await send(app(), 'GET', `/api/product/${hipsters[0]!.productId}`);
    expect(product.body.data.offer).toEqual({
      id: page.body.data.offer.id,
      label: '3 for ₹999',
      slug: SEEDED,
    });
    const listed = await send(app(), 'GET', `/api/product/products?offer=${SEEDED}&limit=100`);
    expect(listed.status).toBe(200);
    const names = listed.body.data.products.map(
      (one: { categoryName: string }) => one.categoryName,
    );
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Panties']));
    const bra = (await send(app(), 'GET', `/api/product/category/${bras._id}?limit=1`)).body.data
      .products[0];
    expect(bra.offer).toBeNull();
    expect((await send(app(), 'GET', '/api/product/products?offer=no-such-offer')).status).toBe(
      404,
    );
  });

  it('prices three ₹449 panties at ₹999 and a fourth at full price, suggesting what is missing', async () => {
    const shopper = await signUp(app());
    await fillCart(app(), shopper.accessToken, [
      [hipsters[0]!, 1],
      [hipsters[1]!, 1],
    ]);
    let cart = await cartOf(shopper.accessToken);
    expect(cart.totals.total).toBe(898);
    expect(cart.cart.offerSuggestions).toEqual([
      expect.objectContaining({
        label: '3 for ₹999',
        missingUnits: 1,
        message: 'Add 1 more eligible panty to get 3 for ₹999',
      }),
    ]);

    await send(app(), 'POST', '/api/cart', {
      token: shopper.accessToken,
      body: addBody(hipsters[2]!),
    });
    cart = await cartOf(shopper.accessToken);
    expect(cart.totals).toMatchObject({ subtotal: 1347, offerDiscount: 348, total: 999 });
    expect(cart.cart.offers).toEqual([
      expect.objectContaining({ label: '3 for ₹999', units: 3, discountAmount: 348 }),
    ]);
    expect(cart.items.map((item: { offerDiscount: number }) => item.offerDiscount)).toEqual([
      116, 116, 116,
    ]);
    expect(cart.items[0].offerNote).toBe('In 3 for ₹999 (−₹116.00)');
    expect(cart.cart.offerSuggestions).toEqual([]);

    await send(app(), 'POST', '/api/cart', {
      token: shopper.accessToken,
      body: addBody(hipsters[3]!),
    });
    cart = await cartOf(shopper.accessToken);
    expect(cart.totals.total).toBe(1448);
    expect(cart.cart.offerSuggestions[0].message).toBe(
      'Add 2 more eligible panties to get 3 for ₹999',
    );
  });

  it('ends (audited) and then applies to no cart, and its page is gone', async () => {
    const page = await send(app(), 'GET', `/api/offers/${SEEDED}`);
    const ended = await admin('POST', `/${page.body.data.offer.id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ state: 'ended', slug: SEEDED });
    expect((await admin('POST', `/${page.body.data.offer.id}/end`)).status).toBe(409);
    expect((await send(app(), 'GET', `/api/offers/${SEEDED}`)).status).toBe(404);
    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=offer&id=${page.body.data.offer.id}`,
      { token: owner.accessToken },
    );
    expect(audit.body.data.entries.map((entry: { action: string }) => entry.action)).toContain(
      'offer.end',
    );
    const shopper = await signUp(app());
    await fillCart(app(), shopper.accessToken, [[hipsters[0]!, 3]]);
    expect((await cartOf(shopper.accessToken)).totals.total).toBe(1347);
  });
});

describe("the shop's own offer", () => {
  it('refuses a form that cannot apply with a 400 naming the problem', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bundlePrice: null }, offerMessages.bundlePriceRequired],
      [{ kind: 'buy_get' }, offerMessages.onlyBundlePrice],
      [{ units: 1 }, offerMessages.unitsBundle],
      [{ categoryIds: [], excludedProductIds: [] }, offerMessages.noProducts],
      [{ stacking: 'listed' }, offerMessages.listedNeedsCodes],
      [
        { slug: 'Not A Slug' },
        'Use lower-case letters, digits and dashes for the address, e.g. any-3-panties',
      ],
      [{ kind: 'two_for_one' }, 'Choose a bundle price, buy-get or a percentage off the Nth unit'],
      [
        { startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' },
        offerMessages.endAfterStart,
      ],
    ];
    for (const [overrides, message] of cases) {
      const answer = await admin('POST', '', offerForm(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    const unknown = await admin(
      'POST',
      '',
      offerForm({ categoryIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('One of the chosen categories does not exist');
  });

  it('creates the offer (audited), answers 409 for a taken address, and keeps an excluded product out', async () => {
    const made = await admin('POST', '', offerForm());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ state: 'active', ordersCount: 0, bundlePrice: 999 });
    ownOfferId = made.body.data._id;
    expect((await admin('POST', '', offerForm())).status).toBe(409);
    const listed = await admin('GET', '?state=active');
    expect(listed.body.data.offers.map((offer: { _id: string }) => offer._id)).toContain(
      ownOfferId,
    );

    const shopper = await signUp(app());
    await fillCart(app(), shopper.accessToken, [
      [hipsters[0]!, 1],
      [hipsters[1]!, 1],
      [excluded, 1],
    ]);
    const cart = await cartOf(shopper.accessToken);
    expect(cart.totals.total).toBe(1347);
    expect(cart.cart.offers).toEqual([]);
    expect(
      cart.items.find((item: { productId: string }) => item.productId === excluded.productId).offer,
    ).toBeNull();
    expect(
      (await send(app(), 'GET', `/api/product/${excluded.productId}`)).body.data.offer,
    ).toBeNull();
  });

  it('applies a code after the offer only when the offer lets it stack', async () => {
    const code = await send(app(), 'POST', '/api/admin/discounts', {
      token: owner.accessToken,
      body: {
        code: 'EXTRA10',
        type: 'coupon',
        description: '10% off',
        kind: 'percent',
        value: 10,
        minOrder: 0,
        maxDiscount: null,
        perUserLimit: null,
      },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const shopper = await signUp(app());
    await fillCart(app(), shopper.accessToken, [
      [hipsters[0]!, 1],
      [hipsters[1]!, 1],
      [hipsters[2]!, 1],
    ]);
    const refused = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: shopper.accessToken,
      body: { code: 'EXTRA10' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(discountMessages.notEligible);

    const listed = await admin(
      'PATCH',
      `/${ownOfferId}`,
      offerForm({ stacking: 'listed', stackableCodes: ['extra10'] }),
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.stackableCodes).toEqual(['EXTRA10']);
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: shopper.accessToken,
      body: { code: 'EXTRA10' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const cart = await cartOf(shopper.accessToken);
    // 10 % of the ₹999 the offer leaves.
    expect(cart.totals).toMatchObject({ offerDiscount: 348, discountAmount: 99.9, total: 899.1 });

    // Back to no stacking: the applied code no longer takes anything off.
    expect((await admin('PATCH', `/${ownOfferId}`, offerForm())).status).toBe(200);
    const after = await cartOf(shopper.accessToken);
    expect(after.totals.total).toBe(999);
    expect(after.cart.appliedCoupon).toMatchObject({ valid: false, discountAmount: 0 });
  });

  it('keeps each line’s share in a paid order; one unit refunded gives ₹333 back, and the credit note matches', async () => {
    const settings = await send(app(), 'PATCH', '/api/admin/settings', {
      token: owner.accessToken,
      body: { ...defaultShopSettings, gstin: GSTIN },
    });
    expect(settings.status).toBe(200);
    const shopper = await signUp(app());
    const placed = await placeOrder(app(), shopper.accessToken, [
      [hipsters[0]!, 1],
      [hipsters[1]!, 1],
      [hipsters[2]!, 1],
    ]);
    expect(placed.total).toBe(999);
    const fields = await payOrder(app(), shopper.accessToken, placed.orderId);
    await send(app(), 'POST', '/api/payments/verify', { token: shopper.accessToken, body: fields });
    const orderOf = async () =>
      (await send(app(), 'GET', `/api/order/${placed.orderId}`, { token: shopper.accessToken }))
        .body.data;
    await eventually(async () => (await orderOf()).paymentStatus === 'paid');
    const order = await orderOf();
    expect(order).toMatchObject({ subtotal: 1347, offerDiscount: 348, totalDiscountAmount: 348 });
    expect(order.offers).toEqual([
      { id: ownOfferId, label: '3 for ₹999', units: 3, discountAmount: 348 },
    ]);
    for (const item of order.items) {
      expect(item).toMatchObject({
        listTotal: 449,
        offerDiscount: 116,
        codeDiscount: 0,
        paid: 333,
        offer: { id: ownOfferId, label: '3 for ₹999' },
      });
    }
    expect(await app().jobs.issueInvoices()).toBeGreaterThanOrEqual(1);

    const line = order.items[0];
    const refund = await send(app(), 'POST', `/api/admin/orders/${placed.orderId}/refunds`, {
      token: owner.accessToken,
      body: { lines: [{ itemId: line._id, quantity: 1 }], note: 'One came torn' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.data).toMatchObject({
      amount: 333,
      lines: [{ itemId: line._id, quantity: 1, amount: 333 }],
    });
    await drainRefunds(world);
    await app().jobs.issueInvoices();
    const documents = (
      await send(app(), 'GET', `/api/order/${placed.orderId}/invoices`, {
        token: shopper.accessToken,
      })
    ).body.data as { kind: string; total: number }[];
    expect(documents.map((one) => one.kind)).toEqual(['invoice', 'credit-note']);
    expect(documents[0]!.total).toBe(999);
    expect(documents[1]!.total).toBe(333);
  });

  it('leaves an order as placed when its offer is ended, and refuses to change an offer in orders', async () => {
    const shopper = await signUp(app());
    const placed = await placeOrder(app(), shopper.accessToken, [[hipsters[3]!, 3]]);
    expect(placed.total).toBe(999);
    const changed = await admin('PATCH', `/${ownOfferId}`, offerForm({ bundlePrice: 899 }));
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(offerMessages.usedInOrders);
    const ended = await admin('POST', `/${ownOfferId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.data.ordersCount).toBe(2);

    const order = (
      await send(app(), 'GET', `/api/order/${placed.orderId}`, { token: shopper.accessToken })
    ).body.data;
    expect(order).toMatchObject({ total: 999, offerDiscount: 348 });
    expect(order.items[0]).toMatchObject({
      offerDiscount: 348,
      paid: 999,
      offer: { id: ownOfferId, label: '3 for ₹999' },
    });
    // A new cart of the same pieces is at full price now.
    await fillCart(app(), shopper.accessToken, [[hipsters[3]!, 3]]);
    expect((await cartOf(shopper.accessToken)).totals.total).toBe(1347);
  });
});

describe('a return of one piece of a group', () => {
  it('refunds its share (₹333 of 3 for ₹999) and its credit note says the same', async () => {
    const trio: StockedChoice[] = [];
    for (let index = 0; index < 3; index += 1) {
      trio.push(await newProduct(bras._id, 449, '34B', '621210'));
    }
    const made = await admin(
      'POST',
      '',
      offerForm({
        name: 'These 3 bras for ₹999',
        slug: 'three-bras-for-999',
        categoryIds: [],
        excludedProductIds: [],
        productIds: trio.map((choice) => choice.productId),
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const shopper = await signUp(app());
    const token = shopper.accessToken;
    // A bra outside the offer too: the group's discount is its own pieces', none of it this one's.
    const lone = await newProduct(bras._id, 799, '34B', '621210');
    const placed = await placeOrder(app(), token, [
      ...trio.map((choice): [StockedChoice, number] => [choice, 1]),
      [lone, 1],
    ]);
    expect(placed.total).toBe(999 + 799);
    const fields = await payOrder(app(), token, placed.orderId);
    await send(app(), 'POST', '/api/payments/verify', { token, body: fields });
    await eventually(
      async () =>
        (await send(app(), 'GET', `/api/order/${placed.orderId}`, { token })).body.data
          .paymentStatus === 'paid',
    );
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      expect((await moveOrder(app(), placed.orderId, status, owner.accessToken)).status).toBe(200);
    }
    await app().jobs.issueInvoices();
    const order = (await send(app(), 'GET', `/api/order/${placed.orderId}`, { token })).body.data;
    const asked = await send(app(), 'POST', `/api/order/${placed.orderId}/return`, {
      token,
      body: { reason: 'Does not fit', items: [{ itemId: order.items[0]._id, action: 'return' }] },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const lineId = asked.body.data.returns[0]._id as string;
    const step = (path: string, body?: object) =>
      send(app(), 'POST', `/api/admin/returns/${lineId}/${path}`, {
        token: owner.accessToken,
        ...(body ? { body } : {}),
      });
    expect((await step('approve')).status).toBe(200);
    expect((await step('receive')).status).toBe(200);
    expect((await step('quality-check', { passed: true, note: 'Tags on' })).status).toBe(200);
    expect((await step('restock')).status).toBe(200);
    const refunded = await step('refund');
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data.refund).toMatchObject({ amount: 333 });
    await drainRefunds(world);
    await app().jobs.issueInvoices();
    const documents = (await send(app(), 'GET', `/api/order/${placed.orderId}/invoices`, { token }))
      .body.data as { kind: string; total: number }[];
    expect(documents.map((one) => one.kind)).toEqual(['invoice', 'credit-note']);
    expect(documents[1]!.total).toBe(333);
  });
});

describe('a burst of adds and removes', () => {
  it('prices the cart on the grouping of its lines as they end up, never a stale one', async () => {
    const made = await admin(
      'POST',
      '',
      offerForm({ slug: 'burst-3-for-999', excludedProductIds: [] }),
    );
    expect(made.status).toBe(201);
    const shopper = await signUp(app());
    const token = shopper.accessToken;
    const adds = [0, 1, 2, 3, 0, 1, 2].map((index) =>
      send(app(), 'POST', '/api/cart', { token, body: addBody(hipsters[index]!) }),
    );
    const answers = await Promise.all(adds);
    expect(answers.every((answer) => answer.status < 300)).toBe(true);
    let cart = await cartOf(token);
    expect(cart.totals.itemCount).toBe(7);
    // Seven ₹449 panties: two groups of three and one at full price.
    expect(cart.totals.total).toBe(999 * 2 + 449);

    await Promise.all([
      send(app(), 'DELETE', `/api/cart/product/${hipsters[0]!.productId}`, { token }),
      send(app(), 'DELETE', `/api/cart/product/${hipsters[1]!.productId}`, { token }),
      send(app(), 'POST', '/api/cart', { token, body: addBody(excluded) }),
    ]);
    cart = await cartOf(token);
    // Left: hipsters 2 (×2) and 3, and the once-excluded one: four units, one group.
    expect(cart.totals.itemCount).toBe(4);
    expect(cart.totals.total).toBe(999 + 449);
    expect(cart.cart.offers).toEqual([expect.objectContaining({ units: 3, discountAmount: 348 })]);
  });
});
