import { join, resolve } from 'node:path';
import { z } from 'zod';
import { rupeesToPaise } from '@shop/domain/money';
import { LOW_STOCK_MAIL_HOUR } from '@shop/domain/stock';
import { DEFAULT_OUTBOUND_SETTINGS, type OutboundSettings } from './adapters/outbound.ts';
import { crossProblems } from './config/cross-rules.ts';
import {
  flag,
  list,
  MIN_SECRET_LENGTH,
  optionalText,
  storedSecret,
  trustProxySetting,
  whole,
} from './config/env-fields.ts';
import { googleConfig, googleEnv, type GoogleConfig } from './config/google-config.ts';
import { mediaEnv, mediaS3Config, type MediaS3Config } from './config/media-config.ts';
import { messagingConfig, messagingEnv, type MessagingConfig } from './config/messaging-config.ts';
import { paymentsConfig, paymentsEnv, type PaymentsConfig } from './config/payments-config.ts';
import { shippingConfig, shippingEnv, type ShippingConfig } from './config/shipping-config.ts';

export type { GoogleConfig, MediaS3Config, MessagingConfig, PaymentsConfig, ShippingConfig };

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
  /** Images rendered at once by the media render queue (1 or 2), each on one libvips thread. */
  mediaRenderConcurrency: number;
  /** An S3-compatible bucket for originals and renditions; undefined: the folder `mediaDir`. */
  mediaS3: MediaS3Config | undefined;
  /** How long a catalogue answer may be served from memory; 0 turns the cache off. */
  catalogueCacheTtlMs: number;
  /** Most bytes the catalogue answer cache holds (least recently used answers leave first). */
  catalogueCacheMaxBytes: number;
  /** Grow the catalogue with generated products to this many at start (0: the seed only). */
  seedProducts: number;
  /** Put the demo catalogue, content and codes into a database that never had them. */
  seedDemo: boolean;
  /** Apply pending migrations at start (under an advisory lock on PostgreSQL). */
  migrateOnStart: boolean;
  /**
   * Which proxies' X-Forwarded-* headers to believe: none (false), this many hops of proxies on
   * loopback or private networks, or the proxies' addresses and CIDR ranges. `true` believes
   * any client (development only).
   */
  trustProxy: boolean | number | string[];
  /** Accounts with these (lower-cased) emails are owners once the address is verified. */
  adminEmails: string[];
  /**
   * Accounts one network address may create in an hour (50): raised where many shoppers share an
   * address (an office or campus behind one NAT), or for a test run that signs up many.
   */
  signupsPerAddressPerHour: number;
  /** What staff may refund of one order, all their refunds of it together (`refundGate`). */
  staffRefundLimitPaise: number;
  /** SMTP connection URL; unset, every mail is written to `outboxDir` as an .eml file. */
  smtpUrl: string | undefined;
  outboxDir: string;
  mailFrom: string;
  /**
   * The sender printed on shipping labels: a neutral name (intimate wear ships in discreet
   * packaging, so nothing on the parcel names the shop's goods) and the return address.
   */
  shipFrom: {
    name: string;
    address: string;
    /** The return address's phone: a courier bringing a reverse pickup back calls it. */
    phone: string;
  };
  /** Google sign-in; undefined when GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is missing. */
  google: GoogleConfig | undefined;
  payments: PaymentsConfig;
  shipping: ShippingConfig;
  /** WhatsApp and SMS (or their simulator), or off; and the daily cap on sign-in codes. */
  messaging: MessagingConfig;
  /** An order not paid within this long is cancelled and its stock released. */
  orderPaymentTimeoutMs: number;
  /** The hour of the day in India (0-23) from which the daily low-stock mail goes to the owners. */
  lowStockMailHour: number;
  /**
   * Days a delivered mail's row (recipient, template, times, provider id: its content is cleared
   * on delivery) is kept before it is deleted; mails that failed every attempt go as old.
   */
  mailRetentionDays: number;
  /** pino level: `info` logs one line per request. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Runs every background job at this interval instead of its own (tests). */
  jobsIntervalMs: number | undefined;
  /** Refund sends: the first wait after a failed send (doubling after), and a claim's lease. */
  refunds: { retryBaseMs: number; leaseMs: number };
  /** Per-account limits of the money path (30 orders an hour, 30 verifications a minute). */
  shopperLimits: { ordersPerHour: number; verificationsPerMinute: number };
  /**
   * Every call to the courier, payments, Google, mail and S3: its timeout, and the breaker that
   * fails fast after repeated failures (6 s; 5 failures in a row; 30 s before a trial call).
   */
  outbound: OutboundSettings;
  /**
   * Per client network, public requests that cost a courier call or a query no cache answers: PIN
   * and tracking lookups (60 a minute each), guest-cart requests (600 a minute) and the bra size
   * finder's `POST /fit/bra-size` (120 a minute).
   */
  publicLookups: {
    pincodesPerMinute: number;
    trackingPerMinute: number;
    guestCartPerMinute: number;
    sizeFinderPerMinute: number;
  };
  /** IPv6 clients are counted per network of this prefix in every throttle (64); IPv4 per address. */
  throttleIpv6Prefix: number;
  /** Bearer token that opens `GET /metrics`; unset, the metrics route does not exist. */
  metricsToken: string | undefined;
  /** Serve the OpenAPI document and its UI (always in development; in production with API_DOCS=1). */
  apiDocs: boolean;
}

