import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper, send, signUp } from './auth-helpers.ts';
import { startFakeGoogle } from './fake-google.ts';
import { followVerificationLink } from './owner-helpers.ts';
import { lastMailTo, linkToken } from './outbox.ts';
import { call, type Answer } from './shop-processes.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
/** The shop listening on a port, for bursts of real HTTP requests. */
let shop: { url: string };
const redirectUri = 'https://shop.example.in/auth/google/callback';

beforeAll(async () => {
  google = await startFakeGoogle('shop-client-id.apps.example', 'shop-client-secret');
  world = await createTestWorld({ ...google.env, PUBLIC_URL: 'https://shop.example.in' });
  shop = { url: await world.app.listen({ port: 0, host: '127.0.0.1' }) };
});
afterAll(async () => {
  await world?.close();
  await google?.close();
});

const person = (overrides: Partial<Parameters<typeof google.issueCode>[0]> = {}) => ({
  sub: `google-${Date.now()}-${Math.random()}`,
  email: `priya.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@gmail.example`,
  email_verified: true,
  given_name: 'Priya',
  family_name: 'Nair',
  ...overrides,
});

function signInWith(code: string, extra: Record<string, unknown> = {}) {
  return send(world.app, 'POST', '/api/auth/google', { body: { code, redirectUri, ...extra } });
}

const profile = (token: string) => send(world.app, 'GET', '/api/auth/profile', { token });
const refresh = (refreshToken: string) =>
  send(world.app, 'POST', '/api/auth/refresh', { body: { refreshToken } });

