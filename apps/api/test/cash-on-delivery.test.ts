// Cash on delivery: off until the owner turns it on; then offered within its terms, placed
// without a payment window, confirmed by the mailed code (or by the shop), expired when nobody
// confirms it, paid when the courier delivers it, and refused to accounts that keep refusing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codMessages } from '@shop/domain/cash-on-delivery';
import { createHmac } from 'node:crypto';
import { queryRows } from '../src/db/client.ts';
import { paymentMark } from '../src/features/dispatch/dispatch-documents.ts';
import { deriveKey } from '../src/security/derived-keys.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, fillCart, moveOrder, orderBody } from './order-helpers.ts';
import { attachmentsOf, readOutbox } from './outbox.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  choices = (await stockedChoices(app(), 5)).filter(
    (choice) => choice.price >= 300 && choice.price <= 3_000,
  );
}, 120_000);
afterAll(() => world?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);

async function codTerms(terms: { on: boolean; fee?: number; min?: number; max?: number }) {
  const current = await send(app(), 'GET', '/api/admin/settings', { token: owner.accessToken });
  const settings = current.body.data.settings;
  const saved = await send(app(), 'PATCH', '/api/admin/settings', {
    token: owner.accessToken,
    body: {
      ...settings,
      // A registered GSTIN, so paid orders are invoiced.
      gstin: '29AAGCB7383J1Z4',
      paymentMethods: terms.on ? ['online', 'cod'] : ['online'],
      cashOnDelivery: {
        feeRupees: terms.fee ?? 49,
        minOrderRupees: terms.min ?? 299,
        maxOrderRupees: terms.max ?? 10_000,
      },
    },
  });
  expect(saved.status).toBe(200);
}

let next = 0;
/** A new shopper with one line of a product in her cart. */
async function shopperWithCart() {
  const shopper = await signUp(app());
  const choice = choices[next++ % choices.length]!;
  await fillCart(app(), shopper.accessToken, [[choice, 1]]);
  return { token: shopper.accessToken, email: shopper.shopper.email as string, choice };
}

const placeCod = (token: string, choice: StockedChoice) =>
  send(app(), 'POST', '/api/order', {
    token,
    body: orderBody([[choice, 1]], { paymentMethod: 'cod' }),
  });

async function codeMailedTo(email: string, orderNumber: string) {
  const mails = await readOutbox(world.config.outboxDir);
  const mail = mails.find(
    (found) =>
      found.to.includes(email) &&
      found.subject.includes(`Confirm your Lacebloom order ${orderNumber}`),
  );
  return /Your confirmation code is (\d{6})/.exec(mail?.text ?? '')?.[1];
}

/** Every column of every outbox row about the shopper, as text. */
async function storedMailsOf(email: string) {
  const stored = await rows<{ row: string }>(
    sql`select to_jsonb(m)::text as row from mail_outbox m
        where to_jsonb(m)::text like ${`%${email}%`}`,
  );
  return stored.map(({ row }) => row);
}

/**
 * A placed COD order's lines left her cart, and its confirmation code was mailed to her: the
 * delivered mail holds the code, no column of the outbox ever did (before delivery or after),
 * and the order keeps its hash under the code's own key, not under JWT_SECRET.
 */
async function expectHandedOver(token: string, email: string, orderNumber: string) {
  const cart = await send(app(), 'GET', '/api/cart', { token });
  expect(cart.body.data.items).toHaveLength(0);
  const queued = await storedMailsOf(email);
  expect(queued.length).toBeGreaterThan(0);
  await app().jobs.deliverMail();
  const code = await codeMailedTo(email, orderNumber);
  expect(code).toMatch(/^\d{6}$/);
  const alone = new RegExp(`(?<!\\d)${code}(?!\\d)`);
  for (const row of [...queued, ...(await storedMailsOf(email))]) expect(row).not.toMatch(alone);
  const [order] = await rows<{ hash: string }>(
    sql`select cod_code_hash as hash from orders where order_number = ${orderNumber}`,
  );
  const hmac = (key: string | Buffer) =>
    createHmac('sha256', key).update(`${orderNumber}:${code}`).digest('hex');
  expect(order!.hash).toBe(hmac(deriveKey(world.config.jwtSecret, 'cash-on-delivery-code')));
  expect(order!.hash).not.toBe(hmac(world.config.jwtSecret));
}

const stockOf = async (choice: StockedChoice) => {
  const [row] = await rows<{ stock: number }>(
    sql`select s.stock from product_size_stock s join product_colors c on c.id = s.color_id
        where c.product_id = ${choice.productId} and c.color_name = ${choice.colorName}
          and lower(s.size) = lower(${choice.size})`,
  );
  return row!.stock;
};

