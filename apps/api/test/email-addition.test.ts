import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUp } from './auth-helpers.ts';
import { lastMailTo, linkToken, readOutbox } from './outbox.ts';
import { eventually } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld({ PHONE_CODES_PER_DAY: '500' });
});
afterAll(() => world?.close());
const app = () => world.app;

let counter = 0;
const fresh = () => {
  counter += 1;
  return {
    phone: `97${String(100 + counter).padStart(4, '0')}${String(1000 + counter).slice(-4)}`,
    email: `added.${Date.now()}.${counter}@example.in`,
    address: `10.20.${counter}.1`,
  };
};

/** A new account made by signing in with a phone number (its email is ''). */
async function phoneAccount(phone: string, address: string) {
  const sent = await send(app(), 'POST', '/api/auth/otp/send', {
    body: { phone },
    remoteAddress: address,
  });
  let code: string | undefined;
  await eventually(async () => {
    const messages = await world.app.messaging.messagingSimulator!.messages();
    code = messages.filter((message) => message.to === phone).at(-1)?.variables[0];
    return code !== undefined;
  });
  const signedIn = await send(app(), 'POST', '/api/auth/otp/verify', {
    body: { requestId: sent.body.data.requestId, phone, code },
  });
  expect(signedIn.body.data.user.email).toBe('');
  return {
    userId: signedIn.body.data.user._id as string,
    token: signedIn.body.data.accessToken as string,
  };
}

const addEmail = (token: string | undefined, email: unknown, address = '10.99.0.1') =>
  send(app(), 'POST', '/api/auth/email', {
    body: { email },
    ...(token ? { token } : {}),
    remoteAddress: address,
  });

async function additionLink(email: string) {
  const mail = await lastMailTo(world.config.outboxDir, email, /add this email address/i);
  return linkToken(mail, 'verify-email')!;
}

const follow = (token: string) =>
  send(app(), 'POST', '/api/auth/verify-email', { body: { token } });

describe('a phone account adds an email address', () => {
  it('mails a link; the address is hers only once the link is followed, and then a reset and a sign-in by email work', async () => {
    const { phone, email, address } = fresh();
    const account = await phoneAccount(phone, address);

    const asked = await addEmail(account.token, `  ${email.toUpperCase()} `, address);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      data: { email },
      message:
        'We have sent a link to this address. Follow it within 24 hours to add the address to your account.',
    });
    const mail = await lastMailTo(world.config.outboxDir, email, /add this email address/i);
    expect(mail?.subject).toBe('Add this email address to your account');
    // The mail names no one: it may reach someone who never asked.
    expect(mail?.text).not.toContain(phone);
    expect(mail?.text).not.toContain(phone.slice(-4));
    expect(mail?.text).toMatch(/^Hello,/);

    // Until the link is followed her account's address stays as it was.
    const before = await send(app(), 'GET', '/api/auth/profile', { token: account.token });
    expect(before.body.data).toMatchObject({ email: '', emailVerified: false });
    const forgotBefore = await send(app(), 'POST', '/api/auth/forgot-password', {
      body: { email },
    });
    expect(forgotBefore.status).toBe(200);
    expect(await lastMailTo(world.config.outboxDir, email, /reset/i)).toBeUndefined();

    const token = await additionLink(email);
    const verified = await follow(token);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      _id: account.userId,
      email,
      emailVerified: true,
      phone,
      hasPassword: false,
    });
    expect((await follow(token)).status).toBe(400);
    const after = await send(app(), 'GET', '/api/auth/profile', { token: account.token });
    expect(after.body.data).toMatchObject({ email, emailVerified: true });

    // A second address is not added over the first.
    const again = await addEmail(account.token, `other.${email}`, address);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your account already has an email address.');

    // She sets a password through 'Forgot password?', and signs in with her email.
    await send(app(), 'POST', '/api/auth/forgot-password', { body: { email } });
    const reset = linkToken(
      await lastMailTo(world.config.outboxDir, email, /reset/i),
      'reset-password',
    )!;
    const done = await send(app(), 'POST', '/api/auth/reset-password', {
      body: { token: reset, password: 'marigold-lane-8' },
    });
    expect(done.status).toBe(200);
    const login = await send(app(), 'POST', '/api/auth/login', {
      body: { email, password: 'marigold-lane-8' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ _id: account.userId, phone, hasPassword: true });
  });

  it("refuses an address another account has, with sign-up's words, before and after the link is mailed", async () => {
    const { phone, email, address } = fresh();
    const account = await phoneAccount(phone, address);
    const { shopper } = await signUp(app());

    const taken = await addEmail(account.token, shopper.email, address);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this email already exists');
    expect(await lastMailTo(world.config.outboxDir, shopper.email, /add this/i)).toBeUndefined();

    // Free when asked, taken by a sign-up before she follows the link.
    expect((await addEmail(account.token, email, address)).status).toBe(200);
    const token = await additionLink(email);
    await signUp(app(), { email });
    const late = await follow(token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('An account with this email already exists');
    const profile = await send(app(), 'GET', '/api/auth/profile', { token: account.token });
    expect(profile.body.data.email).toBe('');
  });

  it('retires an older link when she asks for another address, and checks the address with the shared rule', async () => {
    const { phone, email, address } = fresh();
    const account = await phoneAccount(phone, address);
    const first = `first.${email}`;
    await addEmail(account.token, first, address);
    const firstToken = await additionLink(first);
    await addEmail(account.token, email, address);
    const secondToken = await additionLink(email);
    expect((await follow(firstToken)).status).toBe(400);
    expect((await follow(secondToken)).body.data.email).toBe(email);

    const bad = await addEmail(account.token, 'not-an-address', address);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Valid email is required.');
    expect((await addEmail(undefined, email, address)).status).toBe(401);
  });

  it('mails at most 5 links an hour to one account, refusals counted too (a burst of 7)', async () => {
    const { phone, email, address } = fresh();
    const account = await phoneAccount(phone, address);
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        addEmail(account.token, `${index}.${email}`, address),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body.message).toBe(
      'Too many email addresses were tried. Please wait an hour and try again.',
    );
    const mails = (await readOutbox(world.config.outboxDir)).filter((mail) =>
      mail.to.includes(email),
    );
    expect(mails).toHaveLength(5);
  });
});