describe('Google sign-in', () => {
  it('publishes the client id and where to send the browser, never the secret', async () => {
    const answer = await send(world.app, 'GET', '/api/auth/google/config');
    expect(answer.body.data).toEqual({
      enabled: true,
      clientId: 'shop-client-id.apps.example',
      authorizationUrl: google.env.GOOGLE_AUTH_URL,
    });
    expect(JSON.stringify(answer.body)).not.toContain('shop-client-secret');
  });

  it('creates an account from a good code, and the same person signs in to it again', async () => {
    const priya = person();
    const first = await signInWith(google.issueCode(priya, redirectUri), {
      clientId: 'shop-client-id.apps.example',
      clientSecret: 'something-the-browser-made-up',
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Google authentication successful!');
    expect(first.body.data.user).toMatchObject({
      email: priya.email,
      firstName: 'Priya',
      lastName: 'Nair',
      emailVerified: true,
      googleLinked: true,
      hasPassword: false,
    });
    const profile = await send(world.app, 'GET', '/api/auth/profile', {
      token: first.body.data.accessToken,
    });
    expect(profile.status).toBe(200);

    const again = await signInWith(google.issueCode(priya, redirectUri));
    expect(again.body.data.user._id).toBe(first.body.data.user._id);
  });

  it('refuses a replayed code', async () => {
    const code = google.issueCode(person(), redirectUri);
    expect((await signInWith(code)).status).toBe(200);
    const replay = await signInWith(code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Google authentication failed');
  });

  it('refuses ID tokens for another audience, from another issuer, or expired', async () => {
    for (const overrides of [
      { audience: 'someone-elses-client-id' },
      { issuer: 'https://accounts.evil.example' },
      { expiresInSeconds: -3600 },
    ]) {
      const answer = await signInWith(google.issueCode(person(), redirectUri, overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(401);
      expect(answer.body.message).toBe('Google authentication failed');
    }
  });

  it('refuses a redirect URI that is not the callback page', async () => {
    const answer = await send(world.app, 'POST', '/api/auth/google', {
      body: {
        code: google.issueCode(person(), 'https://evil.example/steal'),
        redirectUri: 'https://evil.example/steal',
      },
    });
    expect(answer.status).toBe(400);
  });

  it('links a verified account to Google, keeping its password and sessions', async () => {
    const { user, shopper, accessToken, refreshToken } = await signUp(world.app);
    await followVerificationLink(world, shopper.email);
    const verified = await signInWith(
      google.issueCode(
        person({ email: shopper.email.toUpperCase(), email_verified: true }),
        redirectUri,
      ),
    );
    expect(verified.status).toBe(200);
    expect(verified.body.data.user._id).toBe(user._id);
    expect(verified.body.data.user).toMatchObject({
      googleLinked: true,
      hasPassword: true,
      emailVerified: true,
    });
    // The password and the sessions she had still work: the address was proven hers before.
    const login = await send(world.app, 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });
    expect(login.status).toBe(200);
    expect((await profile(accessToken)).status).toBe(200);
    expect((await refresh(refreshToken)).status).toBe(200);
  });

  it('refuses a Google account whose email Google has not verified, and makes no account', async () => {
    const stranger = person({ email_verified: false });
    const refusals = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(shop, 'POST', '/api/auth/google', {
          body: { code: google.issueCode(stranger, redirectUri), redirectUri },
        }),
      ),
    );
    for (const refusal of refusals) {
      expect(refusal).toEqual({
        status: 403,
        body: expect.objectContaining({
          success: false,
          message:
            'Google has not verified the email address of this Google account, so it cannot be used to sign in.',
        }),
      });
    }
    // No account was made with that address: it can still sign up.
    const later = await send(world.app, 'POST', '/api/auth/signup', {
      body: newShopper({ email: stranger.email }),
    });
    expect(later.status).toBe(201);

    // Nor does an unverified Google account reach an existing account with its address.
    const { shopper } = await signUp(world.app);
    const linked = await signInWith(
      google.issueCode(person({ email: shopper.email, email_verified: false }), redirectUri),
    );
    expect(linked.status).toBe(403);
  });

  it("takes over an account whose address was never verified: the intruder's password and sessions end", async () => {
    // He signs up first, with her address and a password he knows.
    const intruder = await signUp(world.app);
    const { email, password } = intruder.shopper;
    // She signs in with Google, which has verified the address is hers.
    const hers = await signInWith(google.issueCode(person({ email }), redirectUri));
    expect(hers.status).toBe(200);
    expect(hers.body.data.user).toMatchObject({
      _id: intruder.user._id,
      googleLinked: true,
      hasPassword: false,
      emailVerified: true,
    });
    const herToken = hers.body.data.accessToken as string;
    const saved = await send(world.app, 'PATCH', '/api/auth/profile', {
      token: herToken,
      body: { addresses: [{ name: 'Home', addressLine1: '7 Lake View Road', pinCode: '560001' }] },
    });
    expect(saved.status).toBe(200);

    // His access token, refresh token and password read nothing of hers any more.
    const his = await profile(intruder.accessToken);
    expect(his.status).toBe(401);
    expect(JSON.stringify(his.body)).not.toContain('Lake View');
    expect((await refresh(intruder.refreshToken)).status).toBe(401);
    const login = await send(world.app, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(401);
    expect(
      (await send(world.app, 'GET', '/api/order', { token: intruder.accessToken })).status,
    ).toBe(401);
    // Her own session works.
    const mine = await profile(herToken);
    expect(mine.status).toBe(200);
    expect(mine.body.data.addresses[0].addressLine1).toBe('7 Lake View Road');
  });

  it('ends every session of the taken-over account, sign-ins and refreshes under way included', async () => {
    const intruder = await signUp(world.app);
    const { email, password } = intruder.shopper;
    const sessions: { accessToken: string; refreshToken: string }[] = [intruder];
    for (let i = 0; i < 4; i += 1) {
      const login = await send(world.app, 'POST', '/api/auth/login', { body: { email, password } });
      sessions.push(login.body.data);
    }
    const code = google.issueCode(person({ email }), redirectUri);

    // His burst (refreshes, password sign-ins, reads) with her Google sign-in in the middle.
    const burst: Promise<Answer>[] = [];
    for (const session of sessions) {
      burst.push(call(shop, 'POST', '/api/auth/login', { body: { email, password } }));
      burst.push(
        call(shop, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } }),
      );
      burst.push(call(shop, 'GET', '/api/auth/profile', { token: session.accessToken }));
    }
    const hers = call(shop, 'POST', '/api/auth/google', { body: { code, redirectUri } });
    const answers = await Promise.all(burst);
    expect((await hers).status).toBe(200);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).not.toBe(500);

    // Every token he held or was given during the burst is dead now.
    const got = answers.filter((answer) => answer.status === 200 && answer.body.data.accessToken);
    const accessTokens = [...sessions, ...got.map((answer) => answer.body.data)].map(
      (session) => session.accessToken as string,
    );
    const refreshTokens = [...sessions, ...got.map((answer) => answer.body.data)].map(
      (session) => session.refreshToken as string,
    );
    for (const token of accessTokens) expect((await profile(token)).status).toBe(401);
    for (const token of refreshTokens) expect((await refresh(token)).status).toBe(401);
    const herSession = (await hers).body.data;
    expect((await profile(herSession.accessToken)).status).toBe(200);
  });

  it('unlinks, on a password reset, a Google account linked while the address was unverified', async () => {
    // Before Google sign-ins needed a verified address, his Google account (with her address,
    // unverified) made or joined her account.
    const { user, shopper } = await signUp(world.app);
    const intruderSubject = `google-intruder-${Date.now()}`;
    await world.database.db.execute(
      sql`update users set google_subject = ${intruderSubject} where id = ${user._id}`,
    );

    // She resets her password through the mailed link.
    expect(
      (
        await send(world.app, 'POST', '/api/auth/forgot-password', {
          body: { email: shopper.email },
        })
      ).status,
    ).toBe(200);
    const mail = await lastMailTo(world.config.outboxDir, shopper.email, /reset/i);
    const reset = await send(world.app, 'POST', '/api/auth/reset-password', {
      body: { token: linkToken(mail, 'reset-password'), password: 'her-own-secret-9' },
    });
    expect(reset.status).toBe(200);

    // His Google account no longer opens her account, whatever it says now.
    for (const emailVerified of [false, true]) {
      const his = await signInWith(
        google.issueCode(
          person({
            sub: intruderSubject,
            email: `intruder.${emailVerified}.${Date.now()}@gmail.example`,
            email_verified: emailVerified,
          }),
          redirectUri,
        ),
      );
      expect(his.body.data?.user?._id ?? null).not.toBe(user._id);
    }
    const login = await send(world.app, 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: 'her-own-secret-9' },
    });
    expect(login.body.data.user).toMatchObject({ googleLinked: false, emailVerified: true });
  });

  it('answers 400 without a code', async () => {
    const answer = await send(world.app, 'POST', '/api/auth/google', { body: { redirectUri } });
    expect(answer.status).toBe(400);
  });
});
