import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookie,
  readSessionCookie,
  sessionCookie,
} from '../../../src/features/auth/session-cookie.ts';

const https = { secure: true };
const http = { secure: false };

describe('the session cookie', () => {
  it('is __Host-lb_session over https: Secure, Path=/, no Domain', () => {
    const line = sessionCookie('token-1', https);
    expect(line).toMatch(/^__Host-lb_session=token-1; /);
    expect(line.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly']));
    expect(line).not.toMatch(/Domain=/i);
    expect(clearedSessionCookie(https)).toMatch(/^__Host-lb_session=; .*Max-Age=0/);
    // Plain http (the loopback demo) cannot keep a Secure cookie, nor so a __Host- one.
    expect(sessionCookie('token-1', http)).toMatch(/^lb_session=token-1; /);
  });

  it('reads one session cookie, and signs out a request carrying two', () => {
    expect(readSessionCookie('__Host-lb_session=token-1', https)).toBe('token-1');
    expect(readSessionCookie('a=1; lb_session=token-1; b=2', http)).toBe('token-1');
    expect(
      readSessionCookie('__Host-lb_session=token-1; __Host-lb_session=planted', https),
    ).toBeUndefined();
    expect(readSessionCookie('lb_session=planted; lb_session=token-1', http)).toBeUndefined();
    // Over https a plain lb_session (which a sibling subdomain could set) is never read.
    expect(readSessionCookie('lb_session=planted', https)).toBeUndefined();
    expect(readSessionCookie('lb_session=planted; __Host-lb_session=token-1', https)).toBe(
      'token-1',
    );
  });
});