describe('cash on delivery', () => {
  it('is off by default: not offered, and an order asking for it is refused', async () => {
    const { token, choice } = await shopperWithCart();
    const options = await send(app(), 'GET', `/api/order/cod-options?pinCode=${address.pinCode}`, {
      token,
    });
    expect(options.body.data).toMatchObject({ available: false, message: codMessages.off });
    const placed = await placeCod(token, choice);
    expect(placed).toMatchObject({ status: 400, body: { message: codMessages.off } });
  });

  it('takes the owner’s terms only when they make sense', async () => {
    const current = await send(app(), 'GET', '/api/admin/settings', { token: owner.accessToken });
    const settings = current.body.data.settings;
    const save = (changes: Record<string, unknown>) =>
      send(app(), 'PATCH', '/api/admin/settings', {
        token: owner.accessToken,
        body: { ...settings, ...changes },
      });
    expect(
      await save({
        paymentMethods: ['online', 'cod'],
        cashOnDelivery: { feeRupees: 49, minOrderRupees: 5_000, maxOrderRupees: 1_000 },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'The largest cash-on-delivery order must be at least the smallest' },
    });
    expect(await save({ paymentMethods: ['cod'] })).toMatchObject({
      status: 400,
      body: { message: 'Online payment is always offered' },
    });
  });

  it('places an order to be paid at the door, confirmed by the mailed code', async () => {
    await codTerms({ on: true, fee: 49 });
    const { token, email, choice } = await shopperWithCart();
    const options = await send(app(), 'GET', `/api/order/cod-options?pinCode=${address.pinCode}`, {
      token,
    });
    expect(options.body.data).toEqual({ available: true, fee: 49, message: null });
    const before = await stockOf(choice);
    const placed = await placeCod(token, choice);
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'cod_pending',
      status: 'pending',
      codFee: 49,
      total: choice.price + 49,
      codConfirmedAt: null,
    });
    expect(await stockOf(choice)).toBe(before - 1);
    // Nothing to pay online: the lines left the cart, and the payment window is refused.
    const cart = await send(app(), 'GET', '/api/cart', { token });
    expect(cart.body.data.items).toHaveLength(0);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token,
      body: { orderId: order._id, method: 'razorpay' },
    });
    expect(initiated.status).toBe(400);

    await app().jobs.deliverMail();
    const code = await codeMailedTo(email, order.orderNumber);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await send(app(), 'POST', `/api/order/${order._id}/cod/confirm`, {
      token,
      body: { code: wrong },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: codMessages.codeWrong } });
    // Two tabs confirm at once: one confirmation, one mail.
    const confirmed = await Promise.all(
      [code, code].map((typed) =>
        send(app(), 'POST', `/api/order/${order._id}/cod/confirm`, {
          token,
          body: { code: typed },
        }),
      ),
    );
    expect(confirmed.map((answer) => answer.status)).toEqual([200, 200]);
    expect(confirmed[0]!.body.data.codConfirmedAt).toEqual(expect.any(String));
    await app().jobs.deliverMail();
    const confirmations = (await readOutbox(world.config.outboxDir)).filter(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject === `Your Lacebloom order ${order.orderNumber} is confirmed`,
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('To pay on delivery');

    // Confirmed cash on delivery is ready for the shelves; delivered, it is paid.
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      const moved = await moveOrder(app(), order._id, status, owner.accessToken);
      expect(moved.status).toBe(200);
    }
    const delivered = await send(app(), 'GET', `/api/order/${order._id}`, { token });
    expect(delivered.body.data).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(delivered.body.data.paidAt).toEqual(expect.any(String));
    // Paid at the door, it is invoiced, the fee taxed with the goods.
    const invoice = await app().inject({
      method: 'GET',
      url: `/api/order/${order._id}/invoice.pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');
    // The invoice goes with the delivered mail, not the shipped one (it was unpaid then).
    await app().jobs.deliverMail();
    const mails = (await readOutbox(world.config.outboxDir)).filter((mail) =>
      mail.to.includes(email),
    );
    const shippedMail = mails.find((mail) => mail.subject.endsWith('is on its way'));
    const deliveredMail = mails.find((mail) => mail.subject.endsWith('has been delivered'));
    expect(attachmentsOf(shippedMail!)).toEqual([]);
    const attached = attachmentsOf(deliveredMail!);
    expect(attached.map((file) => file.contentType)).toEqual(['application/pdf']);
    expect(attached[0]!.content.equals(invoice.rawPayload)).toBe(true);
  });

  it('is placed in one transaction, also in place of an order awaiting online payment: the lines leave the cart and the code is mailed', async () => {
    await codTerms({ on: true, fee: 49 });
    const { token, email, choice } = await shopperWithCart();
    const online = await send(app(), 'POST', '/api/order', {
      token,
      body: orderBody([[choice, 1]]),
    });
    expect(online.status).toBe(201);
    const before = await stockOf(choice);
    const transactions = vi.spyOn(world.database.db, 'transaction');
    try {
      const placed = await placeCod(token, choice);
      expect(placed.status).toBe(201);
      expect(transactions).toHaveBeenCalledTimes(1);
      const order = placed.body.data.order;
      expect(order).toMatchObject({ paymentMethod: 'cod', total: choice.price + 49 });
      // The unit the online order held came back before the new order took one.
      expect(await stockOf(choice)).toBe(before);
      const [replaced] = await rows<{ status: string }>(
        sql`select status from orders where id = ${online.body.data.orderId}`,
      );
      expect(replaced!.status).toBe('cancelled');
      await expectHandedOver(token, email, order.orderNumber);
    } finally {
      transactions.mockRestore();
    }
  });

  it('is placed in one transaction with its discount code, its confirmation code and its mail', async () => {
    await codTerms({ on: true, fee: 49 });
    const { token, email, choice } = await shopperWithCart();
    const code = `DOOR${Date.now().toString(36).toUpperCase()}`;
    await world.database.db.execute(
      sql`insert into discounts (code, type, amount_off_paise) values (${code}, 'coupon', 100)`,
    );
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token,
      body: { code },
    });
    expect(applied.status).toBe(200);
    const transactions = vi.spyOn(world.database.db, 'transaction');
    try {
      const placed = await placeCod(token, choice);
      expect(placed.status).toBe(201);
      expect(transactions).toHaveBeenCalled();
      const order = placed.body.data.order;
      expect(order).toMatchObject({
        paymentMethod: 'cod',
        discountCode: code,
        total: choice.price - 1 + 49,
      });
      await expectHandedOver(token, email, order.orderNumber);
    } finally {
      transactions.mockRestore();
    }
  });

  it('keeps an unconfirmed order off the shelves; the shop confirms it after a call', async () => {
    await codTerms({ on: true });
    const { token, choice } = await shopperWithCart();
    const order = (await placeCod(token, choice)).body.data.order;
    const early = await send(app(), 'PATCH', `/api/admin/orders/${order._id}/status`, {
      token: owner.accessToken,
      body: { status: 'confirmed' },
    });
    expect(early).toMatchObject({ status: 400, body: { message: 'Order is not paid' } });
    // Five wrong codes spend the shopper's tries; even the right one is then the shop's to take.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await send(app(), 'POST', `/api/order/${order._id}/cod/confirm`, {
        token,
        body: { code: '999999' },
      });
    }
    const spent = await send(app(), 'POST', `/api/order/${order._id}/cod/confirm`, {
      token,
      body: { code: '123456' },
    });
    expect(spent).toMatchObject({ status: 409, body: { message: codMessages.codeSpent } });
    const byShop = await send(app(), 'POST', `/api/admin/orders/${order._id}/cod-confirm`, {
      token: owner.accessToken,
    });
    expect(byShop.status).toBe(200);
    expect(byShop.body.data.codConfirmedAt).toEqual(expect.any(String));
    const [entry] = await rows<{ action: string }>(
      sql`select action from audit_entries where entity_id = ${order._id} and action = 'order.cod_confirm'`,
    );
    expect(entry).toBeDefined();
  });

  it('cancels a COD order nobody confirmed in time and gives its stock back', async () => {
    await codTerms({ on: true });
    const { token, choice } = await shopperWithCart();
    const before = await stockOf(choice);
    const order = (await placeCod(token, choice)).body.data.order;
    expect(await stockOf(choice)).toBe(before - 1);
    await world.database.db.execute(
      sql`update orders set payment_due_at = now() - interval '1 minute' where id = ${order._id}`,
    );
    await app().jobs.expireUnpaidOrders();
    const expired = await send(app(), 'GET', `/api/order/${order._id}`, { token });
    expect(expired.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cash on delivery was not confirmed in time',
    });
    expect(await stockOf(choice)).toBe(before);
  });

  it('keeps to the owner’s order-value bounds', async () => {
    await codTerms({ on: true, min: 299, max: 299 });
    const { token, choice } = await shopperWithCart();
    const placed = await placeCod(token, choice);
    expect(placed).toMatchObject({
      status: 400,
      body: { message: 'Cash on delivery is available on orders up to ₹299' },
    });
  });

  it('asks an account with three cancelled COD orders among its last ten to pay online', async () => {
    await codTerms({ on: true });
    const shopper = await signUp(app());
    const token = shopper.accessToken;
    for (let round = 0; round < 3; round += 1) {
      const choice = choices[next++ % choices.length]!;
      await fillCart(app(), token, [[choice, 1]]);
      const order = (await placeCod(token, choice)).body.data.order;
      const cancelled = await send(app(), 'POST', `/api/order/${order._id}/cancel`, {
        token,
        body: { reason: 'Changed my mind' },
      });
      expect(cancelled.status).toBe(200);
    }
    const choice = choices[next++ % choices.length]!;
    await fillCart(app(), token, [[choice, 1]]);
    const options = await send(app(), 'GET', `/api/order/cod-options?pinCode=${address.pinCode}`, {
      token,
    });
    expect(options.body.data).toMatchObject({ available: false, message: codMessages.history });
    expect(await placeCod(token, choice)).toMatchObject({
      status: 400,
      body: { message: codMessages.history },
    });
    // Paying online still works.
    const online = await send(app(), 'POST', '/api/order', {
      token,
      body: orderBody([[choice, 1]]),
    });
    expect(online.status).toBe(201);
  });

  it('prints the cash to collect on the label', () => {
    expect(paymentMark({ cashToCollectPaise: 0 })).toBe('PREPAID');
    expect(paymentMark({ cashToCollectPaise: 134_900 })).toBe('COD: collect Rs. 1,349.00');
  });
});
