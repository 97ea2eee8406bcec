// The orders desk's actions on one order: a refund of chosen lines or an amount through the
// refunds table (never past what was paid, even for refunds at once; staff only up to the shop's
// limit), the confirmation mailed again (one mail per double click), and the shipping address
// changed before dispatch with the checkout's rules. Each leaves an audit entry.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRefundMessages } from '@shop/contracts/order-actions';
import { orderActionMessages } from '@shop/domain/order-actions';
import { refundMessages } from '@shop/domain/refunds';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, drainRefunds, eventually, payOrder, placeOrder } from './order-helpers.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { lastMailTo, readOutbox } from './outbox.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const OWNER = 'owner.actions@lacebloom.in';
/** Staff may refund ₹100 of an order by hand in this shop. */
const STAFF_LIMIT_RUPEES = 100;

let world: TestWorld;
let choices: StockedChoice[];
let owner: { accessToken: string };
let staff: { accessToken: string; shopper: { email: string } };
const app = () => world.app;

type Session = Awaited<ReturnType<typeof signUp>>;

/** A new shopper with a paid order of these lines; answers the order as its shopper reads it. */
async function paidOrder(lines: [StockedChoice, number][]) {
  const shopper = await signUp(app());
  const placed = await placeOrder(app(), shopper.accessToken, lines);
  const fields = await payOrder(app(), shopper.accessToken, placed.orderId);
  const verified = await send(app(), 'POST', '/api/payments/verify', {
    token: shopper.accessToken,
    body: fields,
  });
  expect(verified.status).toBe(200);
  const order = await shopperOrder(shopper, placed.orderId);
  expect(order.paymentStatus).toBe('paid');
  return { shopper, order };
}

async function shopperOrder(shopper: Session, orderId: string) {
  const answer = await send(app(), 'GET', `/api/order/${orderId}`, { token: shopper.accessToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const refund = (orderId: string, body: unknown, token = owner.accessToken) =>
  send(app(), 'POST', `/api/admin/orders/${orderId}/refunds`, { token, body });
const resend = (orderId: string, token = owner.accessToken) =>
  send(app(), 'POST', `/api/admin/orders/${orderId}/resend-confirmation`, { token });
const changeAddress = (orderId: string, body: unknown, token = owner.accessToken) =>
  send(app(), 'PATCH', `/api/admin/orders/${orderId}/shipping-address`, { token, body });

/** The titles of the order's timeline on the desk. */
async function timelineOf(orderId: string) {
  const answer = await send(app(), 'GET', `/api/admin/orders/${orderId}`, {
    token: owner.accessToken,
  });
  return (answer.body.data.timeline as { title: string; detail: string }[]).map(
    (entry) => `${entry.title}: ${entry.detail}`,
  );
}

async function auditOf(orderId: string, action: string) {
  const answer = await send(app(), 'GET', `/api/admin/audit?entity=order&id=${orderId}`, {
    token: owner.accessToken,
  });
  return (
    answer.body.data.entries as { action: string; actorEmail: string; before: any; after: any }[]
  ).filter((entry) => entry.action === action);
}

/** Refunds owed or made for the order, as the table holds them. */
const refundRows = (orderId: string) =>
  queryRows<{ amount_paise: number; state: string; reason: string; note: string | null }>(
    world.database.db,
    sql`select amount_paise, state, reason, note from refunds where order_id = ${orderId}
        order by created_at`,
  );

let ordersMade = 0;
/** A paid order of 2 units of one product and 1 of another, each order from the next products. */
async function paidOrderOfTwoLines() {
  const first = (ordersMade * 2) % choices.length;
  ordersMade += 1;
  return paidOrder([
    [choices[first]!, 2],
    [choices[(first + 1) % choices.length]!, 1],
  ]);
}

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: OWNER,
    STAFF_REFUND_LIMIT_RUPEES: String(STAFF_LIMIT_RUPEES),
  });
  choices = (await stockedChoices(app(), 10)).filter(
    (choice, index, all) =>
      all.findIndex((other) => other.productId === choice.productId) === index,
  );
  owner = await signUpOwner(world, OWNER);
  staff = await signUp(app());
  await followVerificationLink(world, staff.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: staff.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
});
afterAll(async () => {
  await world?.close();
});

