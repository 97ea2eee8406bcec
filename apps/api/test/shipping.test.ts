import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shippingMessages } from '@shop/contracts/shipping';
import { SHIP_FROM_DISPATCH } from '@shop/domain/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURIER_FAIL_SWITCH, simulatedAwb } from '../src/adapters/shipping/courier-simulator.ts';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { eventually, handAwb, payOrder, placeOrder, shipByHand } from './order-helpers.ts';
import { lastMailTo, readOutbox } from './outbox.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let choices: StockedChoice[];
let owner: { accessToken: string };
let choiceIndex = 0;
const app = () => world.app;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: 'owner.ship@lacebloom.in',
    SHIPMENT_RETRY_BASE_MS: '10',
    SHIPMENT_LEASE_MS: '300',
  });
  choices = await stockedChoices(app(), 3);
  owner = await signUpOwner(world, 'owner.ship@lacebloom.in');
}, 120_000);
afterAll(() => world?.close());

/** A shopper's paid order, confirmed by the shop (ready to ship); a different product each time. */
async function confirmedOrder() {
  const choice = choices[choiceIndex++ % choices.length]!;
  const shopper = await signUp(app());
  const { orderId, orderNumber } = await placeOrder(app(), shopper.accessToken, [[choice, 1]]);
  const paid = await payOrder(app(), shopper.accessToken, orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: shopper.accessToken, body: paid });
  const confirmed = await send(app(), 'PATCH', `/api/admin/orders/${orderId}/status`, {
    token: owner.accessToken,
    body: { status: 'confirmed' },
  });
  expect(confirmed.status).toBe(200);
  return { shopper, orderId, orderNumber, choice, email: shopper.shopper.email as string };
}

const shipmentsOf = (orderId: string) =>
  rows<{
    id: string;
    state: string;
    awb: string | null;
    attempts: number;
    ndr_deadline: Date | null;
  }>(sql`select id, state, awb, attempts, ndr_deadline from shipments where order_id = ${orderId}`);

async function shipped(orderId: string) {
  const asked = await send(app(), 'POST', `/api/admin/orders/${orderId}/shipment`, {
    token: owner.accessToken,
  });
  expect(asked.status).toBe(201);
  expect(asked.body.data.state).toBe('requested');
  await app().jobs.bookShipments();
  await eventually(async () => (await shipmentsOf(orderId))[0]?.state === 'booked');
  return (await shipmentsOf(orderId))[0]!.awb!;
}

const advance = (awb: string, event?: string) =>
  send(app(), 'POST', '/api/shipping/simulator/advance', {
    token: owner.accessToken,
    body: event ? { awb, event } : { awb },
  });

/**
 * An order's audited status moves, oldest first. Moves written in one transaction share its time,
 * so they follow the transition table among themselves.
 */
const statusMoves = (orderId: string) =>
  rows<{ actor_email: string; after: { status: string } }>(
    sql`select actor_email, after from audit_entries
        where entity_id = ${orderId} and action = 'order.status'
        order by at, array_position(
          array['pending', 'confirmed', 'processing', 'shipped', 'delivered'], after->>'status')`,
  );

const shopperOrder = async (token: string, orderId: string) =>
  (await send(app(), 'GET', `/api/order/${orderId}`, { token })).body.data;

async function stockOf(choice: StockedChoice) {
  const [row] = await rows<{ stock: number }>(
    sql`select s.stock from product_size_stock s join product_colors c on c.id = s.color_id
        where c.product_id = ${choice.productId} and lower(c.color_name) = lower(${choice.colorName})
          and lower(s.size) = lower(${choice.size})`,
  );
  return row!.stock;
}

function signed(body: object, secret = world.config.shipping.webhookSecret) {
  const raw = JSON.stringify(body);
  return app().inject({
    method: 'POST',
    url: '/api/shipping/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-courier-signature': createHmac('sha256', secret).update(raw).digest('hex'),
    },
  });
}

