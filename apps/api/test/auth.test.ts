import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { queryRows } from '../src/db/client.ts';
import { newShopper, send, signUp } from './auth-helpers.ts';
import { lastMailTo, linkToken, readOutbox } from './outbox.ts';
import { followVerificationLink } from './owner-helpers.ts';
import { createScratchDatabase, createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: 'Owner@Lacebloom.in',
    PUBLIC_URL: 'https://shop.example.in',
  });
});
afterAll(async () => {
  await world?.close();
});

describe('sign-up', () => {
  it('creates the account, answers user and tokens, and mails a verification link', async () => {
    const body = newShopper({
      email: '  Meera.Iyer@Example.IN ',
      phone: '+91 98765 43210',
      homeAddress: '12 MG Road, Indiranagar',
      officeAddress: '4th floor, Tech Park',
    });
    const answer = await send(app(), 'POST', '/api/auth/signup', { body });
    expect(answer.status).toBe(201);
    expect(answer.body.success).toBe(true);
    const { user, accessToken, refreshToken } = answer.body.data;
    expect(typeof accessToken).toBe('string');
    expect(typeof refreshToken).toBe('string');
    expect(user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'meera.iyer@example.in',
      phone: '9876543210',
      emailVerified: false,
      role: 'customer',
    });
    expect(user.addresses).toEqual([
      expect.objectContaining({
        name: 'Home',
        addressLine1: '12 MG Road, Indiranagar',
        city: '',
        state: '',
        pinCode: '',
      }),
      expect.objectContaining({
        name: 'Office',
        addressLine1: '4th floor, Tech Park',
        city: '',
        state: '',
        pinCode: '',
      }),
    ]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/passwordHash|password_hash|argon2/);
    expect(text).not.toContain(body.password);

    const mail = await lastMailTo(world.config.outboxDir, 'meera.iyer@example.in', /confirm/i);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.text).toContain('https://shop.example.in/verify-email?token=');
    expect(mail?.html).toContain('https://shop.example.in/verify-email?token=');
  });

  it('checks the fields in the order of the form, with the exact messages', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, 'First name is required.'],
      [{ firstName: '   ' }, 'First name is required.'],
      [{ firstName: 'Asha' }, 'Last name is required.'],
      [{ firstName: 'Asha', lastName: 'Rao' }, 'Valid email is required.'],
      [
        { firstName: 'Asha', lastName: 'Rao', email: 'asha.example.in' },
        'Valid email is required.',
      ],
      [
        { firstName: 'Asha', lastName: 'Rao', email: 'a@b.in', password: '12345' },
        'Password must be at least 6 characters.',
      ],
      [
        { firstName: 'Asha', lastName: 'Rao', email: 'a@b.in', password: '123456' },
        'Valid phone number is required.',
      ],
      [
        { firstName: 'Asha', lastName: 'Rao', email: 'a@b.in', password: '123456', phone: '98765' },
        'Valid phone number is required.',
      ],
    ];
    for (const [body, message] of steps) {
      const answer = await send(app(), 'POST', '/api/auth/signup', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message });
    }
  });

  it('refuses a second account for the same email however it is typed', async () => {
    const { shopper } = await signUp(app());
    const again = await send(app(), 'POST', '/api/auth/signup', {
      body: newShopper({ email: ` ${shopper.email.toUpperCase()} ` }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists');
  });

  it('ignores role, verification and ids sent with the sign-up', async () => {
    const body = newShopper({
      role: 'owner',
      emailVerified: true,
      _id: '00000000-0000-4000-8000-000000000000',
    });
    const answer = await send(app(), 'POST', '/api/auth/signup', { body });
    expect(answer.status).toBe(201);
    expect(answer.body.data.user.role).toBe('customer');
    expect(answer.body.data.user.emailVerified).toBe(false);
    expect(answer.body.data.user._id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('makes an ADMIN_EMAILS address an owner only once it is verified', async () => {
    const { user } = await signUp(app(), { email: 'owner@lacebloom.in' });
    expect(user.role).toBe('customer');
    expect(await followVerificationLink(world, 'owner@lacebloom.in')).toMatchObject({
      role: 'owner',
    });
  });
});

describe('sign-in', () => {
  it('signs in with the email in any case, and one message for a wrong password or email', async () => {
    const { shopper } = await signUp(app());
    const good = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email.toUpperCase(), password: shopper.password },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.user.email).toBe(shopper.email);
    expect(good.body.data.accessToken).toEqual(expect.any(String));
    expect(good.body.data.refreshToken).toEqual(expect.any(String));

    const wrongPassword = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: 'not-the-password' },
    });
    const unknownEmail = await send(app(), 'POST', '/api/auth/login', {
      body: { email: `nobody.${Date.now()}@example.in`, password: 'whatever1' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    // Alike but for each request's own id: nothing tells an unknown email from a wrong password.
    const withoutId = ({ requestId: _id, ...rest }: Record<string, unknown>) => rest;
    expect(withoutId(wrongPassword.body)).toEqual(withoutId(unknownEmail.body));
    expect(wrongPassword.body.message).toBe('Invalid email or password');
  });

  it('validates the login form with the messages shoppers see', async () => {
    const noAt = await send(app(), 'POST', '/api/auth/login', {
      body: { email: 'asha', password: 'secret1' },
    });
    expect(noAt.body).toMatchObject({ success: false, message: 'Valid email is required.' });
    const short = await send(app(), 'POST', '/api/auth/login', {
      body: { email: 'a@b.in', password: '123' },
    });
    expect(short.body).toMatchObject({
      success: false,
      message: 'Password must be at least 6 characters.',
    });
  });

  it('throttles failures for one email from many addresses, even with the right password from a new one, across a restart', async () => {
    const { shopper } = await signUp(app());
    // 30 guesses from three addresses: the ceiling of one account from addresses it never used.
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const answer = await send(app(), 'POST', '/api/auth/login', {
        body: { email: shopper.email, password: `wrong-${attempt}` },
        remoteAddress: `10.1.0.${attempt % 3}`,
      });
      expect(answer.status).toBe(401);
    }
    const locked = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
      remoteAddress: '10.1.0.99',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/too many/i);
    expect(locked.headers['retry-after']).toBeDefined();

    // A second server process on the same database sees the same counters.
    const second = await buildApp({ config: world.config, database: world.database });
    try {
      const again = await send(second, 'POST', '/api/auth/login', {
        body: { email: shopper.email, password: shopper.password },
      });
      expect(again.status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('throttles failures from one network address across many emails', async () => {
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 429; attempt += 1) {
      status = (
        await send(app(), 'POST', '/api/auth/login', {
          body: { email: `guess${attempt}@example.in`, password: 'guessing' },
          remoteAddress: '10.2.0.1',
        })
      ).status;
    }
    expect(status).toBe(429);
    // Someone on another network is not affected.
    const { shopper } = await signUp(app(), {});
    const elsewhere = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
      remoteAddress: '10.2.0.2',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('access tokens', () => {
  async function tokenWith(
    claims: Record<string, unknown>,
    options: {
      secret?: string;
      alg?: string;
      issuer?: string;
      audience?: string;
      expiresIn?: number;
      sub?: string;
    },
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(options.sub ?? '00000000-0000-4000-8000-000000000000')
      .setIssuer(options.issuer ?? 'lacebloom-api')
      .setAudience(options.audience ?? 'lacebloom-storefront')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (options.expiresIn ?? 600))
      .sign(new TextEncoder().encode(options.secret ?? world.config.jwtSecret));
  }

  it('needs a token for the profile', async () => {
    const answer = await send(app(), 'GET', '/api/auth/profile');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, message: 'No authentication token found' });
  });

  it('refuses tampered, foreign, expired and unsigned tokens', async () => {
    const { user, accessToken } = await signUp(app());
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const otherSub = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000001' }),
    ).toString('base64url');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    const bad = [
      `${header}.${otherSub}.${signature}`,
      `${header}.${payload}.${signature!.slice(0, -2)}xx`,
      `${unsignedHeader}.${payload}.`,
      await tokenWith(
        {},
        { sub: user._id, secret: 'another-secret-that-is-long-enough-0123456789' },
      ),
      await tokenWith({}, { sub: user._id, expiresIn: -60 }),
      await tokenWith({}, { sub: user._id, issuer: 'someone-else' }),
      await tokenWith({}, { sub: user._id, audience: 'another-app' }),
      await tokenWith({}, { sub: user._id, alg: 'HS512' }),
      'not-a-token',
    ];
    for (const token of bad) {
      const answer = await send(app(), 'GET', '/api/auth/profile', { token });
      expect(answer.status, token).toBe(401);
      expect(answer.body.success).toBe(false);
    }
    const good = await send(app(), 'GET', '/api/auth/profile', { token: accessToken });
    expect(good.status).toBe(200);
    expect(good.body.data._id).toBe(user._id);
  });

  it('never serves one shopper the answer of another, and marks it no-store', async () => {
    const asha = await signUp(app(), { firstName: 'Asha' });
    const divya = await signUp(app(), { firstName: 'Divya' });
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await send(app(), 'GET', '/api/auth/profile', { token: asha.accessToken })).body.data
          .firstName,
      ).toBe('Asha');
    }
    const divyas = await send(app(), 'GET', '/api/auth/profile', { token: divya.accessToken });
    expect(divyas.body.data.firstName).toBe('Divya');
    expect(divyas.body.data.email).toBe(divya.shopper.email);
    expect(divyas.headers['cache-control']).toBe('no-store');
    const nobody = await send(app(), 'GET', '/api/auth/profile');
    expect(nobody.status).toBe(401);
  });
});

