import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

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
}

export interface AccessTokens {
  sign(userId: string, issuedAtMs?: number): Promise<string>;
  /** The claims of a valid token, or undefined for a forged, tampered, expired or foreign one. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

export function createAccessTokens(secret: string): AccessTokens {
  // Imported once: given raw bytes, jose imports the key again on every call, about a third of
  // the time each verification takes.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(userId, issuedAtMs = Date.now()) {
      return new SignJWT({ iat_ms: issuedAtMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(issuedAtMs / 1000))
        .setExpirationTime(Math.floor(issuedAtMs / 1000) + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const issuedAtMs =
          typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        return { userId: payload.sub as string, issuedAtMs };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}

/** A random opaque token (refresh tokens, mailed links): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored only as their SHA-256: a leaked table cannot be replayed. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
