import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_LIFETIME_MS } from './tokens.ts';

/**
 * The session cookie: the sign-in's current refresh token, so the server knows the shopper when
 * a page is requested and renders her own cart, checkout, wishlist and account. httpOnly (no
 * script reads it), SameSite=Lax (a cross-site form post does not carry it), host-only with
 * Path=/ (scoped to the site), Secure when the shop is served over https in production. It is
 * only ever read to render a page; no API route takes it as authority for a write.
 */
export const SESSION_COOKIE = 'lb_session';

export interface SessionCookieOptions {
  secure: boolean;
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
  return `${SESSION_COOKIE}=${refreshToken}; ${attributes(options, maxAge)}`;
}

export function clearedSessionCookie(options: SessionCookieOptions): string {
  return `${SESSION_COOKIE}=; ${attributes(options, 0)}`;
}

/** One cookie's value from a Cookie header (the last one wins, as browsers send the newest). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      found = decodeURIComponent(value);
    } catch {
      found = undefined;
    }
  }
  return found || undefined;
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, SESSION_COOKIE);
}

export function setSessionCookie(
  reply: FastifyReply,
  refreshToken: string,
  options: SessionCookieOptions,
) {
  reply.header('set-cookie', sessionCookie(refreshToken, options));
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions) {
  reply.header('set-cookie', clearedSessionCookie(options));
}
