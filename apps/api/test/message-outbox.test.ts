import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { eventually } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

// 11:30 in India.
let now = new Date('2026-11-30T06:00:00Z');

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld({}, { clock: () => now });
});
afterAll(() => world?.close());

const simulator = () => world.app.messaging.messagingSimulator!;
const outbox = () => world.app.messaging.messages;
let events = 0;

async function queue(input: {
  phone: string;
  channel: 'whatsapp' | 'sms';
  template?: 'order_shipped' | 'offer';
  userId?: string;
}) {
  events += 1;
  const eventKey = `test:${events}:${input.template ?? 'order_shipped'}`;
  const offer = input.template === 'offer';
  await world.database.db.transaction((tx) =>
    outbox().enqueueMessage(tx, {
      eventKey,
      phone: input.phone,
      channel: input.channel,
      purpose: offer ? 'offers' : 'order_updates',
      template: input.template ?? 'order_shipped',
      variables: offer
        ? { headline: 'New colours this week' }
        : { orderNumber: `LB-2611-${1000 + events}`, courier: 'Delhivery', awb: `AWB${events}77` },
      userId: input.userId ?? null,
    }),
  );
  return eventKey;
}

async function rowsOf(eventKey: string) {
  return queryRows<{
    id: string;
    channel: string;
    status: string;
    provider_message_id: string | null;
    delivered_at: string | null;
  }>(
    world.database.db,
    sql`select id, channel, status, provider_message_id, delivered_at::text from message_outbox
        where event_key = ${eventKey} order by created_at, channel desc`,
  );
}

const sentTo = async (phone: string) =>
  (await simulator().messages()).filter((message) => message.to === phone);

function signed(body: string, secret = world.config.messaging.whatsapp!.appSecret) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

function statusBody(wamid: string, status: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              statuses: [{ id: wamid, status, timestamp: '1', recipient_id: '919800000001' }],
            },
          },
        ],
      },
    ],
  });
}

const postStatus = (body: string, signature: string) =>
  world.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });

