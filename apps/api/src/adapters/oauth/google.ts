import { decodeJwt } from 'jose';
import type { GoogleConfig } from '../../config.ts';
import { createOutboundPolicy, type OutboundPolicy } from '../outbound.ts';

/** What the shop learns from Google about the person signing in. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
}

export interface GoogleOAuth {
  readonly clientId: string;
  readonly authorizationUrl: string;
  /** Exchanges an authorization code for the identity it stands for; throws GoogleSignInError. */
  exchangeCode(code: string, redirectUri: string): Promise<GoogleIdentity>;
}

/** Clock skew tolerated when reading the ID token's times. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Google's OAuth code exchange, done on the server with the client secret (which never reaches
 * the browser). The ID token comes straight from Google's token endpoint over TLS, so its
 * audience, issuer and expiry are checked without fetching signing keys (OpenID Connect Core
 * 3.1.3.7); the profile comes from the userinfo endpoint with the access token and must name the
 * same subject.
 */
export function createGoogleOAuth(
  config: GoogleConfig,
  fetchImpl: typeof fetch = fetch,
  policy: OutboundPolicy = createOutboundPolicy('google'),
): GoogleOAuth {
  // Both requests under Google's policy: its timeout, its breaker.
  const send = policy.fetch(fetchImpl);
  async function postForm(url: string, form: Record<string, string>) {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      throw new GoogleSignInError(
        `token endpoint answered ${response.status} ${String(body.error ?? '')}`,
      );
    }
    return body;
  }

  return {
    clientId: config.clientId,
    authorizationUrl: config.authorizationUrl,
    async exchangeCode(code, redirectUri) {
      const tokens = await postForm(config.tokenUrl, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      });
      if (typeof tokens.id_token !== 'string' || typeof tokens.access_token !== 'string') {
        throw new GoogleSignInError('token endpoint gave no id_token or access_token');
      }
      let claims: ReturnType<typeof decodeJwt>;
      try {
        claims = decodeJwt(tokens.id_token);
      } catch {
        throw new GoogleSignInError('id_token is not a JWT');
      }
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.includes(config.clientId)) throw new GoogleSignInError('wrong audience');
      if (typeof claims.iss !== 'string' || !config.issuers.includes(claims.iss)) {
        throw new GoogleSignInError('wrong issuer');
      }
      const now = Math.floor(Date.now() / 1000);
      if (typeof claims.exp !== 'number' || claims.exp + CLOCK_TOLERANCE_SECONDS < now) {
        throw new GoogleSignInError('id_token expired');
      }
      if (typeof claims.sub !== 'string' || claims.sub === '') {
        throw new GoogleSignInError('id_token has no subject');
      }

      const response = await send(config.userinfoUrl, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      });
      if (!response.ok) throw new GoogleSignInError(`userinfo answered ${response.status}`);
      const profile = (await response.json()) as Record<string, unknown>;
      if (profile.sub !== claims.sub) throw new GoogleSignInError('userinfo names another subject');
      const email = typeof profile.email === 'string' ? profile.email : claims.email;
      if (typeof email !== 'string' || email === '') throw new GoogleSignInError('no email');
      const verified = profile.email_verified ?? claims.email_verified;
      return {
        subject: claims.sub,
        email,
        emailVerified: verified === true || verified === 'true',
        givenName: typeof profile.given_name === 'string' ? profile.given_name : '',
        familyName: typeof profile.family_name === 'string' ? profile.family_name : '',
      };
    },
  };
}
