// Every input that takes an email takes a bare address: a display name, a list, quotes or angle
// brackets would let a second account's mail go to someone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageSchema } from '@shop/contracts/contact';
import { newShopper, send, signUp } from './auth-helpers.ts';
import { readOutbox } from './outbox.ts';
import { call } from './shop-processes.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let shop: { url: string };

beforeAll(async () => {
  world = await createTestWorld();
  shop = { url: await world.app.listen({ port: 0, host: '127.0.0.1' }) };
});
afterAll(async () => {
  await world?.close();
});

/** Ways to dress up erin's address so that a mailer delivers to her. */
const disguises = (address: string) => [
  `twin<${address}>`,
  `Twin <${address}>`,
  `<${address}>`,
  `"twin" <${address}>`,
  `"twin"@${address.split('@')[1]}`,
  `${address}, twin@example.net`,
  `twin@example.net; ${address}`,
  `team: ${address};`,
  `${address} (twin)`,
];

describe('email addresses', () => {
  it('refuses a second account whose address is a disguise of an existing one', async () => {
    const erin = await signUp(world.app, { email: `erin.${Date.now()}@example.com` });
    const answers = await Promise.all(
      disguises(erin.shopper.email).map((email) =>
        call(shop, 'POST', '/api/auth/signup', { body: newShopper({ email }) }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer, disguises(erin.shopper.email)[i]).toEqual({
        status: 400,
        body: expect.objectContaining({ success: false, message: 'Valid email is required.' }),
      });
    }
    // Nothing was mailed but erin's own verification.
    const mails = (await readOutbox(world.config.outboxDir)).filter((mail) =>
      mail.to.includes(erin.shopper.email),
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your email address']);
  });

  it('refuses them at sign-in and in a reset request too, with the same message', async () => {
    for (const email of disguises('erin@example.com')) {
      for (const [path, body] of [
        ['/api/auth/login', { email, password: 'whatever-1' }],
        ['/api/auth/forgot-password', { email }],
      ] as const) {
        const answer = await send(world.app, 'POST', path, { body });
        expect(answer.status, `${path} ${email}`).toBe(400);
        expect(answer.body.message).toBe('Valid email is required.');
      }
    }
  });

  it('keeps taking ordinary addresses, stored trimmed and lower-cased', async () => {
    const stamp = Date.now();
    for (const [typed, stored] of [
      [` Meera.Iyer+Orders@Example.IN `, `meera.iyer+orders@example.in`],
      [`o'brien.${stamp}@mail.example.co.in`, `o'brien.${stamp}@mail.example.co.in`],
      [`a_b-c.${stamp}@sub-domain.example.com`, `a_b-c.${stamp}@sub-domain.example.com`],
    ]) {
      const answer = await send(world.app, 'POST', '/api/auth/signup', {
        body: newShopper({ email: typed }),
      });
      expect(answer.status, typed).toBe(201);
      expect(answer.body.data.user.email).toBe(stored);
    }
  });

  it('holds the contact form to the same rule, with its own messages', () => {
    const message = {
      name: 'Erin',
      phone: '9876543210',
      subject: 'other',
      message: 'Hello',
    };
    const emailError = (email: unknown) => {
      const result = contactMessageSchema.safeParse({ ...message, email });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(emailError('  ')).toBe('Email is required');
    expect(emailError(undefined)).toBe('Email is required');
    for (const email of disguises('erin@example.com')) {
      expect(emailError(email), email).toBe('Email is invalid');
    }
    const ok = contactMessageSchema.safeParse({ ...message, email: ' Erin+Shop@Example.com ' });
    expect(ok.success && ok.data.email).toBe('erin+shop@example.com');
  });
});