describe('the phone-message outbox', () => {
  it('sends an order update once per event, channel and number, and records its delivery', async () => {
    const phone = '9811100001';
    const eventKey = await queue({ phone, channel: 'whatsapp' });
    // Queued again by a retried event: still one message.
    await world.database.db.transaction((tx) =>
      outbox().enqueueMessage(tx, {
        eventKey,
        phone,
        channel: 'whatsapp',
        purpose: 'order_updates',
        template: 'order_shipped',
        variables: { orderNumber: 'LB-X', courier: 'Delhivery', awb: 'AWB1' },
      }),
    );
    await world.app.jobs.sendMessages();
    await eventually(async () => (await rowsOf(eventKey))[0]?.status === 'delivered');
    const sent = await sentTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Delhivery');
    expect(sent[0]!.text).not.toMatch(/lingerie|bra|size/i);
  });

  it('refuses a status with a wrong signature (401) and changes nothing', async () => {
    const phone = '9811100002';
    now = new Date(now.getTime() + 1000);
    simulator().switches.whatsappUndelivered = 1;
    const eventKey = await queue({ phone, channel: 'whatsapp' });
    await world.app.jobs.sendMessages();
    await eventually(async () => (await rowsOf(eventKey))[0]?.status === 'sent');
    const [row] = await rowsOf(eventKey);
    const body = statusBody(row!.provider_message_id!, 'delivered');
    const forged = await postStatus(body, signed(body, 'not-the-app-secret-at-all-0123456789'));
    expect(forged.statusCode).toBe(401);
    expect((await rowsOf(eventKey))[0]!.status).toBe('sent');
    // Signed, it applies; replayed, it changes nothing more.
    expect((await postStatus(body, signed(body))).statusCode).toBe(200);
    const delivered = (await rowsOf(eventKey))[0]!;
    expect(delivered.status).toBe('delivered');
    now = new Date(now.getTime() + 60_000);
    const replay = await postStatus(body, signed(body));
    expect(replay.json().data.applied).toBe(0);
    expect((await rowsOf(eventKey))[0]!.delivered_at).toBe(delivered.delivered_at);
    // A late 'sent' never undoes 'delivered'.
    const late = statusBody(row!.provider_message_id!, 'sent');
    await postStatus(late, signed(late));
    expect((await rowsOf(eventKey))[0]!.status).toBe('delivered');
  });

  it('answers the subscription handshake only with the verify token', async () => {
    const token = world.config.messaging.whatsapp!.verifyToken;
    const good = await world.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=8842`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('8842');
    const bad = await world.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=8842',
    });
    expect(bad.statusCode).toBe(403);
  });

  it('falls back to SMS, once, when a WhatsApp update fails', async () => {
    const phone = '9811100003';
    simulator().switches.whatsappFails = 1;
    const eventKey = await queue({ phone, channel: 'whatsapp' });
    await world.app.jobs.sendMessages();
    await world.app.jobs.sendMessages();
    await eventually(async () =>
      (await rowsOf(eventKey)).some((row) => row.channel === 'sms' && row.status === 'delivered'),
    );
    const rows = await rowsOf(eventKey);
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'delivered'],
    ]);
    const sent = await sentTo(phone);
    expect(sent.map((message) => message.channel)).toEqual(['sms']);
    expect(sent[0]!.text).toContain('Lacebloom');
  });

  it('sends a message exactly once when the shop dies between the send and its record', async () => {
    const phone = '9811100004';
    simulator().switches.whatsappCrash = 1;
    const eventKey = await queue({ phone, channel: 'whatsapp' });
    await world.app.jobs.sendMessages();
    // The provider's status webhook names the message by our reference: it is recorded.
    await eventually(async () => (await rowsOf(eventKey))[0]?.status === 'delivered');
    // Later passes, even after every lease has lapsed, never send it again.
    now = new Date(now.getTime() + 30 * 60_000);
    await world.app.jobs.sendMessages();
    await world.app.jobs.sendMessages();
    const rows = await rowsOf(eventKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider_message_id).toMatch(/^wamid\./);
    expect(await sentTo(phone)).toHaveLength(1);
  });

  it('never sends again a message whose claim lapsed (its process died mid-call)', async () => {
    const phone = '9811100005';
    const eventKey = await queue({ phone, channel: 'sms' });
    // Claimed by a process that then died: the row is 'sending' with a lease that runs out.
    await world.database.db.execute(
      sql`update message_outbox set status = 'sending', attempts = 1,
            claimed_until = ${new Date(now.getTime() + 60_000).toISOString()}::timestamptz
          where event_key = ${eventKey}`,
    );
    now = new Date(now.getTime() + 5 * 60_000);
    await world.app.jobs.sendMessages();
    expect((await rowsOf(eventKey))[0]!.status).toBe('unconfirmed');
    expect(await sentTo(phone)).toHaveLength(0);
  });

  it('keeps offers by SMS until 10:00 in India, as operators refuse them at night (651)', async () => {
    const phone = '9811100006';
    now = new Date('2026-11-30T17:00:00Z'); // 22:30 IST
    const eventKey = await queue({ phone, channel: 'sms', template: 'offer' });
    await world.app.jobs.sendMessages();
    const [row] = await queryRows<{ status: string; error: string; next: string }>(
      world.database.db,
      sql`select status, error, next_attempt_at::text as next from message_outbox where event_key = ${eventKey}`,
    );
    expect(row!.status).toBe('queued');
    expect(row!.error).toContain('651');
    expect(new Date(row!.next).toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(await sentTo(phone)).toHaveLength(0);
    // Order updates go at any hour.
    const update = await queue({ phone, channel: 'sms' });
    await world.app.jobs.sendMessages();
    await eventually(async () => (await rowsOf(update))[0]?.status === 'delivered');
    // At 10:00 the offer goes.
    now = new Date('2026-12-01T04:30:00Z');
    await world.app.jobs.sendMessages();
    await eventually(async () => (await rowsOf(eventKey))[0]?.status === 'delivered');
  });

  it('cancels what is queued for a purpose when she withdraws her consent', async () => {
    const [user] = await queryRows<{ id: string }>(
      world.database.db,
      sql`insert into users (email, first_name, last_name) values ('offers@example.in', 'Ira', 'Sen')
          returning id`,
    );
    now = new Date('2026-11-30T17:00:00Z');
    const eventKey = await queue({
      phone: '9811100007',
      channel: 'sms',
      template: 'offer',
      userId: user!.id,
    });
    await world.app.jobs.sendMessages();
    expect(
      await outbox().cancelQueued(world.database.db, { userId: user!.id, purpose: 'offers' }),
    ).toBe(1);
    expect((await rowsOf(eventKey))[0]!.status).toBe('cancelled');
  });

  it('refuses an SMS delivery report at a wrong token', async () => {
    const answer = await world.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms/not-the-token',
      payload: JSON.stringify({ requestId: 'x', number: '919811100001', status: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(404);
  });
});
