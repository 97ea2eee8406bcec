// The returns desk: every step of a line through the API, its effects (stock, refund rows, AWBs,
// mails, audit entries), what the shopper reads in My Orders, illegal moves and bursts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnsDeskMessages } from '@shop/contracts/returns-desk';
import { refundMessages } from '@shop/domain/refunds';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { type StockedChoice } from './cart-helpers.ts';
import { fillCart, moveOrder, orderBody, payOrder } from './order-helpers.ts';
import { lastMailTo } from './outbox.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let staff: { accessToken: string };
const app = () => world.app;

interface Product {
  _id: string;
  name: string;
  price: number;
  category: string | { _id: string };
  colors: {
    colorName: string;
    colorHex: string;
    images: string[];
    sizeStock: { size: string; stock: number }[];
  }[];
}
let products: Product[];
let braCategory: string;

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: 'owner@lacebloom.in',
    // Staff may refund at most ₹1: every bra's refund is an owner's.
    STAFF_REFUND_LIMIT_RUPEES: '1',
    REFUND_RETRY_BASE_MS: '10',
  });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  const member = await signUp(app());
  await followVerificationLink(world, member.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: member.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
  staff = member;
  products = (await getJson(app(), '/api/product/products?limit=100')).body.data.products;
  const categories = (await getJson(app(), '/api/category')).body.data as {
    _id: string;
    slug: string;
  }[];
  braCategory = categories.find((c) => c.slug === 'bras')!._id;
}, 120_000);
afterAll(() => world?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);
const categoryOf = (product: Product) =>
  typeof product.category === 'string' ? product.category : product.category._id;

let used = 0;
/** A bra (a different one each call, so tests share no stock rows) with two sizes in stock. */
function braWithTwoSizes() {
  const candidates = products.filter(
    (product) =>
      categoryOf(product) === braCategory &&
      product.colors[0]!.sizeStock.filter((s) => s.stock >= 3).length >= 2,
  );
  const product = candidates[used++ % candidates.length]!;
  const color = product.colors[0]!;
  const sizes = color.sizeStock.filter((s) => s.stock >= 3);
  const bought: StockedChoice = {
    productId: product._id,
    name: product.name,
    price: product.price,
    originalPrice: null,
    categoryId: categoryOf(product),
    colorName: color.colorName,
    colorHex: color.colorHex,
    size: sizes[0]!.size,
    stock: sizes[0]!.stock,
    image: color.images[0]!,
  };
  return { bought, otherSize: sizes[1]!.size };
}

async function stockOf(productId: string, colorName: string, size: string) {
  const [row] = await rows<{ stock: number }>(
    sql`select s.stock from product_size_stock s join product_colors c on c.id = s.color_id
        where c.product_id = ${productId} and lower(c.color_name) = lower(${colorName})
          and lower(s.size) = lower(${size})`,
  );
  return row!.stock;
}

/** A new shopper's paid, delivered order of one bra, with a request for it sent. */
async function requested(action: 'return' | 'exchange') {
  const { bought, otherSize } = braWithTwoSizes();
  const { accessToken, shopper } = await signUp(app());
  await fillCart(app(), accessToken, [[bought, 1]]);
  const placed = await send(app(), 'POST', '/api/order', {
    token: accessToken,
    body: orderBody([[bought, 1]]),
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.orderId as string;
  const paid = await payOrder(app(), accessToken, orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid });
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    const moved = await moveOrder(app(), orderId, status, owner.accessToken);
    expect(moved.status).toBe(200);
  }
  const order = (await send(app(), 'GET', `/api/order/${orderId}`, { token: accessToken })).body
    .data as { items: { _id: string }[] };
  const asked = await send(app(), 'POST', `/api/order/${orderId}/return`, {
    token: accessToken,
    body: {
      reason: 'Does not fit',
      items: [
        action === 'exchange'
          ? { itemId: order.items[0]!._id, action, size: otherSize }
          : { itemId: order.items[0]!._id, action },
      ],
    },
  });
  expect(asked.status).toBe(200);
  const lineId = asked.body.data.returns[0]._id as string;
  return { accessToken, email: shopper.email as string, orderId, lineId, bought, otherSize };
}

const step = (lineId: string, path: string, body?: object, token = owner.accessToken) =>
  send(app(), 'POST', `/api/admin/returns/${lineId}/${path}`, {
    token,
    ...(body ? { body } : {}),
  });

async function shopperLine(accessToken: string, orderId: string) {
  const order = await send(app(), 'GET', `/api/order/${orderId}`, { token: accessToken });
  return { status: order.body.data.status as string, line: order.body.data.returns[0] };
}

async function mailTo(email: string, subject: RegExp) {
  await app().jobs.deliverMail();
  return lastMailTo(world.config.outboxDir, email, subject);
}

