import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

/** A person the fake Google knows, and what it says about her. */
export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

interface IssuedCode {
  user: FakeGoogleUser;
  clientId: string;
  redirectUri: string;
  /** Override the ID token's audience or issuer to test the server's checks. */
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
}

/**
 * A local stand-in for Google's token and userinfo endpoints, behaving as Google does: a code
 * works once, only with the client secret and redirect URI it was issued for.
 */
export async function startFakeGoogle(clientId: string, clientSecret: string) {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeGoogleUser>();
  const key = new TextEncoder().encode('fake-google-signing-key-0123456789abcdef');
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      const form = new URLSearchParams(raw);
      const issued = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        !issued ||
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        form.get('redirect_uri') !== issued.redirectUri ||
        form.get('grant_type') !== 'authorization_code'
      ) {
        return send(400, { error: 'invalid_grant' });
      }
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        email: issued.user.email,
        email_verified: issued.user.email_verified,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(issued.user.sub)
        .setIssuer(issued.issuer ?? 'https://accounts.google.com')
        .setAudience(issued.audience ?? clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + (issued.expiresInSeconds ?? 3600))
        .sign(key);
      const accessToken = `access-${++counter}`;
      accessTokens.set(accessToken, issued.user);
      return send(200, { access_token: accessToken, id_token: idToken, token_type: 'Bearer' });
    }
    if (request.method === 'GET' && url.pathname === '/userinfo') {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const user = accessTokens.get(token);
      if (!user) return send(401, { error: 'invalid_token' });
      return send(200, user);
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    /** What Google would hand the browser after the person agreed to sign in. */
    issueCode(user: FakeGoogleUser, redirectUri: string, overrides: Partial<IssuedCode> = {}) {
      const code = `code-${++counter}-${Math.random().toString(36).slice(2)}`;
      codes.set(code, { user, clientId, redirectUri, ...overrides });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
