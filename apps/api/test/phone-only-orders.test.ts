// A shopper whose account was made by a sign-in code (a phone, no e-mail) buys end to end: cash
// on delivery confirmed with the code her phone got, a prepaid order through the payment
// simulator, her orders, the invoice; no mail is attempted to an empty address and nothing
// answers 5xx. Her order messages go to her verified number by WhatsApp, each linking her order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopSettings } from '@shop/contracts/shop-settings';
import { gstinCheckCharacter } from '@shop/domain/gstin';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import {
  eventually,
  fillCart,
  moveOrder,
  orderBody,
  payOrder,
  placeOrder,
  shipByHand,
} from './order-helpers.ts';
import { readOutbox } from './outbox.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const GSTIN = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;
const PHONE = '9812300042';

let world: TestWorld;
let owner: { accessToken: string };
let token: string;
let userId: string;
let choices: StockedChoice[];
const app = () => world.app;

/** The simulator's messages to her number, once the outbox has sent what is due. */
async function messagesToHer() {
  await app().jobs.sendMessages();
  return (await app().messaging.messagingSimulator!.messages()).filter(
    (message) => message.to === PHONE,
  );
}

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  const saved = await send(app(), 'PATCH', '/api/admin/settings', {
    token: owner.accessToken,
    body: {
      ...defaultShopSettings,
      gstin: GSTIN,
      paymentMethods: ['online', 'cod'],
      cashOnDelivery: { feeRupees: 49, minOrderRupees: 299, maxOrderRupees: 10_000 },
    },
  });
  expect(saved.status).toBe(200);
  choices = (await stockedChoices(app(), 5)).filter(
    (choice) => choice.price >= 300 && choice.price <= 3_000,
  );

  // Her account: made by the code WhatsApp brought her, with no e-mail.
  const sent = await send(app(), 'POST', '/api/auth/otp/send', { body: { phone: PHONE } });
  expect(sent.status).toBe(200);
  let code: string | undefined;
  await eventually(async () => {
    code = (await messagesToHer()).find((message) => message.template === 'sign_in_code')
      ?.variables[0];
    return code !== undefined;
  });
  const signedIn = await send(app(), 'POST', '/api/auth/otp/verify', {
    body: { requestId: sent.body.data.requestId, phone: PHONE, code },
  });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.data.user).toMatchObject({ phone: PHONE, email: '' });
  token = signedIn.body.data.accessToken as string;
  userId = signedIn.body.data.user._id as string;
}, 180_000);
afterAll(() => world?.close());

describe('a phone-only account buys', () => {
  it('places a cash-on-delivery order, confirms it with the code her phone got, and sees it', async () => {
    const choice = choices[0]!;
    await fillCart(app(), token, [[choice, 1]]);
    const options = await send(app(), 'GET', '/api/order/cod-options?pinCode=560001', { token });
    expect(options.status).toBe(200);
    const placed = await send(app(), 'POST', '/api/order', {
      token,
      body: orderBody([[choice, 1]], { paymentMethod: 'cod' }),
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data.order as { _id: string; orderNumber: string };

    // Its code mail has nobody to go to: settled as sent to nobody, never a mail to ''.
    await app().jobs.deliverMail();
    const mails = await readOutbox(world.config.outboxDir);
    expect(mails.filter((mail) => mail.to.trim() === '')).toEqual([]);
    const unsettled = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    );
    expect(unsettled[0]!.n).toBe(0);

    // The code reached her verified number by WhatsApp, with the link to her order.
    const placedMessage = (await messagesToHer()).find(
      (message) =>
        message.template === 'order_placed_cod' && message.text.includes(order.orderNumber),
    );
    expect(placedMessage).toMatchObject({ channel: 'whatsapp' });
    expect(placedMessage!.text).toContain(`${world.config.publicUrl}/orders/${order.orderNumber}`);
    const confirmed = await send(app(), 'POST', `/api/order/${order._id}/cod/confirm`, {
      token,
      body: { code: placedMessage!.variables[1] },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.codConfirmedAt).toEqual(expect.any(String));

    // The shop confirms and ships it: the message names the courier and AWB and links her order.
    const moved = await moveOrder(app(), order._id, 'confirmed', owner.accessToken);
    expect(moved.status).toBe(200);
    const shipped = await shipByHand(app(), order._id, owner.accessToken, {
      courier: 'Delhivery',
      awb: 'HB9812300042',
    });
    expect(shipped.status).toBe(200);
    const shippedMessage = (await messagesToHer()).find(
      (message) => message.template === 'order_shipped' && message.text.includes(order.orderNumber),
    );
    expect(shippedMessage!.text).toContain('Delhivery');
    expect(shippedMessage!.text).toContain('HB9812300042');
    expect(shippedMessage!.text).toContain(`${world.config.publicUrl}/orders/${order.orderNumber}`);

    // Her orders, found by the number the link carries.
    const found = await send(
      app(),
      'GET',
      `/api/order/search?q=${encodeURIComponent(order.orderNumber)}`,
      { token },
    );
    expect(found.status).toBe(200);
    expect(found.body.data.orders.map((each: { _id: string }) => each._id)).toEqual([order._id]);
    expect(found.body.data.orders[0].tracking).toMatchObject({ courier: 'Delhivery' });

    // Another shopper's order number, as a link her page could be given, finds nothing of hers.
    const someoneElse = await signUp(app());
    const theirs = await placeOrder(app(), someoneElse.accessToken, [[choices[2] ?? choice, 1]]);
    const notHers = await send(
      app(),
      'GET',
      `/api/order/search?q=${encodeURIComponent(theirs.orderNumber)}`,
      { token },
    );
    expect(notHers.status).toBe(200);
    expect(notHers.body.data.orders).toEqual([]);
  });

  it('pays a prepaid order through the simulator, gets its confirmation, and downloads the invoice', async () => {
    const choice = choices[1] ?? choices[0]!;
    await fillCart(app(), token, [[choice, 1]]);
    const placed = await send(app(), 'POST', '/api/order', {
      token,
      body: orderBody([[choice, 1]]),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.order._id as string;
    const fields = await payOrder(app(), token, orderId);
    expect(fields.razorpay_payment_id).toBeTruthy();
    const verified = await send(app(), 'POST', '/api/payments/verify', { token, body: fields });
    expect(verified.status).toBe(200);
    expect(verified.body.data.order.paymentStatus).toBe('paid');

    await app().jobs.deliverMail();
    expect(
      (await readOutbox(world.config.outboxDir)).filter((mail) => mail.to.trim() === ''),
    ).toEqual([]);

    const listed = await send(app(), 'GET', '/api/order', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.orders.map((each: { _id: string }) => each._id)).toContain(orderId);
    const stats = await send(app(), 'GET', '/api/order/stats', { token });
    expect(stats.status).toBe(200);

    const invoices = await send(app(), 'GET', `/api/order/${orderId}/invoices`, { token });
    expect(invoices.status).toBe(200);
    const pdf = await app().inject({
      method: 'GET',
      url: `/api/order/${orderId}/invoice.pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // Her account's data names the orders too (no e-mail anywhere to trip on).
    const data = await send(app(), 'GET', '/api/account/data', { token });
    expect(data.status).toBe(200);
    expect(userId).toBeTruthy();
  });
});