describe('the returns desk', () => {
  it('takes a return from request to refund: pickup, receipt, check, restock, one refund row', async () => {
    const shop = await requested('return');
    const { bought } = shop;
    const before = await stockOf(bought.productId, bought.colorName, bought.size);

    const listed = await send(app(), 'GET', '/api/admin/returns?action=return&state=requested', {
      token: staff.accessToken,
    });
    expect(listed.status).toBe(200);
    const row = listed.body.data.lines.find((line: { _id: string }) => line._id === shop.lineId);
    expect(row).toMatchObject({
      orderId: shop.orderId,
      productName: bought.name,
      action: 'return',
      state: 'requested',
      stateLabel: 'Return requested',
      checkRule: 'Unworn and unwashed, with every tag attached',
      reason: 'Does not fit',
      steps: ['approve', 'decline'],
    });

    expect((await step(shop.lineId, 'approve')).body.data).toMatchObject({
      state: 'approved',
      steps: ['decline', 'schedulePickup', 'receive'],
    });
    expect((await mailTo(shop.email, /request is approved/))?.text).toContain(
      'Next we book a courier to collect it',
    );

    const pickup = await step(shop.lineId, 'pickup');
    expect(pickup.status).toBe(200);
    expect(pickup.body.data).toMatchObject({
      state: 'pickup_scheduled',
      pickup: { awb: expect.stringMatching(/^SIMR\d{10}$/) },
    });
    const awb = pickup.body.data.pickup.awb as string;
    expect((await mailTo(shop.email, /pickup is booked/))?.text).toContain(`AWB ${awb}`);
    expect(await shopperLine(shop.accessToken, shop.orderId)).toMatchObject({
      status: 'return_requested',
      line: { state: 'pickup_scheduled', stateLabel: 'Pickup booked', pickup: { awb } },
    });

    expect((await step(shop.lineId, 'receive')).body.data.state).toBe('received');
    // Nothing of the order awaits its items now: the order is returned.
    expect(await shopperLine(shop.accessToken, shop.orderId)).toMatchObject({
      status: 'returned',
      line: { stateLabel: 'Received, being checked' },
    });

    const checked = await step(shop.lineId, 'quality-check', {
      passed: true,
      note: 'Tags on, unworn',
    });
    expect(checked.body.data).toMatchObject({ state: 'qc_passed', checkNote: 'Tags on, unworn' });

    expect((await step(shop.lineId, 'restock')).body.data.state).toBe('restocked');
    expect(await stockOf(bought.productId, bought.colorName, bought.size)).toBe(before + 1);

    const quote = (
      await send(app(), 'GET', `/api/admin/returns/${shop.lineId}`, {
        token: owner.accessToken,
      })
    ).body.data;
    expect(quote).toMatchObject({ refundQuote: bought.price, refundNeedsOwner: true });

    const refunded = await step(shop.lineId, 'refund');
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({
      state: 'refunded',
      steps: [],
      refund: { amount: bought.price, state: expect.any(String) },
    });
    const owed = await rows<{ amount_paise: number; reason: string }>(
      sql`select amount_paise, reason from refunds where order_id = ${shop.orderId}`,
    );
    expect(owed).toEqual([{ amount_paise: Math.round(bought.price * 100), reason: 'returned' }]);
    expect((await mailTo(shop.email, /Your refund/))?.text).toContain(
      'We have started a refund of',
    );
    expect(await shopperLine(shop.accessToken, shop.orderId)).toMatchObject({
      line: {
        state: 'refunded',
        stateLabel: 'Returned, refund started',
        refundAmount: bought.price,
      },
    });

    // Every step left its audit entry on the order, in the owner's name.
    const audit = await send(app(), 'GET', `/api/admin/audit?entity=order&id=${shop.orderId}`, {
      token: owner.accessToken,
    });
    const actions = (audit.body.data.entries as { action: string; actorEmail: string }[])
      .map((entry) => entry.action)
      .filter((action) => action.startsWith('return.'));
    expect(actions.sort()).toEqual(
      [
        'return.approve',
        'return.passCheck',
        'return.receive',
        'return.refund',
        'return.restock',
        'return.schedulePickup',
      ].sort(),
    );
  });

  it('takes an exchange brought in without a pickup to its shipped replacement', async () => {
    const shop = await requested('exchange');
    const { bought, otherSize } = shop;
    const boughtBefore = await stockOf(bought.productId, bought.colorName, bought.size);
    const heldBefore = await stockOf(bought.productId, bought.colorName, otherSize);
    const token = staff.accessToken;
    expect((await step(shop.lineId, 'approve', undefined, token)).status).toBe(200);
    expect((await step(shop.lineId, 'receive', undefined, token)).status).toBe(200);
    expect((await step(shop.lineId, 'quality-check', { passed: true }, token)).status).toBe(200);
    const restocked = await step(shop.lineId, 'restock', undefined, token);
    expect(restocked.body.data).toMatchObject({
      state: 'replacement_queued',
      steps: ['shipReplacement'],
    });
    expect(await stockOf(bought.productId, bought.colorName, bought.size)).toBe(boughtBefore + 1);
    // The replacement stays held: it was taken at the request.
    expect(await stockOf(bought.productId, bought.colorName, otherSize)).toBe(heldBefore);
    expect((await mailTo(shop.email, /request is moving/))?.text).toContain(
      'Your replacement is being packed',
    );

    const refused = await step(shop.lineId, 'refund', undefined, token);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'An exchange is not refunded: ship its replacement instead' },
    });

    const shipped = await step(shop.lineId, 'ship-replacement', undefined, token);
    expect(shipped.status).toBe(200);
    expect(shipped.body.data).toMatchObject({
      state: 'replacement_shipped',
      parcel: { awb: expect.stringMatching(/^SIM\d{10}$/) },
    });
    const awb = shipped.body.data.parcel.awb as string;
    expect((await mailTo(shop.email, /replacement has shipped/))?.text).toContain(`AWB ${awb}`);
    expect(await shopperLine(shop.accessToken, shop.orderId)).toMatchObject({
      status: 'returned',
      line: { stateLabel: 'Replacement shipped', parcel: { awb } },
    });
    expect(await rows(sql`select id from refunds where order_id = ${shop.orderId}`)).toEqual([]);
  });

  it('declines a request before receipt with its reason: the held replacement comes back', async () => {
    const shop = await requested('exchange');
    const { bought, otherSize } = shop;
    const held = await stockOf(bought.productId, bought.colorName, otherSize);
    const empty = await step(shop.lineId, 'decline', { reason: '  ' });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: returnsDeskMessages.reasonRequired },
    });
    const declined = await step(shop.lineId, 'decline', { reason: 'Worn, per the photos' });
    expect(declined.body.data).toMatchObject({
      state: 'declined',
      declineReason: 'Worn, per the photos',
    });
    expect(await stockOf(bought.productId, bought.colorName, otherSize)).toBe(held + 1);
    expect((await mailTo(shop.email, /About your request/))?.text).toContain(
      'Why: Worn, per the photos',
    );
    // Its only line declined, the order is delivered again, as it was.
    expect(await shopperLine(shop.accessToken, shop.orderId)).toMatchObject({
      status: 'delivered',
      line: { stateLabel: 'Exchange declined', declineReason: 'Worn, per the photos' },
    });
  });

  it('declines a line that fails its check and sends the item back', async () => {
    const shop = await requested('exchange');
    const { bought, otherSize } = shop;
    const held = await stockOf(bought.productId, bought.colorName, otherSize);
    await step(shop.lineId, 'approve');
    await step(shop.lineId, 'receive');
    const noNote = await step(shop.lineId, 'quality-check', { passed: false });
    expect(noNote).toMatchObject({
      status: 400,
      body: { message: returnsDeskMessages.checkNoteRequired },
    });
    const failed = await step(shop.lineId, 'quality-check', {
      passed: false,
      note: 'Tags removed and washed',
    });
    expect(failed.body.data).toMatchObject({
      state: 'qc_failed',
      declineReason: 'Tags removed and washed',
      steps: ['sendBack'],
    });
    expect(await stockOf(bought.productId, bought.colorName, otherSize)).toBe(held + 1);
    expect((await mailTo(shop.email, /About your returned item/))?.text).toContain(
      'Why: Tags removed and washed',
    );
    const sent = await step(shop.lineId, 'send-back');
    expect(sent.body.data).toMatchObject({
      state: 'sent_back',
      parcel: { awb: expect.any(String) },
    });
    expect(await shopperLine(shop.accessToken, shop.orderId)).toMatchObject({
      line: { stateLabel: 'Did not pass our check, sent back to you' },
    });
  });

  it('answers illegal moves 409 with the reason, and unknown lines 404', async () => {
    const shop = await requested('return');
    expect(await step(shop.lineId, 'refund')).toMatchObject({
      status: 409,
      body: { message: 'This return is requested: it cannot be refunded now' },
    });
    expect(await step(shop.lineId, 'ship-replacement')).toMatchObject({
      status: 409,
      body: { message: 'A return has no replacement to ship: refund it instead' },
    });
    await step(shop.lineId, 'approve');
    await step(shop.lineId, 'receive');
    expect(await step(shop.lineId, 'decline', { reason: 'Changed my mind' })).toMatchObject({
      status: 409,
      body: { message: 'This return is received: it cannot be declined now' },
    });
    expect(await step('not-a-line', 'approve')).toMatchObject({
      status: 404,
      body: { message: returnsDeskMessages.notFound },
    });
    const badCursor = await send(app(), 'GET', '/api/admin/returns?cursor=nonsense', {
      token: owner.accessToken,
    });
    expect(badCursor).toMatchObject({
      status: 400,
      body: { message: returnsDeskMessages.invalidCursor },
    });
  });

  it('does each step once under a burst: one restock, one refund row, one audit entry', async () => {
    const shop = await requested('return');
    const { bought } = shop;
    const twice = (path: string, body?: object) =>
      Promise.all([step(shop.lineId, path, body), step(shop.lineId, path, body)]);
    const approved = await twice('approve');
    expect(approved.map((answer) => answer.status)).toEqual([200, 200]);
    const pickups = await twice('pickup');
    expect(pickups.map((answer) => answer.status)).toEqual([200, 200]);
    expect(pickups[0]!.body.data.pickup.awb).toBe(pickups[1]!.body.data.pickup.awb);
    await twice('receive');
    await twice('quality-check', { passed: true });
    const before = await stockOf(bought.productId, bought.colorName, bought.size);
    await twice('restock');
    expect(await stockOf(bought.productId, bought.colorName, bought.size)).toBe(before + 1);
    const refunds = await twice('refund');
    expect(refunds.map((answer) => answer.status)).toEqual([200, 200]);
    const owed = await rows(sql`select id from refunds where order_id = ${shop.orderId}`);
    expect(owed).toHaveLength(1);
    const entries = await rows<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_entries
          where entity_id = ${shop.orderId} and action like 'return.%' group by action`,
    );
    expect(entries.every((entry) => entry.n === 1)).toBe(true);
    expect(entries).toHaveLength(6);
  });

  it('refunds a returned line only up to what an earlier refund by hand left of the payment', async () => {
    const shop = await requested('return');
    const { bought } = shop;
    // The shop already gave back all but ₹100 of the payment by hand.
    const byHand = await send(app(), 'POST', `/api/admin/orders/${shop.orderId}/refunds`, {
      token: owner.accessToken,
      body: { amount: bought.price - 100, note: 'Goodwill for a late parcel' },
    });
    expect(byHand.status).toBe(201);
    for (const path of ['approve', 'receive']) {
      expect((await step(shop.lineId, path)).status).toBe(200);
    }
    expect((await step(shop.lineId, 'quality-check', { passed: true })).status).toBe(200);
    expect((await step(shop.lineId, 'restock')).status).toBe(200);
    expect((await step(shop.lineId, 'refund')).status).toBe(200);
    const owed = await rows<{ amount_paise: number; reason: string }>(
      sql`select amount_paise, reason from refunds where order_id = ${shop.orderId}
          order by created_at`,
    );
    expect(owed).toEqual([
      { amount_paise: (bought.price - 100) * 100, reason: 'shop' },
      { amount_paise: 100 * 100, reason: 'returned' },
    ]);
    // The line says what was owed, not its quote.
    const [line] = await rows<{ refund_paise: number }>(
      sql`select refund_paise from order_return_lines where id = ${shop.lineId}`,
    );
    expect(line!.refund_paise).toBe(100 * 100);
  });

  it('leaves a refund above the staff limit to an owner (403), whose refund goes through', async () => {
    const shop = await requested('return');
    const token = staff.accessToken;
    for (const [path, body] of [
      ['approve'],
      ['receive'],
      ['quality-check', { passed: true }],
      ['restock'],
    ] as const) {
      expect((await step(shop.lineId, path, body, token)).status).toBe(200);
    }
    const refused = await step(shop.lineId, 'refund', undefined, token);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: refundMessages.needsOwner(100) },
    });
    expect(await rows(sql`select id from refunds where order_id = ${shop.orderId}`)).toEqual([]);
    expect((await step(shop.lineId, 'refund')).status).toBe(200);
  });

  it('lists open lines oldest first, a page at a time, filtered by state and action', async () => {
    const first = await requested('return');
    const second = await requested('exchange');
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/admin/returns?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await send(app(), 'GET', query, { token: staff.accessToken });
      expect(page.status).toBe(200);
      ids.push(...page.body.data.lines.map((line: { _id: string }) => line._id));
      cursor = page.body.data.next;
    } while (cursor);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.indexOf(first.lineId)).toBeLessThan(ids.indexOf(second.lineId));
    const exchanges = await send(app(), 'GET', '/api/admin/returns?action=exchange&state=all', {
      token: staff.accessToken,
    });
    const actions = exchanges.body.data.lines.map((line: { action: string }) => line.action);
    expect(new Set(actions)).toEqual(new Set(['exchange']));
    // Settled lines are not open.
    const open = await send(app(), 'GET', '/api/admin/returns?limit=100', {
      token: staff.accessToken,
    });
    const states = open.body.data.lines.map((line: { state: string }) => line.state);
    expect(states).not.toContain('refunded');
    expect(states).not.toContain('declined');
  });
});
