import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  publicUrl: string;
  corsOrigins: string[];
  production: boolean;
  /** Where generated and resized images live. */
  mediaDir: string;
  /** How long a catalogue answer may be served from memory; 0 turns the cache off. */
  catalogueCacheTtlMs: number;
  /** Grow the catalogue with generated products to this many at start (0: the seed only). */
  seedProducts: number;
  /** Believe X-Forwarded-* headers (only behind a proxy that sets them; else clients could forge them). */
  trustProxy: boolean;
  /** Accounts with these (lower-cased) emails have the role admin. */
  adminEmails: string[];
  /** SMTP connection URL; unset, every mail is written to `outboxDir` as an .eml file. */
  smtpUrl: string | undefined;
  outboxDir: string;
  mailFrom: string;
  /** Google sign-in; undefined when GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is missing. */
  google: GoogleConfig | undefined;
  payments: PaymentsConfig;
  /** An order not paid within this long is cancelled and its stock released. */
  orderPaymentTimeoutMs: number;
}

export interface PaymentsConfig {
  /** `razorpay` with real keys; `simulator` (the default without RAZORPAY_KEY_ID) signs locally. */
  provider: 'razorpay' | 'simulator';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

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

export class ConfigError extends Error {}

const MIN_SECRET_LENGTH = 32;

/**
 * Reads the environment. A fresh clone runs with nothing set: the JWT secret is generated into
 * DATA_DIR once and reused. A secret that is set but weak is refused, in every mode.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  }
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    production,
    mediaDir: join(dataDir, 'media'),
    catalogueCacheTtlMs: Math.max(0, Number(env.CATALOGUE_CACHE_TTL_MS ?? 10_000) || 0),
    seedProducts: Math.max(0, Math.floor(Number(env.SEED_PRODUCTS ?? 0) || 0)),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: join(dataDir, 'outbox'),
    mailFrom: env.MAIL_FROM || 'Lacebloom <hello@lacebloom.in>',
    google: googleConfig(env),
    payments: paymentsConfig(env, dataDir),
    orderPaymentTimeoutMs:
      Math.max(1, Number(env.ORDER_PAYMENT_TIMEOUT_MINUTES ?? 30) || 30) * 60_000,
  };
}

function paymentsConfig(env: NodeJS.ProcessEnv, dataDir: string): PaymentsConfig {
  const requested = env.PAYMENT_PROVIDER?.trim();
  if (requested && requested !== 'razorpay' && requested !== 'simulator') {
    throw new ConfigError(`PAYMENT_PROVIDER must be razorpay or simulator, got "${requested}"`);
  }
  const provider = requested === 'simulator' || !env.RAZORPAY_KEY_ID ? 'simulator' : 'razorpay';
  if (provider === 'razorpay') {
    const keySecret = env.RAZORPAY_KEY_SECRET?.trim();
    const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET?.trim();
    if (!keySecret || !webhookSecret) {
      throw new ConfigError(
        'RAZORPAY_KEY_ID is set, so RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set too ' +
          '(or set PAYMENT_PROVIDER=simulator).',
      );
    }
    return { provider, keyId: env.RAZORPAY_KEY_ID!.trim(), keySecret, webhookSecret };
  }
  // The simulator signs exactly as Razorpay does, with secrets of its own kept in DATA_DIR.
  return {
    provider,
    keyId: env.RAZORPAY_KEY_ID?.trim() || 'rzp_test_simulator',
    keySecret:
      env.RAZORPAY_KEY_SECRET?.trim() || storedSecret(dataDir, 'payment-simulator-key-secret'),
    webhookSecret:
      env.RAZORPAY_WEBHOOK_SECRET?.trim() ||
      storedSecret(dataDir, 'payment-simulator-webhook-secret'),
  };
}

/** A random secret generated into DATA_DIR once and reused across restarts. */
function storedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}

function googleConfig(env: NodeJS.ProcessEnv): GoogleConfig | undefined {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    authorizationUrl: env.GOOGLE_AUTH_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.GOOGLE_TOKEN_URL || 'https://oauth2.googleapis.com/token',
    userinfoUrl: env.GOOGLE_USERINFO_URL || 'https://openidconnect.googleapis.com/v1/userinfo',
    issuers: (env.GOOGLE_ISSUER || 'https://accounts.google.com,accounts.google.com')
      .split(',')
      .map((issuer) => issuer.trim())
      .filter(Boolean),
  };
}

function resolveJwtSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `JWT_SECRET is too short: it must be at least ${MIN_SECRET_LENGTH} characters (got ${fromEnv.length}). ` +
          'Unset it to have one generated into DATA_DIR, or set a long random value.',
      );
    }
    return fromEnv;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}
