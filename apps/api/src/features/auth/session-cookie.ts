import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_LIFETIME_MS } from './tokens.ts';

/**
 * The session cookie: the sign-in's current refresh token, so the server knows the shopper when
 * a page is requested and renders her own cart, checkout, wishlist and account. httpOnly (no
 * script reads it), SameSite=Lax (a cross-site form post does not carry it), host-only with
 * Path=/ (scoped to the site). It is only ever read to render a page; no API route takes it as
 * authority for a write.
 *
 * Over https (a production shop) it is `__Host-lb_session`, Secure: the browser keeps a cookie of
 * that name only when it is Secure, has Path=/ and no Domain, so no other site or sibling
 * subdomain can plant one for the shop. The plain `lb_session` is used only on plain http (the
 * loopback demo of `npm start`), where a Secure cookie would never be sent back, and is ignored
 * over https.
 */
export const SESSION_COOKIE = 'lb_session';
export const SECURE_SESSION_COOKIE = '__Host-lb_session';

export interface SessionCookieOptions {
  secure: boolean;
}

/** The cookie's name as the shop serves it: `__Host-lb_session` over https. */
export function sessionCookieName(options: SessionCookieOptions): string {
  return options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function attributes(options: SessionCookieOptions, maxAgeSeconds: number): string {
  return [
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function sessionCookie(refreshToken: string, options: SessionCookieOptions): string {
  const maxAge = Math.floor(REFRESH_TOKEN_LIFETIME_MS / 1000);
  return `${sessionCookieName(options)}=${refreshToken}; ${attributes(options, maxAge)}`;
}

export function clearedSessionCookie(options: SessionCookieOptions): string {
  return `${sessionCookieName(options)}=; ${attributes(options, 0)}`;
}

/**
 * Every Set-Cookie line of an answer that sets or clears the session: over https the plain
 * `lb_session` a release before `__Host-` may have left is cleared with it.
 */
function sessionCookieLines(line: string, options: SessionCookieOptions): string[] {
  return options.secure ? [line, `${SESSION_COOKIE}=; ${attributes(options, 0)}`] : [line];
}

/** Every value a Cookie header gives the named cookie, in the order sent. */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    values.push(part.slice(separator + 1).trim());
  }
  return values;
}

/**
 * The session cookie's refresh token from a Cookie header. A header with two session cookies is
 * signed out: one of them was planted (a cookie set for a parent domain or another path is sent
 * beside the shop's own), and the server cannot tell which is the shopper's.
 */
export function readSessionCookie(
  header: string | undefined,
  options: SessionCookieOptions,
): string | undefined {
  const values = cookieValues(header, sessionCookieName(options));
  if (values.length !== 1) return undefined;
  try {
    return decodeURIComponent(values[0]!) || undefined;
  } catch {
    return undefined;
  }
}

export function setSessionCookie(
  reply: FastifyReply,
  refreshToken: string,
  options: SessionCookieOptions,
) {
  reply.header('set-cookie', sessionCookieLines(sessionCookie(refreshToken, options), options));
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions) {
  reply.header('set-cookie', sessionCookieLines(clearedSessionCookie(options), options));
}
