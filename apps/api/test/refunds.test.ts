import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  simulatorControls,
  simulatorSwitches,
} from '../src/adapters/payments/simulator-provider.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { drainRefunds, eventually, moveOrder, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  // Failed sends are retried 10 ms later (doubling); a claim is left to its worker for 300 ms.
  world = await createTestWorld({
    ADMIN_EMAILS: 'owner@lacebloom.in',
    REFUND_RETRY_BASE_MS: '10',
    REFUND_LEASE_MS: '300',
  });
  choices = await stockedChoices(app(), 5);
}, 120_000);
afterAll(() => world?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);

function signedWebhook(body: object, eventId = `evt_${randomBytes(8).toString('hex')}`) {
  const raw = JSON.stringify(body);
  return app().inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', world.config.payments.webhookSecret)
        .update(raw)
        .digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  });
}

function captured(
  providerOrderId: string,
  paymentId: string,
  amountPaise: number,
  currency = 'INR',
) {
  return {
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: providerOrderId,
          amount: amountPaise,
          currency,
          status: 'captured',
          method: 'upi',
        },
      },
    },
  };
}

/** A signed-up shopper with one order, paid through the simulator and verified. */
async function paidOrder(choice = choices[0]!) {
  const { accessToken } = await signUp(app());
  const { orderId } = await placeOrder(app(), accessToken, [[choice, 1]]);
  const paid = await payOrder(app(), accessToken, orderId);
  const verified = await send(app(), 'POST', '/api/payments/verify', {
    token: accessToken,
    body: paid,
  });
  expect(verified.body.data.order.paymentStatus).toBe('paid');
  return { accessToken, orderId, ...paid };
}

async function orderOf(token: string, orderId: string) {
  return (await send(app(), 'GET', `/api/order/${orderId}`, { token })).body.data as {
    status: string;
    paymentStatus: string;
    total: number;
  };
}

const refundsOf = (orderId: string) =>
  rows<{
    id: string;
    state: string;
    reason: string;
    attempts: number;
    amount_paise: number;
    provider_refund_id: string | null;
    last_error: string | null;
  }>(
    sql`select id, state, reason, attempts, amount_paise, provider_refund_id, last_error
        from refunds where order_id = ${orderId} order by created_at`,
  );

/** What reached the provider (the simulator's own books) for a payment. */
const providerRefundsOf = (paymentId: string) =>
  rows<{ id: string; receipt: string }>(
    sql`select id, receipt from simulator_refunds where provider_payment_id = ${paymentId}`,
  );

async function cancel(token: string, orderId: string) {
  return send(app(), 'POST', `/api/order/${orderId}/cancel`, {
    token,
    body: { reason: 'Changed my mind' },
  });
}

