// Meta re-categorises a template (its signed `template_category_update` webhook): the shop records
// the template's current category and routes each send by it. A template now marketing goes to
// /marketing_messages, and only to a shopper who opted into offers on WhatsApp; an order update
// to one who did not goes by SMS instead.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '../src/adapters/payments/signatures.ts';
import { templateCategoryUpdateBody } from '../src/adapters/messaging/messaging-simulator.ts';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { eventually, placeOrder } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

// A clock the test moves: Meta's reports carry whole seconds, a newer one wins.
let now = new Date('2026-11-30T06:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;
const simulator = () => app().messaging.messagingSimulator!;

beforeAll(async () => {
  world = await createTestWorld({ PHONE_CODES_PER_DAY: '500' }, { clock: () => now });
  choices = (await stockedChoices(app(), 3)).filter(
    (choice) => choice.price >= 300 && choice.price <= 3_000,
  );
}, 120_000);
afterAll(() => world?.close());

let numbers = 0;
/** A shopper whose number is verified (order updates go to it on WhatsApp). */
async function verifiedShopper() {
  numbers += 1;
  const phone = `93${String(Date.now() % 100_000).padStart(5, '0')}${String(numbers).padStart(3, '0')}`;
  const shopper = await signUp(app());
  const token = shopper.accessToken;
  const sent = await send(app(), 'POST', '/api/auth/otp/send', {
    token,
    body: { phone },
    remoteAddress: `10.61.0.${numbers}`,
  });
  expect(sent.status).toBe(200);
  let code: string | undefined;
  await eventually(async () => {
    await app().jobs.sendMessages();
    code = (await simulator().messages()).filter((m) => m.to === phone).at(-1)?.variables[0];
    return code !== undefined;
  });
  const verified = await send(app(), 'POST', '/api/auth/otp/verify', {
    token,
    body: { requestId: sent.body.data.requestId, phone, code },
  });
  expect(verified.status).toBe(200);
  return { token, phone, userId: shopper.user._id as string };
}

/** Places and cancels an order: its "cancelled" update is queued; answers what went out. */
async function cancelledOrder(token: string) {
  const { orderId, orderNumber } = await placeOrder(app(), token, [[choices[0]!, 1]]);
  const cancelled = await send(app(), 'POST', `/api/order/${orderId}/cancel`, {
    token,
    body: { reason: 'Changed my mind' },
  });
  expect(cancelled.status).toBe(200);
  await app().jobs.sendMessages();
  const sent = (await simulator().messages()).filter(
    (message) => message.text.includes(orderNumber) && message.template === 'order_cancelled',
  );
  return { orderId, orderNumber, sent };
}

const categoryRows = () =>
  queryRows<{ template_name: string; category: string; changed_at: Date }>(
    world.database.db,
    sql`select template_name, category, changed_at from whatsapp_template_categories
        order by template_name`,
  );

const postWebhook = (rawBody: string, signature: string) =>
  app().inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: rawBody,
  });

const appSecret = () => world.config.messaging.whatsapp!.appSecret;

describe('template categories from Meta', () => {
  it('routes by the signed category update: marketing only with her WhatsApp opt-in, else SMS', async () => {
    // Before: a utility template, on WhatsApp to her verified number.
    const before = await verifiedShopper();
    const first = await cancelledOrder(before.token);
    expect(first.sent.map(({ channel, to, category }) => ({ channel, to, category }))).toEqual([
      { channel: 'whatsapp', to: before.phone, category: 'utility' },
    ]);

    const changed = await simulator().recategorise('order_cancelled', 'marketing');
    expect(changed.status).toBe(200);
    expect(await categoryRows()).toEqual([
      expect.objectContaining({ template_name: 'order_cancelled', category: 'marketing' }),
    ]);

    // She never opted into offers on WhatsApp: the update goes by SMS instead.
    const noOptIn = await verifiedShopper();
    const second = await cancelledOrder(noOptIn.token);
    expect(second.sent.map(({ channel, to }) => ({ channel, to }))).toEqual([
      { channel: 'sms', to: noOptIn.phone },
    ]);
    const timeline = await send(app(), 'GET', `/api/order/${second.orderId}`, {
      token: noOptIn.token,
    });
    // Both rows carry the test clock's instant: compared in any order.
    const shown = timeline.body.data.messages.map((m: { channel: string; status: string }) => [
      m.channel,
      m.status,
    ]);
    expect(shown).toHaveLength(2);
    expect(shown).toEqual(
      expect.arrayContaining([
        ['whatsapp', 'cancelled'],
        ['sms', expect.stringMatching(/^(sent|delivered)$/)],
      ]),
    );

    // She opted into offers on WhatsApp: it goes there, to /marketing_messages.
    const optedIn = await verifiedShopper();
    const chose = await send(app(), 'PUT', '/api/account/messages', {
      token: optedIn.token,
      body: {
        orderUpdates: { email: true, whatsapp: true, sms: true },
        offers: { email: false, whatsapp: true, sms: false },
      },
    });
    expect(chose.status).toBe(200);
    const third = await cancelledOrder(optedIn.token);
    expect(third.sent.map(({ channel, to, category }) => ({ channel, to, category }))).toEqual([
      { channel: 'whatsapp', to: optedIn.phone, category: 'marketing' },
    ]);

    // A minute later Meta makes it utility again: back to /messages for everyone.
    advance(60_000);
    expect((await simulator().recategorise('order_cancelled', 'utility')).status).toBe(200);
    const fourth = await cancelledOrder(noOptIn.token);
    expect(fourth.sent.map(({ channel, category }) => ({ channel, category }))).toEqual([
      { channel: 'whatsapp', category: 'utility' },
    ]);
  });

  it('refuses a wrong signature with 401 and changes nothing', async () => {
    const rowsBefore = await categoryRows();
    const rawBody = JSON.stringify(
      templateCategoryUpdateBody({
        templateName: 'order_delivered',
        previous: 'utility',
        category: 'marketing',
        at: now,
      }),
    );
    const forged = await postWebhook(rawBody, `sha256=${hmacHex('not-the-app-secret', rawBody)}`);
    expect(forged.statusCode).toBe(401);
    const unsigned = await postWebhook(rawBody, '');
    expect(unsigned.statusCode).toBe(401);
    expect(await categoryRows()).toEqual(rowsBefore);
  });

  it('applies a replayed update once, and never lets an older one undo a newer one', async () => {
    const at = now;
    const rawBody = JSON.stringify(
      templateCategoryUpdateBody({
        templateName: 'order_shipped',
        previous: 'utility',
        category: 'marketing',
        at,
      }),
    );
    const signature = `sha256=${hmacHex(appSecret(), rawBody)}`;
    const answers = [];
    for (let i = 0; i < 2; i += 1) answers.push(await postWebhook(rawBody, signature));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.categories)).toEqual([1, 0]);
    const shipped = () =>
      categoryRows().then((rows) => rows.find((row) => row.template_name === 'order_shipped'));
    expect(await shipped()).toMatchObject({ category: 'marketing' });

    // A report older than the one recorded (it arrived late): not applied.
    const older = JSON.stringify(
      templateCategoryUpdateBody({
        templateName: 'order_shipped',
        previous: 'marketing',
        category: 'utility',
        at: new Date(at.getTime() - 60_000),
      }),
    );
    const late = await postWebhook(older, `sha256=${hmacHex(appSecret(), older)}`);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.categories).toBe(0);
    expect(await shipped()).toMatchObject({ category: 'marketing' });
  });
});
