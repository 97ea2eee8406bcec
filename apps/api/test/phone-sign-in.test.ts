import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { send } from './auth-helpers.ts';
import { readOutbox } from './outbox.ts';
import { eventually } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

// A clock the tests move: 11:30 in India on a weekday.
let now = new Date('2026-11-30T06:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld({ PHONE_CODES_PER_DAY: '500' }, { clock: () => now });
});
afterAll(() => world?.close());

let numbers = 0;
/** A fresh number in its own range (so the range limit never mixes tests). */
function freshNumber() {
  numbers += 1;
  return `9${String(100 + numbers).padStart(5, '0')}${String(1000 + numbers).slice(-4)}`;
}
let addresses = 0;
const freshAddress = () => `10.9.${Math.floor(++addresses / 200)}.${addresses % 200}`;

async function codeSentTo(phone: string, channel: 'whatsapp' | 'sms' = 'whatsapp') {
  let code: string | undefined;
  await eventually(async () => {
    const sent = (await world.app.messaging.messagingSimulator!.messages()).filter(
      (message) => message.to === phone && message.channel === channel,
    );
    code = sent.at(-1)?.variables[0];
    return code !== undefined;
  });
  return code!;
}

const sendCode = (
  phone: string,
  options: { address?: string; token?: string; channel?: string } = {},
) =>
  send(world.app, 'POST', '/api/auth/otp/send', {
    body: { phone, ...(options.channel ? { channel: options.channel } : {}) },
    remoteAddress: options.address ?? freshAddress(),
    ...(options.token ? { token: options.token } : {}),
  });

const verify = (body: Record<string, unknown>, token?: string) =>
  send(world.app, 'POST', '/api/auth/otp/verify', { body, ...(token ? { token } : {}) });