describe('profile', () => {
  it('updates names, phone and addresses, and nothing else', async () => {
    const { accessToken, user, shopper } = await signUp(app(), { homeAddress: '12 MG Road' });
    const home = user.addresses[0];
    const answer = await send(app(), 'PATCH', '/api/auth/profile', {
      token: accessToken,
      body: {
        firstName: ' Ashwini ',
        phone: '098765-43211',
        email: 'taken-over@example.in',
        role: 'owner',
        emailVerified: true,
        _id: '00000000-0000-4000-8000-000000000000',
        addresses: [
          {
            _id: home._id,
            name: 'Home',
            addressLine1: '14 MG Road',
            city: 'Bengaluru',
            state: 'Karnataka',
            pinCode: '560001',
            phone: '+91 98765 43212',
          },
          {
            name: 'Mum',
            addressLine1: '3 Park Street',
            city: 'Kolkata',
            state: 'West Bengal',
            pinCode: '700016',
          },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Profile updated successfully!');
    const updated = answer.body.data;
    expect(updated).toMatchObject({
      _id: user._id,
      firstName: 'Ashwini',
      lastName: 'Rao',
      phone: '9876543211',
      email: shopper.email,
      role: 'customer',
      emailVerified: false,
    });
    expect(updated.addresses).toHaveLength(2);
    expect(updated.addresses[0]).toEqual({
      _id: home._id,
      name: 'Home',
      addressLine1: '14 MG Road',
      addressLine2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      phone: '9876543212',
    });
    expect(updated.addresses[1]._id).toEqual(expect.any(String));
    expect(updated.addresses[1]._id).not.toBe(home._id);

    // Deleting is sending the list without it; the rest keep their ids.
    const mumId = updated.addresses[1]._id;
    const afterDelete = await send(app(), 'PATCH', '/api/auth/profile', {
      token: accessToken,
      body: { addresses: [updated.addresses[1]] },
    });
    expect(afterDelete.body.data.addresses.map((a: { _id: string }) => a._id)).toEqual([mumId]);
    const reread = await send(app(), 'GET', '/api/auth/profile', { token: accessToken });
    expect(reread.body.data.addresses).toHaveLength(1);
    expect(reread.body.data.phone).toBe('9876543211');
  });

  it('refuses addresses without a name or first line, and bad pin codes and phones', async () => {
    const { accessToken } = await signUp(app());
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', addressLine1: '1 MG Road' }, 'Name is required'],
      [{ name: 'Home', addressLine1: '  ' }, 'Address is required'],
      [{ name: 'Home', addressLine1: '1 MG Road', pinCode: '5600' }, 'Invalid PIN code'],
      [{ name: 'Home', addressLine1: '1 MG Road', pinCode: '56000a' }, 'Invalid PIN code'],
      [{ name: 'Home', addressLine1: '1 MG Road', phone: '12345' }, 'Invalid phone number'],
    ];
    for (const [address, message] of cases) {
      const answer = await send(app(), 'PATCH', '/api/auth/profile', {
        token: accessToken,
        body: { addresses: [address] },
      });
      expect(answer.status, JSON.stringify(address)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const badPhone = await send(app(), 'PATCH', '/api/auth/profile', {
      token: accessToken,
      body: { phone: '12' },
    });
    expect(badPhone.body.message).toBe('Valid phone number is required.');
    const blankName = await send(app(), 'PATCH', '/api/auth/profile', {
      token: accessToken,
      body: { firstName: ' ' },
    });
    expect(blankName.body.message).toBe('First name is required.');
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh, and a reused token ends the whole sign-in', async () => {
    const { refreshToken: first } = await signUp(app());
    const rotated = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: first },
    });
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.refreshToken;
    expect(second).not.toBe(first);
    const profile = await send(app(), 'GET', '/api/auth/profile', {
      token: rotated.body.data.accessToken,
    });
    expect(profile.status).toBe(200);

    const reused = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: first },
    });
    expect(reused.status).toBe(401);
    // The newest token of that family is revoked too.
    const newest = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: second },
    });
    expect(newest.status).toBe(401);
  });

  it('lets only one of two concurrent refreshes with one token through', async () => {
    const { refreshToken } = await signUp(app());
    const answers = await Promise.all([
      send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } }),
      send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } }),
    ]);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
  });

  it('refuses unknown, missing and expired refresh tokens', async () => {
    expect(
      (await send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken: 'made-up' } }))
        .status,
    ).toBe(401);
    const missing = await send(app(), 'POST', '/api/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('No token to refresh');

    const { refreshToken } = await signUp(app());
    await world.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where revoked_at is null and replaced_at is null and created_at > now() - interval '5 seconds'`,
    );
    expect(
      (await send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } })).status,
    ).toBe(401);
  });

  it('stops the refresh token and the access token at logout', async () => {
    const { refreshToken, accessToken } = await signUp(app());
    const out = await send(app(), 'POST', '/api/auth/logout', {
      body: { refreshToken },
      token: accessToken,
    });
    expect(out.status).toBe(200);
    expect(
      (await send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } })).status,
    ).toBe(401);
    expect((await send(app(), 'GET', '/api/auth/profile', { token: accessToken })).status).toBe(
      401,
    );
    // Signing out twice, or with nothing, is not an error.
    expect((await send(app(), 'POST', '/api/auth/logout', { body: { refreshToken } })).status).toBe(
      200,
    );
    expect((await app().inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('signs out this device only: the shopper stays signed in on her others', async () => {
    const { shopper, refreshToken, accessToken } = await signUp(app());
    const phone = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });
    expect(phone.status).toBe(200);
    const out = await send(app(), 'POST', '/api/auth/logout', {
      body: { refreshToken },
      token: accessToken,
    });
    expect(out.status).toBe(200);
    expect((await send(app(), 'GET', '/api/auth/profile', { token: accessToken })).status).toBe(
      401,
    );
    const phoneToken = phone.body.data.accessToken as string;
    expect((await send(app(), 'GET', '/api/auth/profile', { token: phoneToken })).status).toBe(200);
    const renewed = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: phone.body.data.refreshToken },
    });
    expect(renewed.status).toBe(200);
  });

  it('ends nothing else when signing out with an expired or spent refresh token', async () => {
    const { shopper, refreshToken } = await signUp(app());
    const other = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });
    // This device's refresh token was rotated (spent) long ago, and another one expired.
    const rotated = await send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(rotated.status).toBe(200);
    const expiring = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });
    await world.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second'
          where token_hash = ${createHash('sha256').update(expiring.body.data.refreshToken).digest('hex')}`,
    );
    for (const stale of [refreshToken, expiring.body.data.refreshToken as string]) {
      expect(
        (await send(app(), 'POST', '/api/auth/logout', { body: { refreshToken: stale } })).status,
      ).toBe(200);
    }
    const otherToken = other.body.data.accessToken as string;
    expect((await send(app(), 'GET', '/api/auth/profile', { token: otherToken })).status).toBe(200);
    expect(
      (
        await send(app(), 'POST', '/api/auth/refresh', {
          body: { refreshToken: other.body.data.refreshToken },
        })
      ).status,
    ).toBe(200);
  });
});