/** Every problem with the environment, one line each, all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * The one schema of the environment: the shop's own variables, with those of each area (Google
 * sign-in, payments, the courier, media) composed in from config/, in the order they are listed
 * (problems are reported in this order).
 */
const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: whole('PORT', 0, 65_535),
  HOST: optionalText,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(
    z
      .string()
      .refine((value) => value.length >= MIN_SECRET_LENGTH, {
        error: (issue) =>
          `JWT_SECRET is too short: it must be at least ${MIN_SECRET_LENGTH} characters (got ${String(issue.input).length}). ` +
          'Unset it to have one generated into DATA_DIR, or set a long random value.',
      })
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
      .optional(),
  ),
  CORS_ORIGINS: list,
  CATALOGUE_CACHE_TTL_MS: whole('CATALOGUE_CACHE_TTL_MS', 0),
  CATALOGUE_CACHE_MAX_MB: whole('CATALOGUE_CACHE_MAX_MB', 1, 4_096),
  SEED_PRODUCTS: whole('SEED_PRODUCTS', 0),
  SEED_DEMO: flag('SEED_DEMO'),
  MIGRATE_ON_START: flag('MIGRATE_ON_START'),
  TRUST_PROXY: trustProxySetting,
  ADMIN_EMAILS: list,
  SIGNUPS_PER_ADDRESS_PER_HOUR: whole('SIGNUPS_PER_ADDRESS_PER_HOUR', 1, 100_000),
  STAFF_REFUND_LIMIT_RUPEES: whole('STAFF_REFUND_LIMIT_RUPEES', 0, 10_000_000),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  SHIP_FROM_NAME: optionalText,
  SHIP_FROM_ADDRESS: optionalText,
  SHIP_FROM_PHONE: optionalText,
  ...googleEnv.shape,
  ...paymentsEnv.shape,
  ...shippingEnv.shape,
  ...messagingEnv.shape,
  LOW_STOCK_MAIL_HOUR: whole('LOW_STOCK_MAIL_HOUR', 0, 23),
  MAIL_RETENTION_DAYS: whole('MAIL_RETENTION_DAYS', 1, 3650),
  ORDER_PAYMENT_TIMEOUT_MINUTES: optionalText.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'ORDER_PAYMENT_TIMEOUT_MINUTES must be a number of minutes')
      .transform(Number)
      .pipe(z.number().positive('ORDER_PAYMENT_TIMEOUT_MINUTES must be more than 0'))
      .optional(),
  ),
  JOBS_INTERVAL_MS: whole('JOBS_INTERVAL_MS', 100),
  REFUND_RETRY_BASE_MS: whole('REFUND_RETRY_BASE_MS', 10),
  REFUND_LEASE_MS: whole('REFUND_LEASE_MS', 100),
  ORDERS_PER_ACCOUNT_PER_HOUR: whole('ORDERS_PER_ACCOUNT_PER_HOUR', 1),
  VERIFICATIONS_PER_ACCOUNT_PER_MINUTE: whole('VERIFICATIONS_PER_ACCOUNT_PER_MINUTE', 1),
  OUTBOUND_TIMEOUT_MS: whole('OUTBOUND_TIMEOUT_MS', 100, 60_000),
  OUTBOUND_BREAKER_FAILURES: whole('OUTBOUND_BREAKER_FAILURES', 1, 1_000),
  OUTBOUND_BREAKER_HALF_OPEN_MS: whole('OUTBOUND_BREAKER_HALF_OPEN_MS', 100, 3_600_000),
  PINCODE_LOOKUPS_PER_MINUTE: whole('PINCODE_LOOKUPS_PER_MINUTE', 1, 100_000),
  TRACKING_LOOKUPS_PER_MINUTE: whole('TRACKING_LOOKUPS_PER_MINUTE', 1, 100_000),
  GUEST_CART_REQUESTS_PER_MINUTE: whole('GUEST_CART_REQUESTS_PER_MINUTE', 1, 100_000),
  SIZE_FINDER_REQUESTS_PER_MINUTE: whole('SIZE_FINDER_REQUESTS_PER_MINUTE', 1, 100_000),
  THROTTLE_IPV6_PREFIX: whole('THROTTLE_IPV6_PREFIX', 1, 128),
  LOG_LEVEL: optionalText.pipe(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  ...mediaEnv.shape,
  API_DOCS: flag('API_DOCS'),
});