describe('refunds', () => {
  it('owes the refund with the cancel, sends it once, and is refunded when the provider confirms', async () => {
    const { accessToken, orderId, razorpay_payment_id: paymentId } = await paidOrder();
    const cancelled = await cancel(accessToken, orderId);
    expect(cancelled.body.data.paymentStatus).toBe('refund_pending');
    const [owed] = await refundsOf(orderId);
    expect(owed).toMatchObject({ reason: 'cancelled' });
    await drainRefunds(world);
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    const [done] = await refundsOf(orderId);
    expect(done).toMatchObject({
      state: 'processed',
      provider_refund_id: expect.stringMatching(/^rfnd_/),
    });
    expect(await providerRefundsOf(paymentId)).toEqual([
      { id: done!.provider_refund_id, receipt: done!.id },
    ]);
  });

  it('makes one refund however many cancels of a paid order arrive at once', async () => {
    const { accessToken, orderId, razorpay_payment_id: paymentId } = await paidOrder(choices[1]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cancel(accessToken, orderId)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    await drainRefunds(world);
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(await providerRefundsOf(paymentId)).toHaveLength(1);
  });

  it('retries a refund the provider refuses, with backoff, and refunds once when it accepts', async () => {
    const { accessToken, orderId, razorpay_payment_id: paymentId } = await paidOrder(choices[2]);
    await simulatorControls(world.database.db).set(simulatorSwitches.failRefunds, 2);
    await cancel(accessToken, orderId);
    await drainRefunds(world);
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'processed', attempts: 3 });
    expect(refund!.last_error).toContain('simulated failure');
    expect(await providerRefundsOf(paymentId)).toHaveLength(1);
  });

  it('gives a refund up as failed after its attempts, for the shop to see', async () => {
    const { accessToken, orderId, razorpay_payment_id: paymentId } = await paidOrder(choices[3]);
    await simulatorControls(world.database.db).set(simulatorSwitches.failRefunds, 100);
    try {
      await cancel(accessToken, orderId);
      await drainRefunds(world);
    } finally {
      await simulatorControls(world.database.db).set(simulatorSwitches.failRefunds, 0);
    }
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'failed', attempts: 8 });
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('refund_pending');
    expect(await providerRefundsOf(paymentId)).toHaveLength(0);
  });

  it('finds a refund the provider made before the shop heard back, instead of refunding twice', async () => {
    const { accessToken, orderId, razorpay_payment_id: paymentId } = await paidOrder(choices[4]);
    // The provider makes the next refund but its answer never arrives (as when the shop dies).
    await simulatorControls(world.database.db).set(simulatorSwitches.hangRefunds, 1);
    await cancel(accessToken, orderId);
    await eventually(async () => (await providerRefundsOf(paymentId)).length === 1);
    expect((await refundsOf(orderId))[0]).toMatchObject({ state: 'pending', attempts: 1 });
    // Once the claim's lease runs out, another worker asks the provider first and finds it.
    await new Promise((resolve) => setTimeout(resolve, 350));
    await drainRefunds(world);
    // The provider processed it meanwhile, and says so when asked.
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'processed', attempts: 2 });
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('refunded');
    const made = await providerRefundsOf(paymentId);
    expect(made).toHaveLength(1);
    expect(refund!.provider_refund_id).toBe(made[0]!.id);
  });

  it('refunds a payment made after the order was cancelled', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[0]!, 1]]);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId },
    });
    const providerOrderId = initiated.body.data.razorpayOrderId as string;
    await cancel(accessToken, orderId);
    const total = initiated.body.data.amount as number;
    expect(
      (await signedWebhook(captured(providerOrderId, 'pay_late000000001', total))).statusCode,
    ).toBe(200);
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('refund_pending');
    expect(await refundsOf(orderId)).toMatchObject([
      { reason: 'late_payment', amount_paise: total },
    ]);
    await drainRefunds(world);
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    expect(await providerRefundsOf('pay_late000000001')).toHaveLength(1);
  });

  it('refunds a second payment captured for an order already paid, and the order stays paid', async () => {
    const {
      accessToken,
      orderId,
      razorpay_order_id: providerOrderId,
    } = await paidOrder(choices[1]);
    const amount = (await orderOf(accessToken, orderId)).total * 100;
    const twice = captured(providerOrderId, 'pay_second0000001', Math.round(amount));
    expect((await signedWebhook(twice)).statusCode).toBe(200);
    expect(await refundsOf(orderId)).toMatchObject([{ reason: 'duplicate_payment' }]);
    await drainRefunds(world);
    await eventually(async () => (await refundsOf(orderId))[0]!.state === 'processed');
    expect(await providerRefundsOf('pay_second0000001')).toHaveLength(1);
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('paid');
  });
});

describe('webhooks', () => {
  it('holds an underpaid or foreign-currency capture for review instead of marking the order paid', async () => {
    for (const [paymentId, short, currency] of [
      ['pay_short00000001', 100, 'INR'],
      ['pay_dollar0000001', 0, 'USD'],
    ] as const) {
      const { accessToken } = await signUp(app());
      const { orderId } = await placeOrder(app(), accessToken, [[choices[2]!, 1]]);
      const initiated = await send(app(), 'POST', '/api/payments/initiate', {
        token: accessToken,
        body: { orderId },
      });
      const amount = (initiated.body.data.amount as number) - short;
      const answer = await signedWebhook(
        captured(initiated.body.data.razorpayOrderId, paymentId, amount, currency),
      );
      expect(answer.statusCode).toBe(200);
      expect(await orderOf(accessToken, orderId)).toMatchObject({
        status: 'pending',
        paymentStatus: 'payment_review',
      });
      // Held, not expired: the expiry sweep leaves it to the shop.
      await world.database.db.execute(
        sql`update orders set payment_due_at = now() - interval '1 minute' where id = ${orderId}`,
      );
      await app().jobs.expireUnpaidOrders();
      expect((await orderOf(accessToken, orderId)).status).toBe('pending');
    }
  });

  it('leaves an event whose effect failed unhandled, so the provider retry applies it', async () => {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[3]!, 1]]);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId },
    });
    const providerOrderId = initiated.body.data.razorpayOrderId as string;
    const event = captured(providerOrderId, 'pay_retried000001', initiated.body.data.amount);
    // The database refuses the settlement once, as a failing disk or a deadlock would.
    await world.database.db.execute(
      sql.raw(`create function refuse_settling() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end; $$`),
    );
    await world.database.db.execute(
      sql.raw(`create trigger refuse_settling before update on payments
        for each row when (new.provider_payment_id = 'pay_retried000001')
        execute function refuse_settling()`),
    );
    const failed = await signedWebhook(event, 'evt_retried_once');
    expect(failed.statusCode).toBe(500);
    const [stored] = await rows<{ handled_at: Date | null; event: string; payload: unknown }>(
      sql`select handled_at, event, payload from webhook_events where event_id = 'evt_retried_once'`,
    );
    expect(stored).toMatchObject({ handled_at: null, event: 'payment.captured' });
    expect(stored!.payload).toMatchObject({
      payload: { payment: { entity: { id: 'pay_retried000001' } } },
    });
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('pending');

    await world.database.db.execute(sql.raw(`drop trigger refuse_settling on payments`));
    await world.database.db.execute(sql.raw(`drop function refuse_settling()`));
    const retried = await signedWebhook(event, 'evt_retried_once');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ handled: true, duplicate: false });
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('paid');
    const again = await signedWebhook(event, 'evt_retried_once');
    expect(again.json().data).toMatchObject({ duplicate: true });
  });

  it('stores and acknowledges events of types it does not act on', async () => {
    const answer = await signedWebhook(
      {
        entity: 'event',
        event: 'settlement.processed',
        payload: { settlement: { entity: { id: 'setl_1' } } },
      },
      'evt_unknown_type_1',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ event: 'settlement.processed', handled: false });
    const [stored] = await rows<{ handled_at: Date | null }>(
      sql`select handled_at from webhook_events where event_id = 'evt_unknown_type_1'`,
    );
    expect(stored!.handled_at).not.toBeNull();
  });
});

