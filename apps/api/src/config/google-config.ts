/** Google sign-in's settings, present only when both its client id and secret are set. */
import { z } from 'zod';
import { optionalText } from './env-fields.ts';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to sign in. */
  authorizationUrl: string;
  /** Where the server exchanges the code (configurable so tests run a local fake provider). */
  tokenUrl: string;
  userinfoUrl: string;
  /** Accepted `iss` values of the ID token. */
  issuers: string[];
}

/** Google sign-in's variables; the URLs are configurable so tests run a local fake provider. */
export const googleEnv = z.object({
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: optionalText,
  GOOGLE_TOKEN_URL: optionalText,
  GOOGLE_USERINFO_URL: optionalText,
  GOOGLE_ISSUER: optionalText,
});

export function googleConfig(env: z.infer<typeof googleEnv>): GoogleConfig | undefined {
  const clientId = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    authorizationUrl: env.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    userinfoUrl: env.GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    issuers: (env.GOOGLE_ISSUER ?? 'https://accounts.google.com,accounts.google.com')
      .split(',')
      .map((issuer) => issuer.trim())
      .filter(Boolean),
  };
}