/**
 * Reads the environment through one schema and reports every problem at once. A fresh clone runs
 * with nothing set: the JWT secret is generated into DATA_DIR once and reused. In production on a
 * shared PostgreSQL, the secrets, the public URL and the payment provider must be set.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)),
    ...crossProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR ?? './data');
  const port = values.PORT ?? 3000;
  const production = values.NODE_ENV === 'production';
  return {
    port,
    host: values.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET ?? storedSecret(dataDir, 'jwt-secret', 48),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    corsOrigins: values.CORS_ORIGINS,
    production,
    mediaDir: join(dataDir, 'media'),
    mediaRenderConcurrency: values.MEDIA_RENDER_CONCURRENCY ?? 1,
    mediaS3: mediaS3Config(values),
    catalogueCacheTtlMs: values.CATALOGUE_CACHE_TTL_MS ?? 10_000,
    catalogueCacheMaxBytes: (values.CATALOGUE_CACHE_MAX_MB ?? 32) * 1024 * 1024,
    seedProducts: values.SEED_PRODUCTS ?? 0,
    // The embedded database belongs to this one process, so a brand-new one gets the demo shop;
    // a shared PostgreSQL gets it only when asked.
    seedDemo: values.SEED_DEMO ?? !values.DATABASE_URL,
    migrateOnStart: values.MIGRATE_ON_START ?? true,
    trustProxy: values.TRUST_PROXY ?? false,
    adminEmails: values.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    signupsPerAddressPerHour: values.SIGNUPS_PER_ADDRESS_PER_HOUR ?? 50,
    staffRefundLimitPaise: rupeesToPaise(values.STAFF_REFUND_LIMIT_RUPEES ?? 2000),
    smtpUrl: values.SMTP_URL,
    outboxDir: join(dataDir, 'outbox'),
    mailFrom: values.MAIL_FROM ?? 'Lacebloom <hello@lacebloom.in>',
    shipFrom: {
      name: values.SHIP_FROM_NAME ?? 'LB Retail',
      address: values.SHIP_FROM_ADDRESS ?? '14 Residency Road, Bengaluru, Karnataka 560025',
      phone: values.SHIP_FROM_PHONE ?? '',
    },
    google: googleConfig(values),
    payments: paymentsConfig(values, dataDir),
    shipping: shippingConfig(values),
    messaging: messagingConfig(values, dataDir),
    orderPaymentTimeoutMs: Math.round((values.ORDER_PAYMENT_TIMEOUT_MINUTES ?? 30) * 60_000),
    lowStockMailHour: values.LOW_STOCK_MAIL_HOUR ?? LOW_STOCK_MAIL_HOUR,
    mailRetentionDays: values.MAIL_RETENTION_DAYS ?? 90,
    jobsIntervalMs: values.JOBS_INTERVAL_MS,
    refunds: {
      retryBaseMs: values.REFUND_RETRY_BASE_MS ?? 30_000,
      // Longer than any provider call takes; a worker that died holding a refund frees it then.
      leaseMs: values.REFUND_LEASE_MS ?? 2 * 60_000,
    },
    shopperLimits: {
      ordersPerHour: values.ORDERS_PER_ACCOUNT_PER_HOUR ?? 30,
      verificationsPerMinute: values.VERIFICATIONS_PER_ACCOUNT_PER_MINUTE ?? 30,
    },
    outbound: {
      timeoutMs: values.OUTBOUND_TIMEOUT_MS ?? DEFAULT_OUTBOUND_SETTINGS.timeoutMs,
      breakerFailures:
        values.OUTBOUND_BREAKER_FAILURES ?? DEFAULT_OUTBOUND_SETTINGS.breakerFailures,
      breakerHalfOpenMs:
        values.OUTBOUND_BREAKER_HALF_OPEN_MS ?? DEFAULT_OUTBOUND_SETTINGS.breakerHalfOpenMs,
    },
    publicLookups: {
      pincodesPerMinute: values.PINCODE_LOOKUPS_PER_MINUTE ?? 60,
      trackingPerMinute: values.TRACKING_LOOKUPS_PER_MINUTE ?? 60,
      guestCartPerMinute: values.GUEST_CART_REQUESTS_PER_MINUTE ?? 600,
      sizeFinderPerMinute: values.SIZE_FINDER_REQUESTS_PER_MINUTE ?? 120,
    },
    throttleIpv6Prefix: values.THROTTLE_IPV6_PREFIX ?? 64,
    logLevel: values.LOG_LEVEL ?? 'info',
    metricsToken: values.METRICS_TOKEN,
    apiDocs: values.API_DOCS ?? !production,
  };
}