describe('shipping an order through the courier', () => {
  it('books the shipment after the request, ships the order with its AWB and mails the shopper', async () => {
    const { orderId, orderNumber, email, shopper } = await confirmedOrder();
    const awb = await shipped(orderId);
    expect(awb).toMatch(/^SIM\d{10}$/);
    const order = await shopperOrder(shopper.accessToken, orderId);
    expect(order.status).toBe('shipped');
    expect(order.tracking).toMatchObject({
      awb,
      courier: 'Courier Simulator',
      trackingUrl: `${world.config.publicUrl}/track/${awb}`,
    });
    expect(order.tracking.events.map((e: { status: string }) => e.status)).toEqual(['booked']);
    await eventually(
      async () => (await lastMailTo(world.config.outboxDir, email, /on its way/)) !== undefined,
    );
    const mail = (await lastMailTo(world.config.outboxDir, email, /on its way/))!;
    expect(mail.subject).toContain(orderNumber);
    expect(mail.text).toContain(
      `Courier Simulator AWB ${awb}: track it at ${world.config.publicUrl}/track/${awb}`,
    );
    // Both moves (confirmed → processing → shipped) are audited in the name of who asked.
    const audit = await statusMoves(orderId);
    expect(audit.map((entry) => entry.after.status)).toEqual([
      'confirmed',
      'processing',
      'shipped',
    ]);
    expect(audit.at(-1)!.actor_email).toBe('owner.ship@lacebloom.in');
  });

  it('refuses to ship an unpaid order, and a second shipment of the same order', async () => {
    const shopper = await signUp(app());
    const { orderId } = await placeOrder(app(), shopper.accessToken, [[choices[0]!, 1]]);
    const unpaid = await send(app(), 'POST', `/api/admin/orders/${orderId}/shipment`, {
      token: owner.accessToken,
    });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.message).toBe(
      'Only a paid order that is confirmed or processing can be shipped',
    );
    const ready = await confirmedOrder();
    const first = await send(app(), 'POST', `/api/admin/orders/${ready.orderId}/shipment`, {
      token: owner.accessToken,
    });
    const second = await send(app(), 'POST', `/api/admin/orders/${ready.orderId}/shipment`, {
      token: owner.accessToken,
    });
    expect(first.status).toBe(201);
    // Refused as already shipping (409) or, once the worker has shipped it, as not shippable.
    expect([400, 409]).toContain(second.status);
    expect(second.body.message).toMatch(/already has a shipment|can be shipped/);
    await app().jobs.bookShipments();
    await eventually(async () => (await shipmentsOf(ready.orderId))[0]?.state === 'booked');
    expect(await shipmentsOf(ready.orderId)).toHaveLength(1);
  });

  it('books one shipment however many workers run at once', async () => {
    const { orderId, email } = await confirmedOrder();
    const asked = await send(app(), 'POST', `/api/admin/orders/${orderId}/shipment`, {
      token: owner.accessToken,
    });
    const shipmentId = asked.body.data._id as string;
    await Promise.all([
      app().jobs.bookShipments(),
      app().jobs.bookShipments(),
      app().jobs.bookShipments(),
      app().jobs.bookShipments(),
    ]);
    await eventually(async () => (await shipmentsOf(orderId))[0]?.state === 'booked');
    // One claim: a second worker taking the row would have counted a second attempt.
    expect((await shipmentsOf(orderId))[0]!.attempts).toBe(1);
    expect(
      await rows(sql`select awb from simulator_shipments where reference = ${shipmentId}`),
    ).toHaveLength(1);
    const moves = await rows(
      sql`select 1 from audit_entries where entity_id = ${orderId}
          and action = 'order.status' and after->>'status' = 'shipped'`,
    );
    expect(moves).toHaveLength(1);
    await eventually(
      async () => (await lastMailTo(world.config.outboxDir, email, /on its way/)) !== undefined,
    );
    const mails = (await readOutbox(world.config.outboxDir)).filter(
      (mail) => mail.to.includes(email) && /on its way/.test(mail.subject),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('tracking events', () => {
  it('moves the parcel along the simulator, delivers the order, mails and shows the timeline', async () => {
    const { orderId, email, shopper } = await confirmedOrder();
    const awb = await shipped(orderId);
    for (const expected of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered']) {
      const pushed = await advance(awb);
      expect(pushed.status).toBe(200);
      expect(pushed.body.data).toMatchObject({ awb, event: expected, status: 200 });
    }
    const order = await shopperOrder(shopper.accessToken, orderId);
    expect(order.status).toBe('delivered');
    expect(order.tracking.events.map((e: { label: string }) => e.label)).toEqual([
      'Shipment booked',
      'Picked up by the courier',
      'In transit',
      'Out for delivery',
      'Delivered',
    ]);
    expect(order.tracking.events[4].location).toBe('Doorstep');
    await eventually(
      async () => (await lastMailTo(world.config.outboxDir, email, /delivered/)) !== undefined,
    );
    const nothing = await advance(awb);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('This parcel has no next event to send');
    // The back office reads the same timeline and the shipment's state.
    const detail = await send(app(), 'GET', `/api/admin/orders/${orderId}`, {
      token: owner.accessToken,
    });
    expect(detail.body.data.shipment).toMatchObject({ awb, state: 'delivered', ndrDeadline: null });
    expect(detail.body.data.order.tracking.events).toHaveLength(5);
    const audit = await rows<{ actor_email: string }>(
      sql`select actor_email from audit_entries where entity_id = ${orderId}
          and action = 'order.status' and after->>'status' = 'delivered'`,
    );
    expect(audit).toEqual([{ actor_email: 'courier' }]);
  });

  it('refuses a wrong signature (401) and an unreadable body (400), and changes nothing', async () => {
    const { orderId, shopper } = await confirmedOrder();
    const awb = await shipped(orderId);
    const body = { id: 'sev_forged', awb, event: 'delivered', at: new Date().toISOString() };
    const forged = await signed(body, 'not-the-secret-at-all-0123456789');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid courier webhook signature');
    const unsigned = await app().inject({
      method: 'POST',
      url: '/api/shipping/webhook',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    const garbled = await app().inject({
      method: 'POST',
      url: '/api/shipping/webhook',
      payload: '{"id": 1}',
      headers: {
        'content-type': 'application/json',
        'x-courier-signature': createHmac('sha256', world.config.shipping.webhookSecret)
          .update('{"id": 1}')
          .digest('hex'),
      },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toBe('Invalid courier webhook body');
    expect((await shopperOrder(shopper.accessToken, orderId)).status).toBe('shipped');
    expect(
      await rows(sql`select 1 from shipment_events where event_id = 'sim:sev_forged'`),
    ).toEqual([]);
  });

  it('applies a repeated event once', async () => {
    const { orderId, shopper } = await confirmedOrder();
    const awb = await shipped(orderId);
    const body = { id: `sev_dup_${awb}`, awb, event: 'picked_up', at: new Date().toISOString() };
    const first = await signed(body);
    const again = await signed(body);
    expect(first.json().data).toEqual({ handled: true, duplicate: false });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ handled: false, duplicate: true });
    const order = await shopperOrder(shopper.accessToken, orderId);
    expect(order.tracking.events.map((e: { status: string }) => e.status)).toEqual([
      'booked',
      'picked_up',
    ]);
  });

  it('flags a failed delivery for a day, and a parcel sent back cancels the order and returns its stock once', async () => {
    const { orderId, shopper, choice } = await confirmedOrder();
    const awb = await shipped(orderId);
    const stockBefore = await stockOf(choice);
    await advance(awb, 'out_for_delivery');
    expect((await advance(awb, 'undelivered')).status).toBe(200);
    const [flagged] = await shipmentsOf(orderId);
    expect(flagged!.state).toBe('undelivered');
    const hours = (new Date(flagged!.ndr_deadline!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const detail = await send(app(), 'GET', `/api/admin/orders/${orderId}`, {
      token: owner.accessToken,
    });
    expect(detail.body.data.shipment.ndrDeadline).not.toBeNull();

    // A shopper cannot answer it; an unknown action is refused.
    const shipmentId = flagged!.id;
    const asShopper = await send(app(), 'POST', `/api/admin/shipments/${shipmentId}/ndr`, {
      token: shopper.accessToken,
      body: { action: 'rto' },
    });
    expect(asShopper.status).toBe(403);
    const wrong = await send(app(), 'POST', `/api/admin/shipments/${shipmentId}/ndr`, {
      token: owner.accessToken,
      body: { action: 'burn' },
    });
    expect(wrong.status).toBe(400);

    const answered = await send(app(), 'POST', `/api/admin/shipments/${shipmentId}/ndr`, {
      token: owner.accessToken,
      body: { action: 'rto' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ state: 'rto_initiated', ndrDeadline: null });
    const audited = await rows(
      sql`select 1 from audit_entries where entity_id = ${orderId} and action = 'order.ndr'`,
    );
    expect(audited).toHaveLength(1);
    expect(await stockOf(choice)).toBe(stockBefore);

    const back = {
      id: `sev_rto_${awb}`,
      awb,
      event: 'rto_delivered',
      at: new Date().toISOString(),
    };
    expect((await signed(back)).json().data.handled).toBe(true);
    expect(await stockOf(choice)).toBe(stockBefore + 1);
    const order = await shopperOrder(shopper.accessToken, orderId);
    expect(order.status).toBe('cancelled');
    expect(order.cancelReason).toBe(
      'The courier could not deliver the parcel and returned it to us',
    );
    expect(order.tracking.events.at(-1).label).toBe('Returned to the shop');
    const refunds = await rows(sql`select reason from refunds where order_id = ${orderId}`);
    expect(refunds).toEqual([{ reason: 'cancelled' }]);

    // The same event again, and another report of it, change nothing more.
    await signed(back);
    await signed({ ...back, id: `sev_rto_again_${awb}` });
    expect(await stockOf(choice)).toBe(stockBefore + 1);
    expect(await rows(sql`select 1 from refunds where order_id = ${orderId}`)).toHaveLength(1);
  });

  it('lets only the owner push the simulated courier', async () => {
    const shopper = await signUp(app());
    const refused = await send(app(), 'POST', '/api/shipping/simulator/advance', {
      token: shopper.accessToken,
      body: { awb: 'SIM0000000000' },
    });
    expect(refused.status).toBe(403);
    const unknown = await advance('SIM0000000000');
    expect(unknown.status).toBe(404);
  });
});

describe("the simulator's tracking page", () => {
  it('answers a parcel by its AWB with its scans and nothing of the order', async () => {
    const { orderId } = await confirmedOrder();
    const awb = await shipped(orderId);
    await advance(awb);
    const answer = await send(app(), 'GET', `/api/shipping/track/${awb}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual([
      'awb',
      'courier',
      'events',
      'trackingUrl',
    ]);
    expect(answer.body.data.events.map((e: { status: string }) => e.status)).toEqual([
      'booked',
      'picked_up',
    ]);
    expect((await send(app(), 'GET', '/api/shipping/track/SIM0000000001')).status).toBe(404);
  });
});

describe('answering a failed delivery', () => {
  it('takes one answer: a re-attempt clears the deadline and the parcel goes out again', async () => {
    const { orderId, shopper } = await confirmedOrder();
    const awb = await shipped(orderId);
    await advance(awb, 'undelivered');
    const [flagged] = await shipmentsOf(orderId);
    const path = `/api/admin/shipments/${flagged!.id}/ndr`;
    const again = await send(app(), 'POST', path, {
      token: owner.accessToken,
      body: { action: 're-attempt' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ state: 'undelivered', ndrDeadline: null });
    const twice = await send(app(), 'POST', path, {
      token: owner.accessToken,
      body: { action: 'rto' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('This shipment has no failed delivery to answer');
    expect((await advance(awb)).body.data.event).toBe('out_for_delivery');
    expect((await advance(awb)).body.data.event).toBe('delivered');
    expect((await shopperOrder(shopper.accessToken, orderId)).status).toBe('delivered');
  });
});

describe('booking that fails or dies half-way', () => {
  it('retries a failed booking with backoff, and gives up for a person after 8 attempts', async () => {
    const { orderId } = await confirmedOrder();
    await rows(
      sql`insert into shop_state (key, value) values (${COURIER_FAIL_SWITCH}, '2')
          on conflict (key) do update set value = '2'`,
    );
    await send(app(), 'POST', `/api/admin/orders/${orderId}/shipment`, {
      token: owner.accessToken,
    });
    await eventually(async () => (await shipmentsOf(orderId))[0]?.attempts === 1);
    const [first] = await rows<{ state: string; last_error: string; wait_ms: number }>(
      sql`select state, last_error,
            extract(epoch from next_attempt_at - now()) * 1000 as wait_ms
          from shipments where order_id = ${orderId}`,
    );
    expect(first!.state).toBe('requested');
    expect(first!.last_error).toBe('The courier could not book the parcel (simulated failure)');
    // Leased for 300 ms while booking, then 10 ms after the first failure.
    expect(Number(first!.wait_ms)).toBeLessThan(300);
    await eventually(async () => {
      await app().jobs.bookShipments();
      return (await shipmentsOf(orderId))[0]?.state === 'booked';
    });
    expect((await shipmentsOf(orderId))[0]!.attempts).toBe(3);

    const gone = await confirmedOrder();
    await rows(sql`update shop_state set value = '100' where key = ${COURIER_FAIL_SWITCH}`);
    await send(app(), 'POST', `/api/admin/orders/${gone.orderId}/shipment`, {
      token: owner.accessToken,
    });
    await eventually(async () => {
      await app().jobs.bookShipments();
      return (await shipmentsOf(gone.orderId))[0]?.state === 'failed';
    }, 15_000);
    expect((await shipmentsOf(gone.orderId))[0]!.attempts).toBe(8);
    await rows(sql`update shop_state set value = '0' where key = ${COURIER_FAIL_SWITCH}`);
    // The order waits, unshipped, and may be asked again.
    expect((await shopperOrder(gone.shopper.accessToken, gone.orderId)).status).toBe('confirmed');
    const again = await send(app(), 'POST', `/api/admin/orders/${gone.orderId}/shipment`, {
      token: owner.accessToken,
    });
    expect(again.status).toBe(201);
  });

  it('books a shipment whose worker died after the courier answered, with the same AWB, once', async () => {
    const { orderId } = await confirmedOrder();
    // A worker claimed it (lease running), reached the courier, and died before its commit.
    const [row] = await rows<{ id: string }>(
      sql`insert into shipments (order_id, state, attempts, next_attempt_at)
          values (${orderId}, 'requested', 1, now() + interval '1 hour') returning id`,
    );
    const awb = simulatedAwb(row!.id);
    await rows(sql`insert into simulator_shipments (reference, awb) values (${row!.id}, ${awb})`);
    expect(await app().jobs.bookShipments()).toBe(0);
    // Its lease runs out: moved into the past rather than waited for.
    await rows(
      sql`update shipments set next_attempt_at = now() - interval '1 second' where id = ${row!.id}`,
    );
    expect(await app().jobs.bookShipments()).toBe(1);
    const [booked] = await shipmentsOf(orderId);
    expect(booked).toMatchObject({ state: 'booked', awb, attempts: 2 });
    expect(
      await rows(sql`select 1 from simulator_shipments where reference = ${row!.id}`),
    ).toHaveLength(1);
    // Nobody asked in the back office: the courier's moves are audited as the courier.
    const [moved] = await rows<{ actor_email: string }>(
      sql`select actor_email from audit_entries where entity_id = ${orderId}
          and action = 'order.status' and after->>'status' = 'shipped'`,
    );
    expect(moved!.actor_email).toBe('courier');
  });
});

describe('what the courier cannot change', () => {
  it('leaves an order cancelled before its booking unshipped, and the shipment cancelled', async () => {
    const { orderId, shopper } = await confirmedOrder();
    await rows(
      sql`insert into shop_state (key, value) values (${COURIER_FAIL_SWITCH}, '1')
          on conflict (key) do update set value = '1'`,
    );
    await send(app(), 'POST', `/api/admin/orders/${orderId}/shipment`, {
      token: owner.accessToken,
    });
    await eventually(async () => (await shipmentsOf(orderId))[0]?.attempts === 1);
    const cancelled = await send(app(), 'PATCH', `/api/admin/orders/${orderId}/status`, {
      token: owner.accessToken,
      body: { status: 'cancelled', reason: 'Out of stock at the warehouse' },
    });
    expect(cancelled.status).toBe(200);
    await eventually(async () => {
      await app().jobs.bookShipments();
      return (await shipmentsOf(orderId))[0]?.state === 'cancelled';
    });
    const order = await shopperOrder(shopper.accessToken, orderId);
    expect(order.status).toBe('cancelled');
    // No parcel ever left: the shopper sees no tracking.
    expect(order.tracking).toBeNull();
  });

  it('stores and acknowledges an event for a parcel the shop does not know', async () => {
    const body = { id: 'sev_stranger', awb: 'SIM9999999999', event: 'delivered', at: '2026-01-01' };
    const answer = await signed(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ handled: false, duplicate: false });
    const [stored] = await rows<{ awb: string; handled: boolean }>(
      sql`select awb, handled_at is not null as handled from shipment_events
          where event_id = 'sim:sev_stranger'`,
    );
    expect(stored).toEqual({ awb: 'SIM9999999999', handled: true });
  });

  it('books no parcel in production unless a courier is named: a live shop never ships with made-up AWBs', async () => {
    const live = await createTestWorld({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'simulator',
      ADMIN_EMAILS: 'owner.live@lacebloom.in',
    });
    try {
      const liveOwner = await signUpOwner(live, 'owner.live@lacebloom.in');
      const answer = await send(live.app, 'POST', `/api/admin/orders/${randomUUID()}/shipment`, {
        token: liveOwner.accessToken,
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(shippingMessages.noCourier);
    } finally {
      await live.close();
    }
  });
});

describe('shipping an order by hand', () => {
  it('refuses a bare move to shipped on the status route, pointing to the shipment', async () => {
    const { orderId, shopper } = await confirmedOrder();
    const move = (status: string) =>
      send(app(), 'PATCH', `/api/admin/orders/${orderId}/status`, {
        token: owner.accessToken,
        body: { status },
      });
    expect((await move('processing')).status).toBe(200);
    const bare = await move('shipped');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(SHIP_FROM_DISPATCH);
    // Nothing moved, no parcel, nothing audited but the moves that went.
    expect((await shopperOrder(shopper.accessToken, orderId)).status).toBe('processing');
    expect(await shipmentsOf(orderId)).toEqual([]);
    expect((await statusMoves(orderId)).map((entry) => entry.after.status)).toEqual([
      'confirmed',
      'processing',
    ]);
    // The other moves still go by the status route.
    const cancelled = await send(app(), 'PATCH', `/api/admin/orders/${orderId}/status`, {
      token: owner.accessToken,
      body: { status: 'cancelled', reason: 'Out of stock after all' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
  });

  it('records a parcel typed by hand as a booking would, ships the order and mails the shopper', async () => {
    const { orderId, orderNumber, email, shopper } = await confirmedOrder();
    const awb = handAwb();
    const answer = await shipByHand(app(), orderId, owner.accessToken, {
      courier: ' DTDC ',
      awb: ` ${awb} `,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('shipped');

    expect(await shipmentsOf(orderId)).toEqual([expect.objectContaining({ state: 'booked', awb })]);
    const order = await shopperOrder(shopper.accessToken, orderId);
    expect(order.status).toBe('shipped');
    expect(order.tracking).toMatchObject({ courier: 'DTDC', awb, trackingUrl: null });
    expect(order.tracking.events.map((e: { status: string }) => e.status)).toEqual(['booked']);
    await app().jobs.deliverMail();
    const mail = await lastMailTo(world.config.outboxDir, email, /on its way/);
    expect(mail?.subject).toContain(orderNumber);
    expect(mail?.text).toContain(`DTDC AWB ${awb}.`);

    // The parcel and each move are audited in the name of who typed it.
    const [recorded] = await rows<{ actor_email: string; after: Record<string, unknown> }>(
      sql`select actor_email, after from audit_entries
          where entity_id = ${orderId} and action = 'order.shipment'`,
    );
    expect(recorded).toMatchObject({
      actor_email: 'owner.ship@lacebloom.in',
      after: { state: 'booked', courier: 'DTDC', awb, byHand: true },
    });
    const moves = await statusMoves(orderId);
    expect(moves.map((entry) => entry.after.status)).toEqual([
      'confirmed',
      'processing',
      'shipped',
    ]);
    expect(moves.at(-1)!.actor_email).toBe('owner.ship@lacebloom.in');

    // The back office reads the same parcel; neither the courier nor a second hand entry ships it.
    const detail = await send(app(), 'GET', `/api/admin/orders/${orderId}`, {
      token: owner.accessToken,
    });
    expect(detail.body.data.shipment).toMatchObject({ state: 'booked', courier: 'DTDC', awb });
    const courier = await send(app(), 'POST', `/api/admin/orders/${orderId}/shipment`, {
      token: owner.accessToken,
    });
    expect(courier.status).toBe(400);
    expect(courier.body.message).toBe(shippingMessages.notShippable);
    const again = await shipByHand(app(), orderId, owner.accessToken);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('An order that is SHIPPED cannot become SHIPPED');
  });

  it('ships an order once when two hand entries race for it', async () => {
    const { orderId } = await confirmedOrder();
    const answers = await Promise.all([
      shipByHand(app(), orderId, owner.accessToken),
      shipByHand(app(), orderId, owner.accessToken),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await shipmentsOf(orderId)).toHaveLength(1);
    expect(
      (await statusMoves(orderId)).filter((entry) => entry.after.status === 'shipped'),
    ).toHaveLength(1);
  });

  it('refuses an AWB already on another parcel, leaving the order as it was', async () => {
    const first = await confirmedOrder();
    const awb = handAwb();
    const shipped = await shipByHand(app(), first.orderId, owner.accessToken, {
      courier: 'DTDC',
      awb,
    });
    expect(shipped.status).toBe(200);
    const second = await confirmedOrder();
    const taken = await shipByHand(app(), second.orderId, owner.accessToken, {
      courier: 'Blue Dart',
      awb,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(shippingMessages.awbTaken);
    // Nothing half-done: no parcel, no move, no audit entry of either.
    expect((await shopperOrder(second.shopper.accessToken, second.orderId)).status).toBe(
      'confirmed',
    );
    expect(await shipmentsOf(second.orderId)).toEqual([]);
    expect((await statusMoves(second.orderId)).map((entry) => entry.after.status)).toEqual([
      'confirmed',
    ]);
    const [parcels] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_entries
          where entity_id = ${second.orderId} and action = 'order.shipment'`,
    );
    expect(parcels!.n).toBe(0);
  });

  it('checks the courier and AWB with the form schema', async () => {
    const { orderId } = await confirmedOrder();
    const blank = await shipByHand(app(), orderId, owner.accessToken, {
      courier: ' ',
      awb: handAwb(),
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Please name the courier');
    const short = await shipByHand(app(), orderId, owner.accessToken, {
      courier: 'DTDC',
      awb: 'AB12',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('The AWB is 6 to 30 letters or digits');
    expect(await shipmentsOf(orderId)).toEqual([]);
  });
});
