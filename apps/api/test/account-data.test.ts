// Her choices and her data: message choices with a consent record per change (the words she was
// shown, where and when), the download of everything the shop holds about her (and nobody
// else's), and the erasure of her account: signed out everywhere, unable to sign in again, her
// GST-period orders kept without her contacts and listed, her invoice still open to the owner,
// other shoppers untouched, and a burst of two deletions safe.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDataMessages, consentWording } from '@shop/contracts/account-data';
import { defaultShopSettings } from '@shop/contracts/shop-settings';
import { addMonths, GST_RECORD_MONTHS } from '@shop/domain/account-data';
import { gstinCheckCharacter } from '@shop/domain/gstin';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { startFakeGoogle } from './fake-google.ts';
import { eventually, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let now = new Date('2026-11-30T17:00:00Z');
const GSTIN = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;
const redirectUri = 'https://shop.example.in/auth/google/callback';

let world: TestWorld;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let owner: { accessToken: string };
let choices: StockedChoice[];
const app = () => world.app;

type Session = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  google = await startFakeGoogle('shop-client-id.apps.example', 'shop-client-secret');
  world = await createTestWorld(
    {
      ...google.env,
      PUBLIC_URL: 'https://shop.example.in',
      ADMIN_EMAILS: 'owner@lacebloom.in',
      MESSAGING_PROVIDER: 'simulator',
    },
    // 22:30 in India: promotional texts wait in the outbox for 10:00, as operators require.
    { clock: () => now },
  );
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  const saved = await send(app(), 'PATCH', '/api/admin/settings', {
    token: owner.accessToken,
    body: { ...defaultShopSettings, gstin: GSTIN },
  });
  expect(saved.status).toBe(200);
  choices = (await stockedChoices(app(), 5)).filter((choice) => choice.price <= 2625);
}, 180_000);
afterAll(async () => {
  await world?.close();
  await google?.close();
});

const messages = (token: string) => send(app(), 'GET', '/api/account/messages', { token });
const putMessages = (token: string, body: unknown) =>
  send(app(), 'PUT', '/api/account/messages', { token, body });

async function consentRows(userId: string) {
  return queryRows<{
    purpose: string;
    channel: string;
    granted: boolean;
    source: string;
    wording: string;
    at: Date;
  }>(
    world.database.db,
    sql`select purpose, channel, granted, source, wording, at from consent_records
        where user_id = ${userId} order by at, id`,
  ).then((rows) => rows.map((row) => ({ ...row, at: new Date(row.at) })));
}

async function paidOrder(session: Session, choice: StockedChoice) {
  const placed = await placeOrder(app(), session.accessToken, [[choice, 1]]);
  const fields = await payOrder(app(), session.accessToken, placed.orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: session.accessToken, body: fields });
  await eventually(async () => {
    const answer = await send(app(), 'GET', `/api/order/${placed.orderId}`, {
      token: session.accessToken,
    });
    return answer.body.data.paymentStatus === 'paid';
  });
  return placed;
}

