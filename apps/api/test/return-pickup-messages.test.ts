// The courier's "picked up" for a reverse pickup's return AWB: the returns desk line records it,
// her phone is told once in that webhook's transaction, and the desk still receives the items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, moveOrder, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  choices = (await stockedChoices(app(), 2)).filter(
    (choice) => choice.price >= 300 && choice.price <= 3_000,
  );
}, 120_000);
afterAll(() => world?.close());

/** The simulator's messages naming this order, once the outbox has sent what is due. */
async function messagesAbout(orderNumber: string) {
  await app().jobs.sendMessages();
  const all = await app().messaging.messagingSimulator!.messages();
  return all.filter((message) => message.text.includes(orderNumber));
}

const step = (lineId: string, path: string) =>
  send(app(), 'POST', `/api/admin/returns/${lineId}/${path}`, { token: owner.accessToken });

const advance = (awb: string, event?: string) =>
  send(app(), 'POST', '/api/shipping/simulator/advance', {
    token: owner.accessToken,
    body: event ? { awb, event } : { awb },
  });

/** A delivered, paid order of one item with its return approved and its pickup booked. */
async function pickupBooked() {
  const { accessToken: token } = await signUp(app());
  const { orderId, orderNumber } = await placeOrder(app(), token, [[choices[0]!, 1]]);
  const paid = await payOrder(app(), token, orderId);
  await send(app(), 'POST', '/api/payments/verify', { token, body: paid });
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    expect((await moveOrder(app(), orderId, status, owner.accessToken)).status).toBe(200);
  }
  const order = await send(app(), 'GET', `/api/order/${orderId}`, { token });
  const asked = await send(app(), 'POST', `/api/order/${orderId}/return`, {
    token,
    body: {
      reason: 'Does not fit',
      items: [{ itemId: order.body.data.items[0]._id, action: 'return' }],
    },
  });
  expect(asked.status).toBe(200);
  const lineId = asked.body.data.returns[0]._id as string;
  expect((await step(lineId, 'approve')).status).toBe(200);
  const pickup = await step(lineId, 'pickup');
  expect(pickup.status).toBe(200);
  return { token, orderId, orderNumber, lineId, awb: pickup.body.data.pickup.awb as string };
}

describe('a return picked up by the courier', () => {
  it('records it on the desk line and tells her phone once, from the courier event for the return AWB', async () => {
    const { token, orderId, orderNumber, lineId, awb } = await pickupBooked();
    const before = await send(app(), 'GET', `/api/admin/returns/${lineId}`, {
      token: owner.accessToken,
    });
    expect(before.body.data.pickedUpAt).toBeNull();
    const booked = await send(app(), 'GET', `/api/order/${orderId}`, { token });
    expect(booked.body.data.returns[0].stateLabel).toBe('Pickup booked');
    expect(
      (await messagesAbout(orderNumber)).filter((m) => m.template === 'return_picked_up'),
    ).toEqual([]);

    // The courier collects it (its next event for a return AWB), then reports it again (a
    // courier's repeated scan, a new event id) in a burst with a third report.
    const picked = await advance(awb);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toMatchObject({ awb, event: 'picked_up', status: 200 });
    const again = await Promise.all([advance(awb, 'picked_up'), advance(awb, 'picked_up')]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);

    const line = await send(app(), 'GET', `/api/admin/returns/${lineId}`, {
      token: owner.accessToken,
    });
    expect(line.body.data).toMatchObject({ state: 'pickup_scheduled' });
    expect(line.body.data.pickedUpAt).toEqual(expect.any(String));

    const sent = (await messagesAbout(orderNumber)).filter(
      (message) => message.template === 'return_picked_up',
    );
    expect(sent).toHaveLength(1);
    // She has no verified number: an SMS to the delivery phone, naming the order only.
    expect(sent[0]).toMatchObject({ channel: 'sms', to: address.phone });
    expect(sent[0]!.text).toContain(`the return of order ${orderNumber} has been picked up`);
    const mine = await send(app(), 'GET', `/api/order/${orderId}`, { token });
    expect(
      mine.body.data.messages.filter((m: { step: string }) => m.step === 'return_picked_up'),
    ).toHaveLength(1);
    // Her order reads it too, while the line waits for the desk.
    expect(mine.body.data.returns[0]).toMatchObject({
      state: 'pickup_scheduled',
      stateLabel: 'Picked up, on its way to us',
    });
    expect(line.body.data.stateLabel).toBe('Picked up, on its way to us');

    // The desk still receives the items by hand; a late "picked up" then tells her nothing more.
    expect((await step(lineId, 'receive')).status).toBe(200);
    expect((await advance(awb, 'picked_up')).status).toBe(200);
    expect(
      (await messagesAbout(orderNumber)).filter((m) => m.template === 'return_picked_up'),
    ).toHaveLength(1);
  });

  it('moves nothing on the courier events that are not a pickup', async () => {
    const { orderNumber, lineId, awb } = await pickupBooked();
    expect((await advance(awb, 'in_transit')).status).toBe(200);
    const line = await send(app(), 'GET', `/api/admin/returns/${lineId}`, {
      token: owner.accessToken,
    });
    expect(line.body.data.pickedUpAt).toBeNull();
    expect(
      (await messagesAbout(orderNumber)).filter((m) => m.template === 'return_picked_up'),
    ).toEqual([]);
  });
});
