// Order updates on her phone: each step of an order's life queues its WhatsApp or SMS in the
// step's own transaction, once per step, and the order's answer shows what went out and how far
// it got.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUp } from './auth-helpers.ts';
import type { StockedChoice } from './cart-helpers.ts';
import {
  address,
  drainRefunds,
  eventually,
  fillCart,
  moveOrder,
  orderBody,
  payOrder,
  placeOrder,
  shipByHand,
} from './order-helpers.ts';
import { readOutbox } from './outbox.ts';
import { openCodShop } from './cod-shop.ts';
import type { TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  ({ world, owner, choices } = await openCodShop(3));
}, 120_000);
afterAll(() => world?.close());

/** The simulator's messages naming this order, once the outbox has sent what is due. */
async function messagesAbout(orderNumber: string) {
  await app().jobs.sendMessages();
  const all = await app().messaging.messagingSimulator!.messages();
  return all.filter((message) => message.text.includes(orderNumber));
}

async function codeMailedTo(email: string, orderNumber: string) {
  await app().jobs.deliverMail();
  const mail = (await readOutbox(world.config.outboxDir)).find(
    (found) => found.to.includes(email) && found.subject.includes(`order ${orderNumber}`),
  );
  return /Your confirmation code is (\d{6})/.exec(mail?.text ?? '')?.[1];
}

