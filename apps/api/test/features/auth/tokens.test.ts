import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from '../../../src/features/auth/tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const USER = '6f1c1d52-8a5e-4a53-9d0e-3c9a2b7e4f10';
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with `secret` from any header and claims, as an attacker could make one. */
function handMade(header: object, claims: object, secret = SECRET) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode(header)}.${encode(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}
const goodClaims = () => ({
  sub: USER,
  iss: 'lacebloom-api',
  aud: 'lacebloom-storefront',
  iat: now(),
  exp: now() + 600,
});
const HS256 = { alg: 'HS256', typ: 'JWT' };
const SESSION = '7d0f6a2e-3c1b-4e5f-9a8b-1c2d3e4f5a6b';

describe('access tokens', () => {
  const tokens = createAccessTokens(SECRET);

  it('verifies the tokens it signs, with the issue time in milliseconds', async () => {
    // Issued more than 15 minutes ago: expired.
    expect(
      await tokens.verify(await tokens.sign(USER, SESSION, Date.now() - 16 * 60_000)),
    ).toBeUndefined();
    const issuedAtMs = Date.now() - 1_234;
    expect(await tokens.verify(await tokens.sign(USER, SESSION, issuedAtMs))).toEqual({
      userId: USER,
      issuedAtMs,
      sessionId: SESSION,
    });
    expect(await tokens.verify(handMade(HS256, goodClaims()))).toMatchObject({ userId: USER });
    expect(
      await tokens.verify(
        handMade(HS256, { ...goodClaims(), aud: ['other', 'lacebloom-storefront'] }),
      ),
    ).toMatchObject({ userId: USER });
  });

  it('refuses every token that is not exactly one of its own, valid now', async () => {
    const fresh = await tokens.sign(USER, SESSION);
    const [header, payload, signature] = fresh.split('.') as [string, string, string];
    const refused = [
      handMade(HS256, goodClaims(), 'another-secret-that-is-long-enough-0123456789'),
      handMade({ alg: 'none' }, goodClaims()),
      handMade({ alg: 'HS512', typ: 'JWT' }, goodClaims()),
      handMade({ ...HS256, crit: ['b64'], b64: false }, goodClaims()),
      handMade(HS256, { ...goodClaims(), exp: now() - 1 }),
      handMade(HS256, { ...goodClaims(), nbf: now() + 60 }),
      handMade(HS256, { ...goodClaims(), iss: 'someone-else' }),
      handMade(HS256, { ...goodClaims(), aud: 'another-app' }),
      handMade(HS256, { ...goodClaims(), sub: '' }),
      handMade(HS256, { ...goodClaims(), iat: 'today' }),
      handMade(HS256, [goodClaims()]),
      `${header}.${payload}.${signature}x`,
      `${header}.${payload}.${signature.slice(0, -1)}`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.extra`,
      'not-a-token',
      '',
    ];
    for (const token of refused) expect(await tokens.verify(token), token).toBeUndefined();
  });

  describe('a token verified before', () => {
    afterEach(() => vi.useRealTimers());

    it('still expires on time, and its altered copies are still refused', async () => {
      vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
      const token = await tokens.sign(USER, SESSION);
      const first = await tokens.verify(token);
      expect(first).toMatchObject({ userId: USER });
      // Kept: the same claims answer again, and no caller can change them.
      expect(await tokens.verify(token)).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      expect(await tokens.verify(`${header}.${payload}.${signature}x`)).toBeUndefined();
      expect(await tokens.verify(`${header}.${payload}x.${signature}`)).toBeUndefined();
      vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
      expect(await tokens.verify(token)).toBeUndefined();
    });

    it('is refused before its not-before time and accepted after it', async () => {
      vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
      const early = handMade(HS256, { ...goodClaims(), nbf: now() + 60 });
      expect(await tokens.verify(early)).toBeUndefined();
      vi.setSystemTime(Date.now() + 61_000);
      expect(await tokens.verify(early)).toMatchObject({ userId: USER });
      expect(await tokens.verify(early)).toMatchObject({ userId: USER });
    });
  });
});
