import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { type StockedChoice } from './cart-helpers.ts';
import {
  drainRefunds,
  eventually,
  fillCart,
  moveOrder,
  orderBody,
  payOrder,
} from './order-helpers.ts';
import { lastMailTo } from './outbox.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
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
let categoryIds: Record<string, string>;

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: 'owner@lacebloom.in',
    REFUND_RETRY_BASE_MS: '10',
    REFUND_LEASE_MS: '300',
  });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  products = (await getJson(app(), '/api/product/products?limit=100')).body.data.products;
  const categories = (await getJson(app(), '/api/category')).body.data as {
    _id: string;
    slug: string;
  }[];
  categoryIds = Object.fromEntries(categories.map((c) => [c.slug, c._id]));
}, 120_000);
afterAll(() => world?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);
const categoryOf = (product: Product) =>
  typeof product.category === 'string' ? product.category : product.category._id;

function choiceOf(product: Product, colorIndex = 0, sizeIndex?: number): StockedChoice {
  const color = product.colors[colorIndex]!;
  const entry =
    sizeIndex === undefined
      ? color.sizeStock.find((s) => s.stock >= 3)!
      : color.sizeStock[sizeIndex]!;
  return {
    productId: product._id,
    name: product.name,
    price: product.price,
    originalPrice: null,
    categoryId: categoryOf(product),
    colorName: color.colorName,
    colorHex: color.colorHex,
    size: entry.size,
    stock: entry.stock,
    image: color.images[0]!,
  };
}

let used = 0;
/**
 * A product of the category (a different one each call, so tests do not share stock rows) with
 * two sizes in stock in its first colour: answers the bought size and another to exchange for.
 */
function productWithTwoSizes(slug: string) {
  const candidates = products.filter(
    (product) =>
      categoryOf(product) === categoryIds[slug] &&
      product.colors[0]!.sizeStock.filter((s) => s.stock >= 3).length >= 2,
  );
  const product = candidates[used++ % candidates.length]!;
  const sizes = product.colors[0]!.sizeStock.filter((s) => s.stock >= 3);
  const bought = choiceOf(product, 0, product.colors[0]!.sizeStock.indexOf(sizes[0]!));
  return { product, bought, otherSize: sizes[1]!.size };
}

function productOf(slug: string, skip = 0) {
  const product = products.filter(
    (candidate) =>
      categoryOf(candidate) === categoryIds[slug] &&
      candidate.colors[0]!.sizeStock.some((s) => s.stock >= 3),
  )[skip]!;
  return choiceOf(product);
}

async function stockOf(productId: string, colorName: string, size: string) {
  const [row] = await rows<{ stock: number }>(
    sql`select s.stock from product_size_stock s join product_colors c on c.id = s.color_id
        where c.product_id = ${productId} and lower(c.color_name) = lower(${colorName})
          and lower(s.size) = lower(${size})`,
  );
  return row!.stock;
}

const move = (orderId: string, status: string) =>
  moveOrder(app(), orderId, status, owner.accessToken);

/** A new shopper's paid order of these lines (a code applied first when named), delivered. */
/**
 * The shop takes each requested line back on the returns desk: received, checked, restocked, and
 * a return refunded. Answers the order as its shopper reads it then.
 */
async function takeBack(orderId: string, accessToken: string) {
  const shopperOrder = async () =>
    (await send(app(), 'GET', `/api/order/${orderId}`, { token: accessToken })).body.data;
  const lines = (await shopperOrder()).returns as { _id: string; action: string }[];
  for (const line of lines) {
    const steps: [string, object?][] = [
      ['approve'],
      ['receive'],
      ['quality-check', { passed: true }],
      ['restock'],
      ...(line.action === 'return' ? [['refund'] as [string]] : []),
    ];
    for (const [path, body] of steps) {
      const taken = await send(app(), 'POST', `/api/admin/returns/${line._id}/${path}`, {
        token: owner.accessToken,
        ...(body ? { body } : {}),
      });
      expect(taken.status).toBe(200);
    }
  }
  return shopperOrder();
}