describe('secrets in mails', () => {
  it('mails the verification and reset links without ever storing their tokens in the outbox', async () => {
    const { shopper } = await signUp(app());
    await send(app(), 'POST', '/api/auth/forgot-password', { body: { email: shopper.email } });
    await app().jobs.deliverMail();
    const verify = linkToken(
      await lastMailTo(world.config.outboxDir, shopper.email, /confirm your email/i),
      'verify-email',
    );
    const reset = linkToken(
      await lastMailTo(world.config.outboxDir, shopper.email, /reset/i),
      'reset-password',
    );
    expect(verify).toBeTruthy();
    expect(reset).toBeTruthy();
    // Every column of every row, as text: the tokens are in no stored mail.
    const stored = await queryRows<{ row: string }>(
      world.database.db,
      sql`select to_jsonb(m)::text as row from mail_outbox m`,
    );
    for (const { row } of stored) {
      expect(row).not.toContain(verify);
      expect(row).not.toContain(reset);
    }
  });
});

describe('the session cookie of a page request', () => {
  it('names the sign-in when sent once, and signs the request out when sent twice', async () => {
    const first = await signUp(app());
    const second = await signUp(app());
    expect(await app().pageSession(`lb_session=${first.refreshToken}`)).toEqual(expect.any(String));
    expect(
      await app().pageSession(
        `lb_session=${second.refreshToken}; lb_session=${first.refreshToken}`,
      ),
    ).toBeUndefined();
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email has an account', async () => {
    const { shopper } = await signUp(app());
    const known = await send(app(), 'POST', '/api/auth/forgot-password', {
      body: { email: shopper.email },
    });
    const unknown = await send(app(), 'POST', '/api/auth/forgot-password', {
      body: { email: `nobody.${Date.now()}@example.in` },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  it('resets through the mailed link once, and ends every sign-in', async () => {
    const { shopper, refreshToken, accessToken } = await signUp(app());
    // Signed in and seen: the server keeps this shopper's row for later requests.
    expect((await send(app(), 'GET', '/api/auth/profile', { token: accessToken })).status).toBe(
      200,
    );
    await send(app(), 'POST', '/api/auth/forgot-password', {
      body: { email: shopper.email.toUpperCase() },
    });
    const mail = await lastMailTo(world.config.outboxDir, shopper.email, /reset/i);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('https://shop.example.in/reset-password?token=');
    expect(mail?.html).toContain('<a href="https://shop.example.in/reset-password?token=');
    const token = linkToken(mail, 'reset-password')!;

    const tooShort = await send(app(), 'POST', '/api/auth/reset-password', {
      body: { token, password: '123' },
    });
    expect(tooShort.body.message).toBe('Password must be at least 6 characters.');

    const reset = await send(app(), 'POST', '/api/auth/reset-password', {
      body: { token, password: 'new-rose-petal-8' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successfully!');

    const again = await send(app(), 'POST', '/api/auth/reset-password', {
      body: { token, password: 'third-password' },
    });
    expect(again.status).toBe(400);

    expect(
      (
        await send(app(), 'POST', '/api/auth/login', {
          body: { email: shopper.email, password: shopper.password },
        })
      ).status,
    ).toBe(401);
    const login = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: 'new-rose-petal-8' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.emailVerified).toBe(true);
    expect(
      (await send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } })).status,
    ).toBe(401);
    expect((await send(app(), 'GET', '/api/auth/profile', { token: accessToken })).status).toBe(
      401,
    );

    const changed = await lastMailTo(world.config.outboxDir, shopper.email, /changed/i);
    expect(changed?.subject).toBe('Your password was changed');
  });

  it('refuses expired and made-up reset tokens', async () => {
    const { shopper } = await signUp(app());
    await send(app(), 'POST', '/api/auth/forgot-password', { body: { email: shopper.email } });
    const token = linkToken(
      await lastMailTo(world.config.outboxDir, shopper.email, /reset/i),
      'reset-password',
    )!;
    await world.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where purpose = 'password_reset' and used_at is null`,
    );
    const expired = await send(app(), 'POST', '/api/auth/reset-password', {
      body: { token, password: 'new-password-1' },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This password reset link is invalid or has expired.');
    expect(
      (
        await send(app(), 'POST', '/api/auth/reset-password', {
          body: { token: 'made-up', password: 'new-password-1' },
        })
      ).status,
    ).toBe(400);
  });

  it('limits reset requests for one email', async () => {
    const email = `flood.${Date.now()}@example.in`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (
          await send(app(), 'POST', '/api/auth/forgot-password', {
            body: { email },
            remoteAddress: `10.3.0.${i}`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('change password', () => {
  it('needs the current password, then signs out every other device and answers a new sign-in', async () => {
    const { shopper, accessToken, refreshToken } = await signUp(app());
    const other = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });

    const wrong = await send(app(), 'POST', '/api/auth/change-password', {
      token: accessToken,
      body: { currentPassword: 'not-it-at-all', newPassword: 'lotus-garden-9' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect.');
    const short = await send(app(), 'POST', '/api/auth/change-password', {
      token: accessToken,
      body: { currentPassword: shopper.password, newPassword: 'abc' },
    });
    expect(short.body.message).toBe('Password must be at least 6 characters.');
    expect(
      (
        await send(app(), 'POST', '/api/auth/change-password', {
          body: { currentPassword: 'x', newPassword: 'abcdefg' },
        })
      ).status,
    ).toBe(401);

    const changed = await send(app(), 'POST', '/api/auth/change-password', {
      token: accessToken,
      body: { currentPassword: shopper.password, newPassword: 'lotus-garden-9' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Password changed successfully!');
    const fresh = changed.body.data;
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: fresh.accessToken })).status,
    ).toBe(200);
    expect(
      (
        await send(app(), 'POST', '/api/auth/refresh', {
          body: { refreshToken: fresh.refreshToken },
        })
      ).status,
    ).toBe(200);
    expect((await send(app(), 'GET', '/api/auth/profile', { token: accessToken })).status).toBe(
      401,
    );
    expect(
      (await send(app(), 'POST', '/api/auth/refresh', { body: { refreshToken } })).status,
    ).toBe(401);
    expect(
      (
        await send(app(), 'POST', '/api/auth/refresh', {
          body: { refreshToken: other.body.data.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await send(app(), 'POST', '/api/auth/login', {
          body: { email: shopper.email, password: 'lotus-garden-9' },
        })
      ).status,
    ).toBe(200);
    expect((await lastMailTo(world.config.outboxDir, shopper.email, /changed/i))?.subject).toBe(
      'Your password was changed',
    );
  });
});

describe('email verification', () => {
  it('verifies through the mailed link once; resending mails a new link until verified', async () => {
    const { shopper, accessToken } = await signUp(app());
    const firstToken = linkToken(
      await lastMailTo(world.config.outboxDir, shopper.email, /confirm/i),
      'verify-email',
    )!;

    const resent = await send(app(), 'POST', '/api/auth/resend-verification', {
      token: accessToken,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('Verification email sent successfully!');
    const mails = (await readOutbox(world.config.outboxDir)).filter(
      (mail) => mail.to.includes(shopper.email) && /confirm/i.test(mail.subject),
    );
    expect(mails).toHaveLength(2);
    const secondToken = linkToken(mails[1], 'verify-email')!;
    // A newer link retires the older one.
    expect(
      (await send(app(), 'POST', '/api/auth/verify-email', { body: { token: firstToken } })).status,
    ).toBe(400);

    const verified = await send(app(), 'POST', '/api/auth/verify-email', {
      body: { token: secondToken },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Email verified successfully!');
    expect(verified.body.data.emailVerified).toBe(true);
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: accessToken })).body.data
        .emailVerified,
    ).toBe(true);
    expect(
      (await send(app(), 'POST', '/api/auth/verify-email', { body: { token: secondToken } }))
        .status,
    ).toBe(400);
    expect(
      (await send(app(), 'POST', '/api/auth/resend-verification', { token: accessToken })).status,
    ).toBe(400);
    expect((await send(app(), 'POST', '/api/auth/resend-verification')).status).toBe(401);
  });
});

describe('Google sign-in when it is not configured', () => {
  it('says so, and the storefront hides the button', async () => {
    const config = await send(app(), 'GET', '/api/auth/google/config');
    expect(config.body.data).toEqual({ enabled: false, clientId: null, authorizationUrl: null });
    const answer = await send(app(), 'POST', '/api/auth/google', {
      body: { code: 'anything', redirectUri: 'https://shop.example.in/auth/google/callback' },
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe('Google sign-in is not configured');
  });
});

// Processes share a database only on PostgreSQL (npm test runs this file again there).
describe.runIf(process.env.TEST_DATABASE_URL)('sign-ins across processes', () => {
  it('refuses, on every server, an access token from before a password change on one', async () => {
    const scratch = (await createScratchDatabase('shop_sessions'))!;
    const config = loadConfig({
      DATA_DIR: '/tmp/shop-sessions-test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-the-rule-0123456789',
    });
    const first = await openDatabase({ databaseUrl: scratch.url });
    await migrateDatabase(first, scratch.url);
    const second = await openDatabase({ databaseUrl: scratch.url });
    const changer = await buildApp({ config, database: first });
    const other = await buildApp({ config, database: second });
    try {
      const { shopper, accessToken } = await signUp(changer);
      const profile = () =>
        send(other, 'GET', '/api/auth/profile', { token: accessToken }).then((a) => a.status);
      expect(await profile()).toBe(200); // now kept in the other server's memory
      const changed = await send(changer, 'POST', '/api/auth/change-password', {
        token: accessToken,
        body: { currentPassword: shopper.password, newPassword: 'lotus-garden-9' },
      });
      expect(changed.status).toBe(200);
      // The change reaches the other server by NOTIFY within milliseconds.
      await expect.poll(profile, { timeout: 2_000, interval: 20 }).toBe(401);
    } finally {
      await changer.close();
      await other.close();
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});