describe('refunds by hand', () => {
  it('refunds one line at its price less its discount share, and the shopper sees it refunded', async () => {
    const { shopper, order } = await paidOrderOfTwoLines();
    const line = order.items[1];
    const answer = await refund(order._id, {
      lines: [{ itemId: line._id, quantity: 1 }],
      note: 'Stitching came loose',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      amount: line.itemTotal,
      reason: 'shop',
      state: 'pending',
      note: 'Stitching came loose',
      lines: [{ itemId: line._id, quantity: 1, amount: line.itemTotal }],
    });
    expect((await shopperOrder(shopper, order._id)).paymentStatus).toBe('refund_pending');

    await drainRefunds(world);
    await eventually(
      async () => (await shopperOrder(shopper, order._id)).paymentStatus === 'partially_refunded',
    );
    const mine = await shopperOrder(shopper, order._id);
    expect(mine.refunds).toEqual([
      expect.objectContaining({
        amount: line.itemTotal,
        refunded: true,
        label: 'Refunded',
        lines: [{ itemId: line._id, productName: line.productName, quantity: 1 }],
      }),
    ]);
    // The shop's note is for the shop.
    expect(JSON.stringify(mine)).not.toContain('Stitching');
    const list = await send(app(), 'GET', '/api/order', { token: shopper.accessToken });
    expect(list.body.data.orders[0].refunds[0]).toMatchObject({ refunded: true });

    const [entry] = await auditOf(order._id, 'order.refund');
    expect(entry).toMatchObject({
      actorEmail: OWNER,
      before: { paymentStatus: 'paid' },
      after: { amountPaise: Math.round(line.itemTotal * 100), note: 'Stitching came loose' },
    });
    const detail = await send(app(), 'GET', `/api/admin/orders/${order._id}`, {
      token: owner.accessToken,
    });
    expect(detail.body.data.refunds[0]).toMatchObject({
      state: 'processed',
      lines: [{ itemId: line._id, quantity: 1 }],
    });

    // The same line again: nothing of it is left.
    const again = await refund(order._id, {
      lines: [{ itemId: line._id, quantity: 1 }],
      note: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(refundMessages.lineQuantity(line.productName, 0));
  });

  it('refunds an amount up to what is left, and a full refund ends refunded', async () => {
    const { shopper, order } = await paidOrderOfTwoLines();
    const half = Math.floor(order.total * 50) / 100;
    expect((await refund(order._id, { amount: half, note: 'Late delivery' })).status).toBe(201);
    const rest = Math.round((order.total - half) * 100) / 100;
    const tooMuch = await refund(order._id, { amount: rest + 0.01, note: 'Too much' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(refundMessages.tooMuch(Math.round(rest * 100)));
    expect((await refund(order._id, { amount: rest, note: 'The rest' })).status).toBe(201);
    const nothing = await refund(order._id, { amount: 1, note: 'More' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(refundMessages.nothingLeft);
    await drainRefunds(world);
    await eventually(
      async () => (await shopperOrder(shopper, order._id)).paymentStatus === 'refunded',
    );
    const after = await refund(order._id, { amount: 1, note: 'Once more' });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(refundMessages.nothingLeft);
  });

  it('gives back only the rest when an order refunded in part is cancelled', async () => {
    const { shopper, order } = await paidOrderOfTwoLines();
    const line = order.items[1];
    expect(
      (await refund(order._id, { lines: [{ itemId: line._id, quantity: 1 }], note: 'Torn' }))
        .status,
    ).toBe(201);
    const cancelled = await send(app(), 'PATCH', `/api/admin/orders/${order._id}/status`, {
      token: owner.accessToken,
      body: { status: 'cancelled', reason: 'Out of the other item' },
    });
    expect(cancelled.status).toBe(200);
    const rows = await refundRows(order._id);
    expect(rows.map((row) => [row.reason, row.amount_paise])).toEqual([
      ['shop', Math.round(line.itemTotal * 100)],
      ['cancelled', Math.round((order.total - line.itemTotal) * 100)],
    ]);
    await drainRefunds(world);
    await eventually(
      async () => (await shopperOrder(shopper, order._id)).paymentStatus === 'refunded',
    );
  });

  it('lets exactly one of two refunds at once through when together they pass what was paid', async () => {
    const { order } = await paidOrderOfTwoLines();
    const most = Math.floor(order.total * 70) / 100;
    const answers = await Promise.all([
      refund(order._id, { amount: most, note: 'First desk' }),
      refund(order._id, { amount: most, note: 'Second desk' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const rows = await refundRows(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount_paise).toBe(Math.round(most * 100));

    // The same line at once from two desks: one refund of it.
    const { order: other } = await paidOrderOfTwoLines();
    const line = other.items[0];
    const both = await Promise.all(
      [1, 2].map(() =>
        refund(other._id, { lines: [{ itemId: line._id, quantity: 2 }], note: 'Burst' }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await refundRows(other._id)).toHaveLength(1);
  });

  it('lets staff refund up to the limit by hand, and sends larger refunds to an owner', async () => {
    const { order } = await paidOrderOfTwoLines();
    const above = await refund(
      order._id,
      { amount: STAFF_LIMIT_RUPEES + 0.01, note: 'Goodwill' },
      staff.accessToken,
    );
    expect(above.status).toBe(403);
    expect(above.body.message).toBe(refundMessages.needsOwner(STAFF_LIMIT_RUPEES * 100));
    expect(
      (await refund(order._id, { amount: 60, note: 'Goodwill' }, staff.accessToken)).status,
    ).toBe(201);
    // A second refund by hand that takes the order past the limit needs an owner as well.
    expect(
      (await refund(order._id, { amount: 41, note: 'More goodwill' }, staff.accessToken)).status,
    ).toBe(403);
    expect((await refund(order._id, { amount: 41, note: 'Owner agrees' })).status).toBe(201);
    expect(await refundRows(order._id)).toHaveLength(2);
    expect(
      (await auditOf(order._id, 'order.refund')).map((entry) => entry.actorEmail).sort(),
    ).toEqual([OWNER, staff.shopper.email].sort());
  });

  it('refuses orders whose money never arrived, and malformed requests', async () => {
    const shopper = await signUp(app());
    const unpaid = await placeOrder(app(), shopper.accessToken, [[choices[2]!, 1]]);
    const answer = await refund(unpaid.orderId, { amount: 10, note: 'Why' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(refundMessages.notPaid);

    const { order } = await paidOrderOfTwoLines();
    const both = await refund(order._id, {
      amount: 10,
      lines: [{ itemId: order.items[0]._id, quantity: 1 }],
      note: 'Both',
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain(orderRefundMessages.linesOrAmount);
    const noNote = await refund(order._id, { amount: 10 });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toContain(orderRefundMessages.noteRequired);
    const paise = await refund(order._id, { amount: 10.005, note: 'Fractions' });
    expect(paise.status).toBe(400);
    const stranger = await refund(order._id, {
      lines: [{ itemId: unpaid.orderId, quantity: 1 }],
      note: 'Not a line',
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(refundMessages.unknownItem);
    expect((await refund('not-an-id', { amount: 10, note: 'x' })).status).toBe(404);
    expect(await refundRows(order._id)).toHaveLength(0);
  });
});

describe('the confirmation mailed again', () => {
  it('writes the confirmation to the outbox once however many clicks arrive at once', async () => {
    const { shopper, order } = await paidOrderOfTwoLines();
    const confirmations = async () =>
      (await readOutbox(world.config.outboxDir)).filter(
        (mail) => mail.to.includes(shopper.shopper.email) && /is confirmed/.test(mail.subject),
      );
    await eventually(async () => (await confirmations()).length === 1);
    const answers = await Promise.all([resend(order._id), resend(order._id), resend(order._id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
    const sent = answers.find((answer) => answer.status === 200)!;
    expect(sent.body.data.to).toBe(shopper.shopper.email);
    expect(answers.find((answer) => answer.status === 429)!.body.message).toBe(
      orderActionMessages.resentRecently,
    );
    await world.app.jobs.deliverMail();
    await eventually(async () => (await confirmations()).length === 2);
    expect((await confirmations())[1]!.text).toContain(order.orderNumber);
    // Still within the minute: refused.
    expect((await resend(order._id, staff.accessToken)).status).toBe(429);
    expect(await auditOf(order._id, 'order.confirmation_resent')).toHaveLength(1);
    expect(await timelineOf(order._id)).toContain(`Confirmation sent again: by ${OWNER}`);
  });

  it('sends nothing for an order that is not paid', async () => {
    const shopper = await signUp(app());
    const unpaid = await placeOrder(app(), shopper.accessToken, [[choices[2]!, 1]]);
    const answer = await resend(unpaid.orderId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(orderActionMessages.notPaidForMail);
    expect((await resend('8d3e0c33-51c1-4bb5-9a43-0f4a3b1f1a11')).status).toBe(404);
  });
});

describe('the shipping address changed before dispatch', () => {
  const moved = {
    name: 'Asha Rao',
    addressLine1: '4 Park Street',
    addressLine2: '',
    city: 'Kolkata',
    state: 'West Bengal',
    pinCode: '700016',
    phone: '+91 98300 12345',
  };

  it("takes the checkout's address, records before and after, and the shopper sees it", async () => {
    const { shopper, order } = await paidOrderOfTwoLines();
    const answer = await changeAddress(order._id, moved, staff.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data.shippingAddress).toMatchObject({
      city: 'Kolkata',
      pinCode: '700016',
      phone: '9830012345',
    });
    expect((await shopperOrder(shopper, order._id)).shippingAddress.city).toBe('Kolkata');
    const [entry] = await auditOf(order._id, 'order.shipping_address');
    expect(entry).toMatchObject({
      actorEmail: staff.shopper.email,
      before: { city: address.city, pinCode: address.pinCode },
      after: { city: 'Kolkata', pinCode: '700016' },
    });
    expect(await timelineOf(order._id)).toContain(
      `Shipping address changed: by ${staff.shopper.email}: now 4 Park Street, Kolkata, 700016`,
    );
    // The order is paid: its shopper reads where it was going and where it goes now.
    await app().jobs.deliverMail();
    const mail = await lastMailTo(
      world.config.outboxDir,
      shopper.shopper.email,
      /delivery address of your Lacebloom order/,
    );
    expect(mail?.text).toContain(`It was going to: Asha Rao, ${address.addressLine1}`);
    expect(mail?.text).toContain('It now goes to: Asha Rao, 4 Park Street, Kolkata, West Bengal');

    const badPin = await changeAddress(order._id, { ...moved, pinCode: '12345' });
    expect(badPin.status).toBe(400);
    expect(badPin.body.message).toContain('Invalid PIN code');
    const badPhone = await changeAddress(order._id, { ...moved, phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toContain('Invalid phone number');
    const noCity = await changeAddress(order._id, { ...moved, city: ' ' });
    expect(noCity.status).toBe(400);
    expect(noCity.body.message).toContain('City is required');
  });

  it('refuses once a courier was asked for the order, or it has shipped', async () => {
    const { order } = await paidOrderOfTwoLines();
    const confirmed = await send(app(), 'PATCH', `/api/admin/orders/${order._id}/status`, {
      token: owner.accessToken,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    const shipment = await send(app(), 'POST', `/api/admin/orders/${order._id}/shipment`, {
      token: owner.accessToken,
    });
    expect(shipment.status).toBeLessThan(300);
    const refused = await changeAddress(order._id, moved);
    expect(refused.status).toBe(409);
    expect([
      orderActionMessages.addressShipmentBooked,
      orderActionMessages.addressAfterDispatch('shipped'),
    ]).toContain(refused.body.message);
    await world.app.jobs.bookShipments();
    await eventually(async () => {
      const answer = await changeAddress(order._id, moved);
      return (
        answer.status === 409 &&
        answer.body.message === orderActionMessages.addressAfterDispatch('shipped')
      );
    });
    expect(await auditOf(order._id, 'order.shipping_address')).toHaveLength(0);

    // Two edits at once: both are applied one after the other, each audited.
    const { order: other } = await paidOrderOfTwoLines();
    const both = await Promise.all([
      changeAddress(other._id, moved),
      changeAddress(other._id, { ...moved, city: 'Howrah', pinCode: '711101' }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await auditOf(other._id, 'order.shipping_address')).toHaveLength(2);
  });
});