describe('order updates on her phone', () => {
  it('sends a cash-on-delivery order its code, its shipping once with the AWB, and shows them on the order', async () => {
    const shopper = await signUp(app());
    const token = shopper.accessToken;
    const choice = choices[0]!;
    await fillCart(app(), token, [[choice, 1]]);
    const placed = await send(app(), 'POST', '/api/order', {
      token,
      body: orderBody([[choice, 1]], { paymentMethod: 'cod' }),
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;

    // Placed: by SMS to the delivery address's phone (she has no verified number), with the
    // code her mail carries; the outbox never held the code.
    const code = await codeMailedTo(shopper.shopper.email as string, order.orderNumber);
    expect(code).toMatch(/^\d{6}$/);
    const placedSms = await messagesAbout(order.orderNumber);
    expect(placedSms).toHaveLength(1);
    expect(placedSms[0]).toMatchObject({
      channel: 'sms',
      to: address.phone,
      template: 'order_placed_cod',
    });
    expect(placedSms[0]!.text).toContain(`Confirmation code ${code}`);
    // The link opens her order: the order number is its variable part.
    expect(placedSms[0]!.text).toContain(`${world.config.publicUrl}/orders/${order.orderNumber}`);
    // What was sent is what her account shows before she chose: SMS on, WhatsApp off (no
    // verified number).
    const preferences = await send(app(), 'GET', '/api/account/messages', { token });
    expect(preferences.body.data.orderUpdates).toEqual({ email: true, whatsapp: false, sms: true });

    const confirmed = await send(app(), 'POST', `/api/order/${order._id}/cod/confirm`, {
      token,
      body: { code },
    });
    expect(confirmed.status).toBe(200);
    for (const status of ['confirmed', 'processing']) {
      expect((await moveOrder(app(), order._id, status, owner.accessToken)).status).toBe(200);
    }
    const awb = `HB${order.orderNumber.replace(/\D/g, '').slice(-10)}`;
    const shipped = await shipByHand(app(), order._id, owner.accessToken, {
      courier: 'Delhivery',
      awb,
    });
    expect(shipped.status).toBe(200);
    // The step again (a second click): refused, and nothing is sent twice.
    await shipByHand(app(), order._id, owner.accessToken, { courier: 'Delhivery', awb });

    const sent = await messagesAbout(order.orderNumber);
    const shippedSms = sent.filter((message) => message.template === 'order_shipped');
    expect(shippedSms).toHaveLength(1);
    expect(shippedSms[0]!.text).toContain(`AWB ${awb}`);
    expect(shippedSms[0]!.text).toContain('Delhivery');
    // Her order's page shows the courier, the AWB and the courier's tracking: the order's link.
    expect(
      shippedSms[0]!.text.endsWith(
        `Track it at ${world.config.publicUrl}/orders/${order.orderNumber}`,
      ),
    ).toBe(true);
    expect(shippedSms[0]!.variables).toEqual([
      order.orderNumber,
      'Delhivery',
      awb,
      order.orderNumber,
    ]);

    // Her order shows both messages, with their delivery states (the provider's webhook).
    let shown: Array<{ step: string; channel: string; status: string }> = [];
    await eventually(async () => {
      const answer = await send(app(), 'GET', `/api/order/${order._id}`, { token });
      shown = answer.body.data.messages;
      return shown.length === 2 && shown.every((message) => message.status === 'delivered');
    });
    expect(shown.map(({ step, channel }) => ({ step, channel }))).toEqual([
      { step: 'placed_cod', channel: 'sms' },
      { step: 'shipped', channel: 'sms' },
    ]);
    // My Orders lists them with the order (its timeline there).
    const listed = await send(app(), 'GET', '/api/order', { token });
    const mine = listed.body.data.orders.find((found: { _id: string }) => found._id === order._id);
    expect(mine.messages.map((message: { step: string }) => message.step)).toEqual([
      'placed_cod',
      'shipped',
    ]);
    // The owner's order screen shows them too.
    const desk = await send(app(), 'GET', `/api/admin/orders/${order._id}`, {
      token: owner.accessToken,
    });
    expect(desk.status).toBe(200);
    expect(desk.body.data.order.messages).toHaveLength(2);

    expect((await moveOrder(app(), order._id, 'delivered', owner.accessToken)).status).toBe(200);
    const delivered = (await messagesAbout(order.orderNumber)).filter(
      (message) => message.template === 'order_delivered',
    );
    expect(delivered).toHaveLength(1);
  });

  it('tells her of a cancel and of its refund, sent and credited, each once', async () => {
    const { accessToken: token } = await signUp(app());
    const choice = choices[1] ?? choices[0]!;
    const { orderId, orderNumber } = await placeOrder(app(), token, [[choice, 1]]);
    const paid = await payOrder(app(), token, orderId);
    const verified = await send(app(), 'POST', '/api/payments/verify', { token, body: paid });
    expect(verified.body.data.order.paymentStatus).toBe('paid');
    const cancelled = await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancelled.status).toBe(200);
    await drainRefunds(world);
    await eventually(async () => {
      const answer = await send(app(), 'GET', `/api/order/${orderId}`, { token });
      return answer.body.data.paymentStatus === 'refunded';
    });
    const sent = await messagesAbout(orderNumber);
    expect(sent.map((message) => message.template).sort()).toEqual([
      'order_cancelled',
      'refund_credited',
      'refund_sent',
    ]);
    const credited = sent.find((message) => message.template === 'refund_credited')!;
    expect(credited.text).toContain(`₹`);
    expect(credited.text.endsWith(` ${world.config.publicUrl}/orders/${orderNumber}`)).toBe(true);
    const answer = await send(app(), 'GET', `/api/order/${orderId}`, { token });
    expect(answer.body.data.messages.map((message: { step: string }) => message.step)).toEqual([
      'cancelled',
      'refund_sent',
      'refund_credited',
    ]);
  });

  it('follows her choice: SMS switched off for order updates sends her none', async () => {
    const shopper = await signUp(app());
    const token = shopper.accessToken;
    // Ticked, then unticked: her newest choice is off.
    for (const sms of [true, false]) {
      const chose = await send(app(), 'PUT', '/api/account/messages', {
        token,
        body: {
          orderUpdates: { email: true, whatsapp: false, sms },
          offers: { email: false, whatsapp: false, sms: false },
        },
      });
      expect(chose.status).toBe(200);
    }
    const choice = choices[2] ?? choices[0]!;
    await fillCart(app(), token, [[choice, 1]]);
    const placed = await send(app(), 'POST', '/api/order', {
      token,
      body: orderBody([[choice, 1]], { paymentMethod: 'cod' }),
    });
    expect(placed.status).toBe(201);
    expect(await messagesAbout(placed.body.data.order.orderNumber)).toEqual([]);
  });
});
