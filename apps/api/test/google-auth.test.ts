import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUp } from './auth-helpers.ts';
import { startFakeGoogle } from './fake-google.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const redirectUri = 'https://shop.example.in/auth/google/callback';

beforeAll(async () => {
  google = await startFakeGoogle('shop-client-id.apps.example', 'shop-client-secret');
  world = await createTestWorld({ ...google.env, PUBLIC_URL: 'https://shop.example.in' });
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

  it('links an existing email account only when Google has verified the email', async () => {
    const { user, shopper } = await signUp(world.app);
    const unverified = await signInWith(
      google.issueCode(person({ email: shopper.email, email_verified: false }), redirectUri),
    );
    expect(unverified.status).toBe(409);

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
    // The password still works too.
    const login = await send(world.app, 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });
    expect(login.status).toBe(200);
  });

  it('answers 400 without a code', async () => {
    const answer = await send(world.app, 'POST', '/api/auth/google', { body: { redirectUri } });
    expect(answer.status).toBe(400);
  });
});