describe('sign-in with a phone number', () => {
  it('says which channels can carry codes', async () => {
    const answer = await send(world.app, 'GET', '/api/auth/otp/config');
    expect(answer.body.data).toEqual({ enabled: true, channels: ['whatsapp', 'sms'] });
  });

  it('is off, and says so, in production without providers', async () => {
    const off = await createTestWorld(
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator' },
      { database: 'empty' },
    );
    try {
      expect((await send(off.app, 'GET', '/api/auth/otp/config')).body.data).toEqual({
        enabled: false,
        channels: [],
      });
      const refused = await send(off.app, 'POST', '/api/auth/otp/send', {
        body: { phone: '9876543210' },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe('Sign-in with a phone number is not available.');
    } finally {
      await off.close();
    }
  });

  it('sends a code by WhatsApp, and the code signs in a new account once', async () => {
    const phone = freshNumber();
    const sent = await sendCode(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ channel: 'whatsapp', resendAfterSeconds: 30 });
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const messages = await world.app.messaging.messagingSimulator!.messages();
    const message = messages.find((each) => each.to === phone)!;
    expect(message).toMatchObject({ template: 'sign_in_code', category: 'authentication' });
    expect(message.providerMessageId).toMatch(/^wamid\./);

    const signedIn = await verify({ requestId: sent.body.data.requestId, phone, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ phone, email: '' });
    expect(signedIn.body.data.accessToken).toBeTruthy();
    expect(signedIn.body.data.refreshToken).toBeTruthy();

    // Gone once used.
    const again = await verify({ requestId: sent.body.data.requestId, phone, code });
    expect(again.status).toBe(400);

    // The same number signs in to the same account next time.
    advance(31_000);
    const second = await sendCode(phone);
    const next = await verify({
      requestId: second.body.data.requestId,
      phone,
      code: await codeSentTo(phone),
    });
    expect(next.body.data.user._id).toBe(signedIn.body.data.user._id);
  });

  it('refuses a resend inside the wait (30 s, then doubling), with Retry-After', async () => {
    const phone = freshNumber();
    const address = freshAddress();
    expect((await sendCode(phone, { address })).status).toBe(200);
    const early = await sendCode(phone, { address });
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(30);
    advance(30_000);
    const second = await sendCode(phone, { address });
    expect(second.status).toBe(200);
    expect(second.body.data.resendAfterSeconds).toBe(60);
    advance(59_000);
    expect((await sendCode(phone, { address })).status).toBe(429);
    advance(1_000);
    expect((await sendCode(phone, { address })).status).toBe(200);
    // A fourth code within 15 minutes is refused by the number's own limit.
    advance(120_000);
    const fourth = await sendCode(phone, { address });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'Too many codes were sent to this number. Please try again in 15 minutes.',
    );
  });

  it('allows 5 checks of a code, then refuses even the right one', async () => {
    const phone = freshNumber();
    const sent = await sendCode(phone);
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let check = 0; check < 5; check += 1) {
      const answer = await verify({ requestId: sent.body.data.requestId, phone, code: wrong });
      expect(answer.status).toBe(400);
    }
    const right = await verify({ requestId: sent.body.data.requestId, phone, code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('This code has expired or was used. Please ask for a new one.');
  });

  it('refuses a code after 5 minutes', async () => {
    const phone = freshNumber();
    const sent = await sendCode(phone);
    const code = await codeSentTo(phone);
    advance(5 * 60_000 + 1);
    const late = await verify({ requestId: sent.body.data.requestId, phone, code });
    expect(late.status).toBe(400);
  });

  it('sends by SMS when asked, ending with the origin-bound line', async () => {
    const phone = freshNumber();
    const sent = await sendCode(phone, { channel: 'sms' });
    expect(sent.body.data.channel).toBe('sms');
    const code = await codeSentTo(phone, 'sms');
    const sms = (await world.app.messaging.messagingSimulator!.messages()).find(
      (message) => message.to === phone && message.channel === 'sms',
    )!;
    expect(sms.text).toContain('Lacebloom');
    expect(sms.text.endsWith(`@${new URL(world.config.publicUrl).host} #${code}`)).toBe(true);
  });

  it('falls back to SMS when WhatsApp has not delivered the code within 20 s', async () => {
    const phone = freshNumber();
    world.app.messaging.messagingSimulator!.switches.whatsappUndelivered = 1;
    const sent = await sendCode(phone);
    const code = await codeSentTo(phone);
    advance(19_000);
    await world.app.jobs.sendMessages();
    const before = await world.app.messaging.messagingSimulator!.messages();
    expect(before.some((each) => each.to === phone && each.channel === 'sms')).toBe(false);
    advance(2_000);
    await world.app.jobs.sendMessages();
    expect(await codeSentTo(phone, 'sms')).toBe(code);
    expect((await verify({ requestId: sent.body.data.requestId, phone, code })).status).toBe(200);
  });

  it('adds a verified number to a signed-in account, and then signs in to it by phone', async () => {
    const signup = await send(world.app, 'POST', '/api/auth/signup', {
      body: {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: `meera.${Date.now()}@example.in`,
        password: 'jasmine-garden-4',
        phone: '9000000000',
      },
    });
    const token = signup.body.data.accessToken;
    const phone = freshNumber();
    const sent = await sendCode(phone, { token });
    const added = await verify(
      { requestId: sent.body.data.requestId, phone, code: await codeSentTo(phone) },
      token,
    );
    expect(added.body.data.user._id).toBe(signup.body.data.user._id);
    advance(31_000);
    const again = await sendCode(phone);
    const signedIn = await verify({
      requestId: again.body.data.requestId,
      phone,
      code: await codeSentTo(phone),
    });
    expect(signedIn.body.data.user._id).toBe(signup.body.data.user._id);
  });

  it('refuses to verify on a second account a number verified on another, with a clear 409', async () => {
    const phone = freshNumber();
    const sent = await sendCode(phone);
    const owner = await verify({
      requestId: sent.body.data.requestId,
      phone,
      code: await codeSentTo(phone),
    });
    const other = await send(world.app, 'POST', '/api/auth/signup', {
      body: {
        firstName: 'Kavya',
        lastName: 'Nair',
        email: `kavya.${Date.now()}@example.in`,
        password: 'jasmine-garden-4',
        phone: '9000000000',
      },
    });
    const token = other.body.data.accessToken;
    advance(31_000);
    const asked = await sendCode(phone, { token });
    const refused = await verify(
      { requestId: asked.body.data.requestId, phone, code: await codeSentTo(phone) },
      token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This number is already verified on another account.');
    const profile = await send(world.app, 'GET', '/api/auth/profile', { token });
    expect(profile.body.data.phone).toBe('9000000000');
    // The number still signs in to the account it was first verified on (a third code waits 60 s).
    advance(61_000);
    const again = await sendCode(phone);
    const signedIn = await verify({
      requestId: again.body.data.requestId,
      phone,
      code: await codeSentTo(phone),
    });
    expect(signedIn.body.data.user._id).toBe(owner.body.data.user._id);
  });

  it('never signs in to an account whose number was only typed', async () => {
    const typed = freshNumber();
    const signup = await send(world.app, 'POST', '/api/auth/signup', {
      body: {
        firstName: 'Nila',
        lastName: 'Das',
        email: `nila.${Date.now()}@example.in`,
        password: 'jasmine-garden-4',
        phone: typed,
      },
    });
    const sent = await sendCode(typed);
    const signedIn = await verify({
      requestId: sent.body.data.requestId,
      phone: typed,
      code: await codeSentTo(typed),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user._id).not.toBe(signup.body.data.user._id);
  });
});

describe('limits on sign-in codes, each spent exactly by a burst', () => {
  it('sends at most 10 codes an hour to one network address (IPv6 by its /64)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_each, index) =>
        sendCode(freshNumber(), { address: `2001:db8:7:1::${(index + 1).toString(16)}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4);
  });

  it('sends at most 30 codes an hour to numbers sharing all but their last 4 digits', async () => {
    const answers = await Promise.all(
      Array.from({ length: 34 }, (_each, index) =>
        sendCode(`977770${String(index).padStart(4, '0')}`),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(30);
  });

  it('lets a burst of resends to one number through once', async () => {
    const phone = freshNumber();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendCode(phone)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });
});

describe('the shop-wide daily cap', () => {
  let capped: TestWorld;
  beforeAll(async () => {
    capped = await createTestWorld(
      { PHONE_CODES_PER_DAY: '5', ADMIN_EMAILS: 'owner@lacebloom.in' },
      { clock: () => now },
    );
  });
  afterAll(() => capped?.close());

  it('sends exactly the cap, then refuses every number until the day is over', async () => {
    await capped.database.db.execute(
      sql`insert into users (email, first_name, last_name, email_verified)
          values ('owner@lacebloom.in', 'Ritu', 'Owner', true)`,
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_each, index) =>
        send(capped.app, 'POST', '/api/auth/otp/send', {
          body: { phone: `9${index}5550${String(1000 + index)}`.slice(0, 10) },
          remoteAddress: `10.77.0.${index + 1}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.message).toBe(
      'Sign-in codes are paused for today. Please sign in with your email, or try again tomorrow.',
    );
    // The owners hear of it once, from the first refusal.
    const mails = (await readOutbox(capped.config.outboxDir)).filter((mail) =>
      /Sign-in codes paused/.test(mail.subject),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('owner@lacebloom.in');
  });
});