async function deliveredOrder(lines: [StockedChoice, number][], code?: string) {
  const { accessToken, shopper } = await signUp(app());
  await fillCart(app(), accessToken, lines);
  if (code) {
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code },
    });
    expect(applied.status).toBe(200);
  }
  const placed = await send(app(), 'POST', '/api/order', {
    token: accessToken,
    body: orderBody(lines),
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.orderId as string;
  const paid = await payOrder(app(), accessToken, orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid });
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    expect((await move(orderId, status)).status).toBe(200);
  }
  const order = (await send(app(), 'GET', `/api/order/${orderId}`, { token: accessToken })).body
    .data as {
    items: { _id: string; product: string; returnable: boolean; returnBlockedReason: string }[];
    canReturn: boolean;
    total: number;
  };
  const itemOf = (choice: StockedChoice) =>
    order.items.find((item) => item.product === choice.productId)!;
  return {
    accessToken,
    email: shopper.email as string,
    orderId,
    order,
    itemOf,
    paymentId: paid.razorpay_payment_id,
  };
}

const requestReturn = (token: string, orderId: string, body: object) =>
  send(app(), 'POST', `/api/order/${orderId}/return`, { token, body });

describe('returns and exchanges per item', () => {
  it('exchanges a bra for another size beside a panty that cannot go back; the panty never blocks it', async () => {
    const { bought: bra, otherSize } = productWithTwoSizes('bras');
    const panty = productOf('panties');
    const shop = await deliveredOrder([
      [bra, 2],
      [panty, 1],
    ]);
    expect(shop.order.canReturn).toBe(true);
    expect(shop.itemOf(panty)).toMatchObject({
      returnable: false,
      returnBlockedReason: `For hygiene reasons ${panty.name} cannot be returned`,
    });
    const boughtBefore = await stockOf(bra.productId, bra.colorName, bra.size);
    const wantedBefore = await stockOf(bra.productId, bra.colorName, otherSize);

    const asked = await requestReturn(shop.accessToken, shop.orderId, {
      reason: 'Too small',
      items: [
        { itemId: shop.itemOf(bra)._id, quantity: 1, action: 'exchange', size: otherSize },
        { itemId: shop.itemOf(panty)._id, action: 'return' },
      ],
    });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('Return requested successfully');
    expect(asked.body.data).toMatchObject({
      status: 'return_requested',
      returnReason: 'Too small',
      canReturn: false,
      declined: [
        {
          itemId: shop.itemOf(panty)._id,
          productName: panty.name,
          reason: `For hygiene reasons ${panty.name} cannot be returned`,
        },
      ],
      returns: [
        {
          itemId: shop.itemOf(bra)._id,
          quantity: 1,
          action: 'exchange',
          exchangeFor: { colorName: bra.colorName, size: otherSize.toLowerCase() },
          state: 'requested',
          stateLabel: 'Exchange requested',
          refundAmount: null,
        },
      ],
    });
    // The replacement is held from the request on.
    expect(await stockOf(bra.productId, bra.colorName, otherSize)).toBe(wantedBefore - 1);
    await app().jobs.deliverMail();
    const requestMail = await lastMailTo(
      world.config.outboxDir,
      shop.email,
      /We have your request/,
    );
    expect(requestMail?.text).toContain(`for size ${otherSize.toUpperCase()}`);
    expect(requestMail?.text).toContain(`Not accepted: ${panty.name}.`);
    expect(requestMail?.text).toContain('2-3 business days');

    // The shop has the bra back: it is restocked, the replacement queued, no money moves.
    const received = await takeBack(shop.orderId, shop.accessToken);
    expect(received).toMatchObject({
      status: 'returned',
      paymentStatus: 'paid',
      returns: [{ state: 'replacement_queued', stateLabel: 'Replacement being packed' }],
    });
    expect(await stockOf(bra.productId, bra.colorName, bra.size)).toBe(boughtBefore + 1);
    expect(await stockOf(bra.productId, bra.colorName, otherSize)).toBe(wantedBefore - 1);
    expect(await rows(sql`select id from refunds where order_id = ${shop.orderId}`)).toHaveLength(
      0,
    );
    const queued = await rows<{ n: number }>(
      sql`select count(*)::int as n from order_return_lines
          where order_id = ${shop.orderId} and state = 'replacement_queued'`,
    );
    expect(queued[0]!.n).toBe(1);
    await app().jobs.deliverMail();
    const receivedMail = await lastMailTo(world.config.outboxDir, shop.email, /request is moving/);
    expect(receivedMail?.text).toContain('Your replacement is being packed');
  });

  it('refunds a returned line its price less its share of the discount, once, through the refunds table', async () => {
    const bra = productOf('bras', 1);
    const sleep = productOf('apparel');
    const shop = await deliveredOrder(
      [
        [bra, 1],
        [sleep, 1],
      ],
      'NEW10',
    );
    const braPaise = Math.round(bra.price * 100);
    const sleepPaise = Math.round(sleep.price * 100);
    const discount = braPaise + sleepPaise - Math.round(shop.order.total * 100);
    expect(discount).toBeGreaterThan(0);

    const asked = await requestReturn(shop.accessToken, shop.orderId, {
      reason: 'Not for me',
      items: [{ itemId: shop.itemOf(bra)._id, action: 'return' }],
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.declined).toEqual([]);
    const received = await takeBack(shop.orderId, shop.accessToken);
    expect(received.paymentStatus).toBe('refund_pending');
    const [owed] = await rows<{ amount_paise: number; reason: string }>(
      sql`select amount_paise, reason from refunds where order_id = ${shop.orderId}`,
    );
    // The bra's share of the discount is in proportion to its price, to the paisa.
    const share = Math.floor((discount * braPaise) / (braPaise + sleepPaise));
    expect(owed!.reason).toBe('returned');
    expect(owed!.amount_paise).toBeGreaterThanOrEqual(braPaise - share - 1);
    expect(owed!.amount_paise).toBeLessThanOrEqual(braPaise - share);
    expect(received.returns[0]).toMatchObject({
      state: 'refunded',
      refundAmount: owed!.amount_paise / 100,
    });

    await drainRefunds(world);
    const atProvider = await rows<{ amount_paise: number }>(
      sql`select amount_paise from simulator_refunds where provider_payment_id = ${shop.paymentId}`,
    );
    expect(atProvider).toEqual([{ amount_paise: owed!.amount_paise }]);
    await eventually(async () => {
      const order = await send(app(), 'GET', `/api/order/${shop.orderId}`, {
        token: shop.accessToken,
      });
      return order.body.data.paymentStatus === 'partially_refunded';
    });
    const [payment] = await rows<{ status: string }>(
      sql`select status from payments where provider_payment_id = ${shop.paymentId}`,
    );
    expect(payment!.status).toBe('paid');
  });

  it('takes every eligible line whole when no lines are named, and refuses an order of panties alone', async () => {
    const bra = productOf('bras', 2);
    const panty = productOf('panties', 1);
    const shop = await deliveredOrder([
      [bra, 1],
      [panty, 1],
    ]);
    const asked = await requestReturn(shop.accessToken, shop.orderId, { reason: 'Whole order' });
    expect(asked.status).toBe(200);
    expect(asked.body.data.returns).toMatchObject([
      { itemId: shop.itemOf(bra)._id, action: 'return', quantity: 1 },
    ]);
    expect(asked.body.data.declined).toMatchObject([{ itemId: shop.itemOf(panty)._id }]);

    const pantiesOnly = await deliveredOrder([[productOf('panties', 2), 1]]);
    expect(pantiesOnly.order.canReturn).toBe(false);
    const refused = await requestReturn(pantiesOnly.accessToken, pantiesOnly.orderId, {
      reason: 'x',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('For hygiene reasons');
  });

  it('declines an exchange whose replacement is sold out without blocking the line beside it', async () => {
    const { bought: bra, otherSize } = productWithTwoSizes('bras');
    const sleep = productOf('apparel', 1);
    const shop = await deliveredOrder([
      [bra, 1],
      [sleep, 1],
    ]);
    await world.database.db.execute(
      sql`update product_size_stock s set stock = 0 from product_colors c
          where s.color_id = c.id and c.product_id = ${bra.productId}
            and lower(c.color_name) = lower(${bra.colorName}) and lower(s.size) = lower(${otherSize})`,
    );
    const asked = await requestReturn(shop.accessToken, shop.orderId, {
      reason: 'Fit',
      items: [
        { itemId: shop.itemOf(bra)._id, action: 'exchange', size: otherSize },
        { itemId: shop.itemOf(sleep)._id, action: 'return' },
      ],
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.declined).toEqual([
      {
        itemId: shop.itemOf(bra)._id,
        productName: bra.name,
        reason: `${bra.name} in ${bra.colorName}, size ${otherSize.toUpperCase()} is out of stock`,
      },
    ]);
    expect(asked.body.data.returns).toMatchObject([{ itemId: shop.itemOf(sleep)._id }]);
  });

  it('gives a declined exchange its replacement stock back, and a line is asked for only once', async () => {
    const { bought: bra, otherSize } = productWithTwoSizes('bras');
    const shop = await deliveredOrder([[bra, 1]]);
    const before = await stockOf(bra.productId, bra.colorName, otherSize);
    const body = {
      reason: 'Fit',
      items: [{ itemId: shop.itemOf(bra)._id, action: 'exchange', size: otherSize }],
    };
    expect((await requestReturn(shop.accessToken, shop.orderId, body)).status).toBe(200);
    expect(await stockOf(bra.productId, bra.colorName, otherSize)).toBe(before - 1);
    const refused = await move(shop.orderId, 'delivered');
    expect(refused.body.data).toMatchObject({
      status: 'delivered',
      returns: [{ state: 'declined', stateLabel: 'Exchange declined' }],
    });
    expect(await stockOf(bra.productId, bra.colorName, otherSize)).toBe(before);
    await app().jobs.deliverMail();
    expect(
      await lastMailTo(world.config.outboxDir, shop.email, /About your request/),
    ).toBeDefined();
    const again = await requestReturn(shop.accessToken, shop.orderId, body);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('An exchange or return was already asked for this item');
  });

  it('holds one replacement for ten identical requests sent at once', async () => {
    const { bought: bra, otherSize } = productWithTwoSizes('bras');
    const shop = await deliveredOrder([[bra, 1]]);
    const before = await stockOf(bra.productId, bra.colorName, otherSize);
    const body = {
      reason: 'Fit',
      items: [{ itemId: shop.itemOf(bra)._id, action: 'exchange', size: otherSize }],
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => requestReturn(shop.accessToken, shop.orderId, body)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 400)).toBe(true);
    expect(await stockOf(bra.productId, bra.colorName, otherSize)).toBe(before - 1);
    const lines = await rows(
      sql`select id from order_return_lines where order_id = ${shop.orderId}`,
    );
    expect(lines).toHaveLength(1);
  });

  it('answers malformed requests with a 400 and the reason', async () => {
    const { bought: bra } = productWithTwoSizes('bras');
    const shop = await deliveredOrder([[bra, 1]]);
    const ask = (items: object[]) =>
      requestReturn(shop.accessToken, shop.orderId, { reason: 'x', items });
    const cases: [object[], string][] = [
      [
        [{ itemId: shop.itemOf(bra)._id, action: 'swap' }],
        "Choose 'exchange' or 'return' for each item",
      ],
      [[{ itemId: crypto.randomUUID(), action: 'return' }], 'This item is not part of the order'],
      [
        [{ itemId: shop.itemOf(bra)._id, action: 'return', quantity: 2 }],
        'You can send back at most 1 of this item',
      ],
      [
        [{ itemId: shop.itemOf(bra)._id, action: 'exchange' }],
        'Choose the size or colour you would like instead',
      ],
      [
        [{ itemId: shop.itemOf(bra)._id, action: 'exchange', size: 'XXXL-not-made' }],
        `${bra.name} is not sold in ${bra.colorName}, size XXXL-NOT-MADE`,
      ],
      [[], 'Choose at least one item to exchange or return'],
    ];
    for (const [items, message] of cases) {
      const answer = await ask(items);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const signedOut = await send(app(), 'POST', `/api/order/${shop.orderId}/return`, {
      body: { reason: 'x' },
    });
    expect(signedOut.status).toBe(401);
    const stranger = await signUp(app());
    expect((await requestReturn(stranger.accessToken, shop.orderId, { reason: 'x' })).status).toBe(
      404,
    );
  });
});
