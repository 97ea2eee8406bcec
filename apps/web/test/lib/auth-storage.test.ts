import { describe, expect, it } from 'vitest';
import {
  meansSignedOut,
  refreshDelay,
  tokenExpiry,
  tokenSubject,
} from '../../app/lib/auth-storage';

const jwt = (payload: object) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('auth storage rules', () => {
  it('reads the expiry of an access token', () => {
    expect(tokenExpiry(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    expect(tokenExpiry('not-a-token')).toBeUndefined();
    expect(tokenExpiry(jwt({ sub: 'x' }))).toBeUndefined();
  });

  it('reads whose an access token is, so the page keeps the account it was rendered with', () => {
    expect(tokenSubject(jwt({ sub: 'user-1', exp: 1 }))).toBe('user-1');
    expect(tokenSubject(jwt({ exp: 1 }))).toBeUndefined();
    expect(tokenSubject('not-a-token')).toBeUndefined();
  });

  it('refreshes a minute before expiry, or at once when unsure', () => {
    const now = 1_000_000_000_000;
    expect(refreshDelay(jwt({ exp: (now + 15 * 60_000) / 1000 }), now)).toBe(14 * 60_000);
    expect(refreshDelay(jwt({ exp: (now + 30_000) / 1000 }), now)).toBe(0);
    expect(refreshDelay('garbage', now)).toBe(0);
  });

  it('treats token, unauthorized and 401 errors as signed out', () => {
    expect(meansSignedOut('Invalid or expired token')).toBe(true);
    expect(meansSignedOut('Unauthorized')).toBe(true);
    expect(meansSignedOut('HTTP error! status: 401')).toBe(true);
    expect(meansSignedOut('Network error', 0)).toBe(false);
    expect(meansSignedOut('whatever', 401)).toBe(true);
  });
});