describe('reconciliation', () => {
  /** An order paid at the provider whose webhook is lost and whose shopper never came back. */
  async function paidUnheard(choice: StockedChoice) {
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choice, 1]]);
    const initiated = await send(app(), 'POST', '/api/payments/initiate', {
      token: accessToken,
      body: { orderId },
    });
    await simulatorControls(world.database.db).set(simulatorSwitches.dropPaymentWebhooks, 1);
    const paid = await send(app(), 'POST', '/api/payments/simulator/pay', {
      token: accessToken,
      body: { razorpayOrderId: initiated.body.data.razorpayOrderId },
    });
    expect(paid.status).toBe(200);
    return { accessToken, orderId, paymentId: paid.body.data.razorpay_payment_id as string };
  }

  /** As if the provider order was made `minutes` ago. */
  const age = (orderId: string, minutes: number) =>
    world.database.db.execute(
      sql`update payments set created_at = now() - ${`${minutes} minutes`}::interval
          where order_id = ${orderId}`,
    );

  it('settles an order paid at the provider when the webhook and the browser are both lost', async () => {
    const { accessToken, orderId, paymentId } = await paidUnheard(choices[0]!);
    // The provider holds the payment; the shop has heard nothing of it.
    const heard = await rows(
      sql`select event_id from webhook_events where payload::text like ${`%${paymentId}%`}`,
    );
    expect(heard).toEqual([]);
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('pending');
    // Too early: a payment may still be on its way.
    await app().jobs.reconcilePayments();
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('pending');
    await age(orderId, 11);
    await app().jobs.reconcilePayments();
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('paid');
    const payment = await send(app(), 'GET', `/api/payments/details/${paymentId}`, {
      token: accessToken,
    });
    expect(payment.body.data.status).toBe('paid');
  });

  it('refunds a payment it finds for an order that expired meanwhile', async () => {
    const { accessToken, orderId, paymentId } = await paidUnheard(choices[1]!);
    await world.database.db.execute(
      sql`update orders set payment_due_at = now() - interval '1 minute' where id = ${orderId}`,
    );
    await app().jobs.expireUnpaidOrders();
    expect((await orderOf(accessToken, orderId)).status).toBe('cancelled');
    await age(orderId, 40);
    await app().jobs.reconcilePayments();
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('refund_pending');
    await drainRefunds(world);
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    expect(await providerRefundsOf(paymentId)).toHaveLength(1);
  });

  it('asks the provider about a refund whose confirmation never came', async () => {
    const { accessToken, orderId } = await paidOrder(choices[2]);
    await cancel(accessToken, orderId);
    await drainRefunds(world);
    await eventually(
      async () => (await orderOf(accessToken, orderId)).paymentStatus === 'refunded',
    );
    // As if the confirmation had been lost: the refund is sent, unconfirmed, for 11 minutes.
    await world.database.db.execute(
      sql`update refunds set state = 'sent', processed_at = null,
            sent_at = now() - interval '11 minutes', next_attempt_at = now()
          where order_id = ${orderId}`,
    );
    await world.database.db.execute(
      sql`update orders set payment_status = 'refund_pending' where id = ${orderId}`,
    );
    await app().jobs.reconcilePayments();
    expect((await refundsOf(orderId))[0]!.state).toBe('processed');
    expect((await orderOf(accessToken, orderId)).paymentStatus).toBe('refunded');
  });
});

describe('the shop moving orders', () => {
  it('refuses to confirm or ship an order that is not paid', async () => {
    const owner = await signUpOwner(world, 'owner@lacebloom.in');
    const { accessToken } = await signUp(app());
    const { orderId } = await placeOrder(app(), accessToken, [[choices[4]!, 1]]);
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      const moved = await moveOrder(app(), orderId, status, owner.accessToken);
      if (status === 'confirmed') {
        expect(moved.status).toBe(400);
        expect(moved.body.message).toBe('Order is not paid');
      }
      // Shipped with its parcel typed by hand: refused the same way, nothing recorded.
      if (status === 'shipped') {
        expect(moved.status).toBe(409);
        expect(moved.body.message).toBe('Order is not paid');
      }
    }
    expect((await orderOf(accessToken, orderId)).status).toBe('pending');
  });
});