describe('message choices', () => {
  it('start with order updates by e-mail and SMS (WhatsApp needs a verified number) and no offers, for a signed-in shopper only', async () => {
    const asha = await signUp(app());
    const answer = await messages(asha.accessToken);
    expect(answer.status).toBe(200);
    // SMS is on without a verified number: order updates go to the delivery address's phone.
    expect(answer.body.data).toEqual({
      orderUpdates: { email: true, whatsapp: false, sms: true },
      offers: { email: false, whatsapp: false, sms: false },
    });
    expect(await consentRows(asha.user._id)).toEqual([]);
    expect((await send(app(), 'GET', '/api/account/messages')).status).toBe(401);
  });

  it('record the offers ticked at sign-up with the words beside the box', async () => {
    const before = Date.now();
    const meera = await signUp(app(), { offers: { whatsapp: true } });
    expect((await messages(meera.accessToken)).body.data.offers).toEqual({
      email: false,
      whatsapp: true,
      sms: false,
    });
    const rows = await consentRows(meera.user._id);
    expect(rows).toEqual([
      {
        purpose: 'offers',
        channel: 'whatsapp',
        granted: true,
        source: 'sign-up',
        wording: consentWording.offers.whatsapp,
        at: expect.any(Date),
      },
    ]);
    expect(rows[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('record each change once, with where it was made, the wording and when', async () => {
    const asha = await signUp(app());
    const chosen = {
      orderUpdates: { email: false, whatsapp: false, sms: false },
      offers: { email: true, whatsapp: false, sms: true },
    };
    const saved = await putMessages(asha.accessToken, chosen);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(chosen);
    expect((await messages(asha.accessToken)).body.data).toEqual(chosen);
    // Saving the same choices again records nothing more.
    expect((await putMessages(asha.accessToken, chosen)).status).toBe(200);
    const withdrawn = { ...chosen, offers: { email: false, whatsapp: false, sms: true } };
    expect((await putMessages(asha.accessToken, { ...withdrawn, source: 'checkout' })).status).toBe(
      200,
    );

    const rows = (await consentRows(asha.user._id)).map(({ at: _at, ...row }) => row);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          purpose: 'orderUpdates',
          channel: 'email',
          granted: false,
          source: 'profile',
          wording: consentWording.orderUpdates.email,
        },
        {
          purpose: 'orderUpdates',
          channel: 'sms',
          granted: false,
          source: 'profile',
          wording: consentWording.orderUpdates.sms,
        },
        {
          purpose: 'offers',
          channel: 'email',
          granted: true,
          source: 'profile',
          wording: consentWording.offers.email,
        },
        {
          purpose: 'offers',
          channel: 'sms',
          granted: true,
          source: 'profile',
          wording: consentWording.offers.sms,
        },
      ]),
    );
    expect(rows).toHaveLength(5);
    expect(rows[4]).toEqual({
      purpose: 'offers',
      channel: 'email',
      granted: false,
      source: 'checkout',
      wording: consentWording.offers.email,
    });
    expect((await messages(asha.accessToken)).body.data).toEqual(withdrawn);
  });

  it('record a burst of two identical saves once', async () => {
    const asha = await signUp(app());
    const chosen = {
      orderUpdates: { email: true, whatsapp: false, sms: true },
      offers: { email: true, whatsapp: false, sms: false },
    };
    const answers = await Promise.all([
      putMessages(asha.accessToken, chosen),
      putMessages(asha.accessToken, chosen),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await consentRows(asha.user._id)).toHaveLength(1);
  });

  it('refuse a choice that is not on or off, saying so', async () => {
    const asha = await signUp(app());
    const answer = await putMessages(asha.accessToken, {
      orderUpdates: { email: true, whatsapp: false, sms: false },
      offers: { email: 'yes', whatsapp: false, sms: false },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(accountDataMessages.choicesInvalid);
    expect(await consentRows(asha.user._id)).toEqual([]);
  });
});

describe('withdrawing consent', () => {
  let events = 0;
  async function queueFor(userId: string, purpose: 'offers' | 'order_updates') {
    events += 1;
    const eventKey = `consent-test:${events}`;
    await world.database.db.transaction((tx) =>
      app().messaging.messages.enqueueMessage(tx, {
        eventKey,
        phone: '9811100042',
        channel: 'sms',
        purpose,
        template: purpose === 'offers' ? 'offer' : 'order_shipped',
        variables:
          purpose === 'offers'
            ? { headline: 'New colours this week' }
            : {
                orderNumber: `LB-2611-${4000 + events}`,
                courier: 'Delhivery',
                awb: `AWB${events}`,
              },
        userId,
      }),
    );
    return eventKey;
  }
  const statusOf = async (eventKey: string) =>
    (
      await queryRows<{ status: string }>(
        world.database.db,
        sql`select status from message_outbox where event_key = ${eventKey}`,
      )
    )[0]?.status;

  it('cancels at once every queued message for that purpose and channel, and nothing else', async () => {
    const asha = await signUp(app(), { offers: { sms: true } });
    const offer = await queueFor(asha.user._id, 'offers');
    const update = await queueFor(asha.user._id, 'order_updates');
    await app().jobs.sendMessages();
    expect(await statusOf(offer)).toBe('queued');

    const withdrawn = await putMessages(asha.accessToken, {
      orderUpdates: { email: true, whatsapp: false, sms: true },
      offers: { email: false, whatsapp: false, sms: false },
    });
    expect(withdrawn.status).toBe(200);
    expect(await statusOf(offer)).toBe('cancelled');
    // Order updates by SMS stay on (their default): nothing recorded for them, and the queued
    // update is not an offer.
    expect(await statusOf(update)).not.toBe('cancelled');
    const rows = await consentRows(asha.user._id);
    expect(rows.at(-1)).toMatchObject({ purpose: 'offers', channel: 'sms', granted: false });
  });
});

describe('her data download', () => {
  it('holds everything about her and nothing of anyone else', async () => {
    const asha = await signUp(app(), {
      firstName: 'Ashwini',
      homeAddress: '14 Lavelle Road',
      offers: { email: true },
    });
    const other = await signUp(app(), { firstName: 'Kavya', homeAddress: '9 Church Street' });
    const herOrder = await paidOrder(asha, choices[0]!);
    const otherOrder = await placeOrder(app(), other.accessToken, [[choices[1]!, 1]]);
    await send(app(), 'POST', '/api/wishlist/add', {
      token: asha.accessToken,
      body: { productId: choices[2]!.productId },
    });
    await send(app(), 'POST', '/api/cart', {
      token: asha.accessToken,
      body: addBody(choices[3]!, 1),
    });
    await app().jobs.deliverMail();

    const answer = await app().inject({
      method: 'GET',
      url: '/api/account/data',
      headers: { authorization: `Bearer ${asha.accessToken}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json();
    expect(data.profile.email).toBe(asha.shopper.email);
    expect(data.profile.firstName).toBe('Ashwini');
    expect(data.addresses.map((a: { addressLine1: string }) => a.addressLine1)).toEqual([
      '14 Lavelle Road',
    ]);
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      herOrder.orderNumber,
    ]);
    expect(data.orders[0].items[0].product).toBe(choices[0]!.name);
    expect(data.wishlist.map((w: { product: string }) => w.product)).toEqual([choices[2]!.name]);
    expect(data.cart.map((c: { product: string }) => c.product)).toContain(choices[3]!.name);
    expect(data.consents).toEqual([
      expect.objectContaining({ purpose: 'offers', channel: 'email', source: 'sign-up' }),
    ]);
    expect(data.messagePreferences.offers.email).toBe(true);
    expect(data.signIns.length).toBeGreaterThanOrEqual(1);
    expect(data.messagesSent).toContainEqual(
      expect.objectContaining({ channel: 'email', about: 'order_confirmation' }),
    );
    expect(data.messagesSent.every((m: { to: string }) => m.to === asha.shopper.email)).toBe(true);
    expect(data.reviews).toEqual([]);
    expect(data.sharedWith.length).toBeGreaterThan(0);

    const text = answer.body;
    expect(text).not.toContain(other.shopper.email);
    expect(text).not.toContain(otherOrder.orderNumber);
    expect(text).not.toContain('9 Church Street');
    expect(text).not.toContain('Kavya');
    // Nothing about how she signs in leaves: no password hash, no token.
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(asha.refreshToken);
  });

  it('is for a signed-in shopper only', async () => {
    expect((await send(app(), 'GET', '/api/account/data')).status).toBe(401);
  });
});

describe('deleting her account', () => {
  const deleteAccount = (token: string, password: string) =>
    send(app(), 'DELETE', '/api/account', { token, body: { password } });
  const login = (email: string, password: string) =>
    send(app(), 'POST', '/api/auth/login', { body: { email, password } });

  it('refuses a wrong password, saying so, and changes nothing', async () => {
    const asha = await signUp(app());
    const answer = await deleteAccount(asha.accessToken, 'not-her-password');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(accountDataMessages.wrongPassword);
    expect((await login(asha.shopper.email, asha.shopper.password)).status).toBe(200);
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: asha.accessToken })).status,
    ).toBe(200);
  });

  it('erases her, keeps her invoiced order for the GST period without her contacts, and leaves others be', async () => {
    const asha = await signUp(app(), {
      firstName: 'Ashwini',
      lastName: 'Kulkarni',
      phone: '9811122233',
      homeAddress: '14 Lavelle Road',
      offers: { email: true, sms: true },
    });
    const other = await signUp(app(), { firstName: 'Kavya' });
    const paid = await paidOrder(asha, choices[0]!);
    const unpaid = await placeOrder(app(), asha.accessToken, [[choices[1]!, 1]]);
    const otherOrder = await placeOrder(app(), other.accessToken, [[choices[2]!, 1]]);
    await send(app(), 'POST', '/api/wishlist/add', {
      token: asha.accessToken,
      body: { productId: choices[2]!.productId },
    });
    const invoiceBefore = await app().inject({
      method: 'GET',
      url: `/api/admin/orders/${paid.orderId}/invoice.pdf`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(invoiceBefore.statusCode).toBe(200);
    const [invoice] = await queryRows<{ issued_at: Date }>(
      world.database.db,
      sql`select issued_at from invoices where order_id = ${paid.orderId} and kind = 'invoice'`,
    );

    const answer = await deleteAccount(asha.accessToken, asha.shopper.password);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      kept: [
        {
          kind: 'order',
          orderNumber: paid.orderNumber,
          until: addMonths(new Date(invoice!.issued_at), GST_RECORD_MONTHS).toISOString(),
        },
      ],
    });
    expect(String(answer.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    // Signed out everywhere, and no way back in.
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: asha.accessToken })).status,
    ).toBe(401);
    expect(
      (
        await send(app(), 'POST', '/api/auth/refresh', {
          body: { refreshToken: asha.refreshToken },
        })
      ).status,
    ).toBe(401);
    const again = await login(asha.shopper.email, asha.shopper.password);
    expect(again.status).toBe(401);

    // Her invoice still opens for the owner, the same document as before.
    const invoiceAfter = await app().inject({
      method: 'GET',
      url: `/api/admin/orders/${paid.orderId}/invoice.pdf`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(invoiceAfter.statusCode).toBe(200);
    expect(invoiceAfter.rawPayload.equals(invoiceBefore.rawPayload)).toBe(true);

    // The back office shows the kept order with no email or phone.
    const detail = await send(app(), 'GET', `/api/admin/orders/${paid.orderId}`, {
      token: owner.accessToken,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data.customer).toMatchObject({ name: '', email: '', phone: '' });
    expect(detail.body.data.order.shippingAddress).toMatchObject({
      name: 'Asha Rao',
      addressLine1: '12 MG Road',
      phone: '',
    });
    const unpaidDetail = await send(app(), 'GET', `/api/admin/orders/${unpaid.orderId}`, {
      token: owner.accessToken,
    });
    expect(unpaidDetail.body.data.order.shippingAddress).toMatchObject({
      name: '',
      addressLine1: '',
      phone: '',
      pinCode: '',
    });

    // Nothing that names or reaches her is left in her row, her wishlist or the mail outbox.
    const [row] = await queryRows<Record<string, unknown>>(
      world.database.db,
      sql`select email, first_name, last_name, phone, password_hash, google_subject, addresses,
                 erased_at from users where id = ${asha.user._id}`,
    );
    expect(row).toMatchObject({
      first_name: '',
      last_name: '',
      phone: '',
      password_hash: null,
      google_subject: null,
      addresses: [],
    });
    expect(row!.email).toMatch(/@erased\.invalid$/);
    expect(row!.erased_at).not.toBeNull();
    const leftovers = await queryRows<{ n: number }>(
      world.database.db,
      sql`select (select count(*) from wishlists where user_id = ${asha.user._id})::int
               + (select count(*) from carts where user_id = ${asha.user._id})::int
               + (select count(*) from mail_outbox
                  where coalesce(recipient, data -> 'recipient' ->> 'email') = ${asha.shopper.email})::int
               + (select count(*) from refresh_tokens
                  where user_id = ${asha.user._id} and revoked_at is null)::int as n`,
    );
    expect(leftovers[0]!.n).toBe(0);
    const orderText = JSON.stringify(
      await queryRows(
        world.database.db,
        sql`select * from orders where user_id = ${asha.user._id}`,
      ),
    );
    expect(orderText).not.toContain('9811122233');
    expect(orderText).not.toContain(asha.shopper.email);
    // Her choices are withdrawn, each recorded as such.
    const withdrawals = (await consentRows(asha.user._id)).filter(
      (consent) => consent.source === 'account-deleted',
    );
    expect(withdrawals.map((w) => `${w.purpose}.${w.channel}:${w.granted}`).sort()).toEqual([
      'offers.email:false',
      'offers.sms:false',
      'orderUpdates.email:false',
      'orderUpdates.sms:false',
    ]);

    // Another shopper is untouched.
    expect((await login(other.shopper.email, other.shopper.password)).status).toBe(200);
    const theirs = await send(app(), 'GET', `/api/order/${otherOrder.orderId}`, {
      token: other.accessToken,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.shippingAddress.phone).toBe('9876543210');
  });

  it('does not let Google back into an erased account', async () => {
    const subject = `google-${Date.now()}`;
    const asha = await signUp(app());
    // She links Google to her account (Google vouches for her address).
    const linked = await send(app(), 'POST', '/api/auth/google', {
      body: {
        code: google.issueCode(
          {
            sub: subject,
            email: asha.shopper.email,
            email_verified: true,
            given_name: 'Asha',
            family_name: 'Rao',
          },
          redirectUri,
        ),
        redirectUri,
      },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.user._id).toBe(asha.user._id);
    const password = 'a-new-password-9';
    await send(app(), 'POST', '/api/auth/forgot-password', { body: { email: asha.shopper.email } });
    // Google took over the unverified account and dropped its password: she sets one by mail.
    const { lastMailTo, linkToken } = await import('./outbox.ts');
    const mail = await lastMailTo(world.config.outboxDir, asha.shopper.email, /reset/i);
    const token = linkToken(mail, 'reset-password');
    expect(
      (await send(app(), 'POST', '/api/auth/reset-password', { body: { token, password } })).status,
    ).toBe(200);
    const session = await login(asha.shopper.email, password);
    expect((await deleteAccount(session.body.data.accessToken, password)).status).toBe(200);

    const back = await send(app(), 'POST', '/api/auth/google', {
      body: {
        code: google.issueCode(
          {
            sub: subject,
            email: asha.shopper.email,
            email_verified: true,
            given_name: 'Asha',
            family_name: 'Rao',
          },
          redirectUri,
        ),
        redirectUri,
      },
    });
    // Google makes a new, empty account; the erased one is never opened again.
    expect(back.body.data?.user?._id).not.toBe(asha.user._id);
    const orders = await send(app(), 'GET', '/api/order', { token: back.body.data.accessToken });
    expect(orders.body.data?.orders ?? []).toEqual([]);
  });

  it('lets an account that signs in by phone confirm with a code, and that phone then opens only a new account', async () => {
    const phone = '9822200001';
    const codeSent = async (requestId: string) => {
      await eventually(async () =>
        (await app().messaging.messagingSimulator!.messages()).some(
          (message) => message.to === phone && message.template === 'sign_in_code',
        ),
      );
      const sent = (await app().messaging.messagingSimulator!.messages()).filter(
        (message) => message.to === phone && message.template === 'sign_in_code',
      );
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      return sent.at(-1)!.variables[0]!;
    };
    const signInByPhone = async () => {
      const sent = await send(app(), 'POST', '/api/auth/otp/send', { body: { phone } });
      expect(sent.status).toBe(200);
      const code = await codeSent(sent.body.data.requestId);
      const answer = await send(app(), 'POST', '/api/auth/otp/verify', {
        body: { requestId: sent.body.data.requestId, phone, code },
      });
      expect(answer.status).toBe(200);
      return answer.body.data as { accessToken: string; user: { _id: string } };
    };
    const first = await signInByPhone();

    now = new Date(now.getTime() + 31_000);
    const asked = await send(app(), 'POST', '/api/auth/otp/send', { body: { phone } });
    expect(asked.status).toBe(200);
    const code = await codeSent(asked.body.data.requestId);
    const wrong = await send(app(), 'DELETE', '/api/account', {
      token: first.accessToken,
      body: { requestId: asked.body.data.requestId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: first.accessToken })).status,
    ).toBe(200);
    const erased = await send(app(), 'DELETE', '/api/account', {
      token: first.accessToken,
      body: { requestId: asked.body.data.requestId, code },
    });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ kept: [] });
    const [row] = await queryRows<{ phone: string; phone_verified: boolean }>(
      world.database.db,
      sql`select phone, phone_verified from users where id = ${first.user._id}`,
    );
    expect(row).toEqual({ phone: '', phone_verified: false });
    const left = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from message_outbox where recipient = ${phone}`,
    );
    expect(left[0]!.n).toBe(0);

    // The number now opens a new, empty account, never the erased one.
    now = new Date(now.getTime() + 61_000);
    const again = await signInByPhone();
    expect(again.user._id).not.toBe(first.user._id);
  });

  it('tells an account without a password how to get one', async () => {
    const subject = `google-only-${Date.now()}`;
    const signedIn = await send(app(), 'POST', '/api/auth/google', {
      body: {
        code: google.issueCode(
          {
            sub: subject,
            email: `${subject}@gmail.example`,
            email_verified: true,
            given_name: 'Nila',
            family_name: 'M',
          },
          redirectUri,
        ),
        redirectUri,
      },
    });
    const answer = await deleteAccount(signedIn.body.data.accessToken, 'anything');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(accountDataMessages.noPassword);
  });

  it('survives a burst of two deletions: one erases, the other is told it is gone', async () => {
    const asha = await signUp(app(), { offers: { email: true } });
    const answers = await Promise.all([
      deleteAccount(asha.accessToken, asha.shopper.password),
      deleteAccount(asha.accessToken, asha.shopper.password),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const refused = answers.find((answer) => answer.status === 401)!;
    expect(refused.body.message).toMatch(/deleted|Invalid or expired token/);
    const withdrawals = (await consentRows(asha.user._id)).filter(
      (consent) => consent.source === 'account-deleted',
    );
    // Each choice that was on, once: offers by e-mail, order updates by e-mail and by SMS.
    expect(withdrawals).toHaveLength(3);
  });
});
