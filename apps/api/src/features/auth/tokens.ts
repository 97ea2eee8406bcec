import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** Access tokens live 15 minutes; the storefront refreshes them silently. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A sign-in lasts at most 30 days, however often its refresh token is rotated. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const ISSUER = 'lacebloom-api';
const AUDIENCE = 'lacebloom-storefront';
/** The only algorithm accepted: a token naming 'none' or an RSA/EC algorithm is refused. */
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: string;
  /** When the token was issued, in milliseconds (JWT's `iat` has only seconds). */
  issuedAtMs: number;
  /** The sign-in it belongs to (its refresh-token family); absent on tokens from before. */
  sessionId: string | undefined;
}

export interface AccessTokens {
  sign(userId: string, sessionId: string, issuedAtMs?: number): Promise<string>;
  /** The claims of a valid token, or undefined for a forged, tampered, expired or foreign one. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

/** The verified claims of an access token, or undefined: checked as jose's `jwtVerify` does. */
function verifiedClaims(token: string, secret: Buffer, nowSeconds: number) {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  // The signature compared in its canonical base64url text: no other spelling of it passes.
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const protectedHeader = parseJsonObject(header);
  // Only HS256, and no header extension this code would have to understand.
  if (protectedHeader?.alg !== ALGORITHM || 'crit' in protectedHeader) return undefined;
  const claims = parseJsonObject(payload);
  if (!claims) return undefined;
  const { sub, exp, iat, nbf, iss, aud } = claims;
  if (typeof sub !== 'string' || sub === '') return undefined;
  if (typeof exp !== 'number' || exp <= nowSeconds) return undefined;
  if (typeof iat !== 'number') return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return undefined;
  if (iss !== ISSUER) return undefined;
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return undefined;
  return claims as Record<string, unknown> & { sub: string; iat: number };
}

/** Tokens verified once and kept: enough for every shopper signed in within 15 minutes. */
const VERIFIED_TOKENS_KEPT = 20_000;

interface VerifiedToken {
  claims: AccessClaims;
  /** Its `exp`, in seconds. */
  expiresAt: number;
}

function parseJsonObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function createAccessTokens(secret: string): AccessTokens {
  // Imported once: given raw bytes, jose imports the key again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const secretBytes = Buffer.from(secret, 'utf8');
  // A shopper's token comes back with every request for its 15 minutes: once its signature and
  // claims have been checked, the same text is known good, and only its time limits are checked
  // again. Only valid tokens are kept, so a flood of forged ones cannot fill this.
  const verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS_KEPT });
  return {
    async sign(userId, sessionId, issuedAtMs = Date.now()) {
      return new SignJWT({ iat_ms: issuedAtMs, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(issuedAtMs / 1000))
        .setExpirationTime(Math.floor(issuedAtMs / 1000) + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    // Every signed-in request verifies a token: with node:crypto's HMAC it is a few microseconds
    // on the request's own thread, where WebCrypto's (jose's) is a job on libuv's thread pool.
    async verify(token) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const known = verified.get(token);
      // Its signature and claims were checked when it was kept: only its time can have run out.
      if (known) {
        if (known.expiresAt > nowSeconds) return known.claims;
        verified.delete(token);
        return undefined;
      }
      const claims = verifiedClaims(token, secretBytes, nowSeconds);
      if (!claims) return undefined;
      const issuedAtMs = typeof claims.iat_ms === 'number' ? claims.iat_ms : claims.iat * 1000;
      const sessionId = typeof claims.sid === 'string' ? claims.sid : undefined;
      // One object answers every later use of the token: frozen, so no caller can change it.
      const accepted = Object.freeze({ userId: claims.sub, issuedAtMs, sessionId });
      verified.set(token, { claims: accepted, expiresAt: claims.exp as number });
      return accepted;
    },
  };
}

/** A random opaque token (refresh tokens, mailed links): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What `newOpaqueToken` makes: 32 bytes in unpadded base64url, 43 characters. */
const OPAQUE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * True when `token` could be one `newOpaqueToken` made. Any other text is refused at once: it
 * cannot match a stored token, so it is not worth a database turn or a throttle count.
 */
export function hasOpaqueTokenShape(token: string): boolean {
  return OPAQUE_TOKEN_SHAPE.test(token);
}

/** Opaque tokens are stored only as their SHA-256: a leaked table cannot be replayed. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
