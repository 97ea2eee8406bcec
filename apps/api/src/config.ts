import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { rupeesToPaise } from '@shop/domain/money';
import { LOW_STOCK_MAIL_HOUR } from '@shop/domain/stock';
import { DEFAULT_OUTBOUND_SETTINGS, type OutboundSettings } from './adapters/outbound.ts';
import type { ShiprocketConfig } from './adapters/shipping/shiprocket-courier.ts';

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
   * and tracking lookups (60 a minute each) and guest-cart requests (600 a minute).
   */
  publicLookups: {
    pincodesPerMinute: number;
    trackingPerMinute: number;
    guestCartPerMinute: number;
  };
  /** IPv6 clients are counted per network of this prefix in every throttle (64); IPv4 per address. */
  throttleIpv6Prefix: number;
  /** Bearer token that opens `GET /metrics`; unset, the metrics route does not exist. */
  metricsToken: string | undefined;
  /** Serve the OpenAPI document and its UI (always in development; in production with API_DOCS=1). */
  apiDocs: boolean;
}

export interface MediaS3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (R2, MinIO, ...); undefined: AWS S3. */
  endpoint: string | undefined;
  /** Both or neither; neither: the AWS SDK's credential chain (AWS_* variables, a machine role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path (`https://host/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

export interface PaymentsConfig {
  /**
   * `razorpay` with real keys; `simulator` signs locally: the default without RAZORPAY_KEY_ID in
   * development, and only when PAYMENT_PROVIDER=simulator names it in production.
   */
  provider: 'razorpay' | 'simulator';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface ShippingConfig {
  /** `shiprocket` with SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD; otherwise the local simulator. */
  courier: 'shiprocket' | 'simulator';
  /**
   * Whether the shop may book parcels with its courier. In production the simulator books only
   * when COURIER_PROVIDER=simulator names it: a live shop must never mark real orders shipped
   * with made-up AWBs.
   */
  booking: boolean;
  /**
   * What tracking webhooks are checked with: the simulator's HMAC key (generated into DATA_DIR
   * when unset), or the security token given to Shiprocket's webhook.
   */
  webhookSecret: string;
  shiprocket: ShiprocketConfig | undefined;
  /** Base of the doubling wait between failed bookings (SHIPMENT_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How long a claimed booking is left to its worker before another may take it. */
  leaseMs: number;
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

/** Every problem with the environment, one line each, all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const MIN_SECRET_LENGTH = 32;

/** Unset and empty are the same: a variable left blank in a unit file means "use the default". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const whole = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, `${name} must be at least ${min}`)
          .max(max, `${name} must be at most ${max}`),
      )
      .optional(),
  );

const flag = (name: string) =>
  optionalText.pipe(
    z
      .enum(['1', '0', 'true', 'false'], { error: `${name} must be 1 or 0` })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  );

const list = optionalText.transform((value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** proxy-addr's names for loopback and private networks, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const proxyItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Fastify's forms: `false`/`0`, a number of proxy hops, or a comma-separated list of proxy
 * addresses and CIDR ranges; `true` too, refused in production (see crossProblems).
 */
const trustProxySetting = optionalText.pipe(
  z
    .string()
    .refine(
      (value) =>
        /^(true|false|\d{1,2})$/i.test(value) ||
        (proxyItems(value).length > 0 && proxyItems(value).every(isProxyAddress)),
      {
        error: (issue) =>
          `TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; "${proxyItems(String(issue.input)).find((item) => !isProxyAddress(item)) ?? String(issue.input)}" is none of these`,
      },
    )
    .transform((value): boolean | number | string[] => {
      const lower = value.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value) || false;
      return proxyItems(value);
    })
    .optional(),
);

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
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: optionalText,
  GOOGLE_TOKEN_URL: optionalText,
  GOOGLE_USERINFO_URL: optionalText,
  GOOGLE_ISSUER: optionalText,
  PAYMENT_PROVIDER: optionalText.pipe(
    z
      .enum(['razorpay', 'simulator'], {
        error: (issue) =>
          `PAYMENT_PROVIDER must be razorpay or simulator, got "${String(issue.input)}"`,
      })
      .optional(),
  ),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  COURIER_PROVIDER: optionalText.pipe(
    z
      .enum(['shiprocket', 'simulator'], {
        error: (issue) =>
          `COURIER_PROVIDER must be shiprocket or simulator, got "${String(issue.input)}"`,
      })
      .optional(),
  ),
  SHIPROCKET_EMAIL: optionalText,
  SHIPROCKET_PASSWORD: optionalText,
  SHIPROCKET_PICKUP_LOCATION: optionalText,
  SHIPROCKET_API_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'SHIPROCKET_API_URL must be an http:// or https:// URL' })
      .optional(),
  ),
  COURIER_WEBHOOK_SECRET: optionalText.pipe(
    z.string().min(16, 'COURIER_WEBHOOK_SECRET must be at least 16 characters').optional(),
  ),
  SHIPMENT_RETRY_BASE_MS: whole('SHIPMENT_RETRY_BASE_MS', 10),
  SHIPMENT_LEASE_MS: whole('SHIPMENT_LEASE_MS', 100),
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
  MEDIA_RENDER_CONCURRENCY: whole('MEDIA_RENDER_CONCURRENCY', 1, 2),
  MEDIA_S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  MEDIA_S3_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'MEDIA_S3_ENDPOINT must be an http:// or https:// URL' })
      .optional(),
  ),
  MEDIA_S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9-]{1,32}$/,
        'MEDIA_S3_REGION must be a region name, such as eu-west-1 or auto',
      )
      .optional(),
  ),
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_S3_FORCE_PATH_STYLE: flag('MEDIA_S3_FORCE_PATH_STYLE'),
  API_DOCS: flag('API_DOCS'),
});

/** Rules between variables, read from the raw text so they are reported beside any bad value. */
function crossProblems(raw: NodeJS.ProcessEnv): string[] {
  const env = (name: string) => raw[name]?.trim() || undefined;
  const problems: string[] = [];
  if (env('NODE_ENV') === 'production' && env('TRUST_PROXY')?.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true is refused in production: it believes the X-Forwarded-For any client makes up, so each request could claim a new address and a fresh allowance of every limit; set the number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses.',
    );
  }
  const simulatorByName = env('PAYMENT_PROVIDER') === 'simulator';
  if (env('RAZORPAY_KEY_ID') && !simulatorByName) {
    if (!env('RAZORPAY_KEY_SECRET') || !env('RAZORPAY_WEBHOOK_SECRET')) {
      problems.push(
        'RAZORPAY_KEY_ID is set, so RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set too ' +
          '(or set PAYMENT_PROVIDER=simulator).',
      );
    }
  }
  if (env('PAYMENT_PROVIDER') === 'razorpay' && !env('RAZORPAY_KEY_ID')) {
    problems.push(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET.',
    );
  }
  const s3Settings = [
    'MEDIA_S3_ENDPOINT',
    'MEDIA_S3_REGION',
    'MEDIA_S3_ACCESS_KEY_ID',
    'MEDIA_S3_SECRET_ACCESS_KEY',
    'MEDIA_S3_FORCE_PATH_STYLE',
  ].filter((name) => env(name));
  if (s3Settings.length > 0 && !env('MEDIA_S3_BUCKET')) {
    problems.push(
      `${s3Settings.join(', ')} ${s3Settings.length > 1 ? 'are' : 'is'} set but MEDIA_S3_BUCKET is not: ` +
        'set the bucket to keep images in S3, or unset them to keep images in DATA_DIR/media.',
    );
  }
  if (!env('MEDIA_S3_ACCESS_KEY_ID') !== !env('MEDIA_S3_SECRET_ACCESS_KEY')) {
    problems.push(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain.',
    );
  }
  if (!env('SHIPROCKET_EMAIL') !== !env('SHIPROCKET_PASSWORD')) {
    problems.push(
      'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together: set both to ship with Shiprocket, or neither for the courier simulator.',
    );
  }
  if (env('COURIER_PROVIDER') === 'shiprocket' && !env('SHIPROCKET_EMAIL')) {
    problems.push('COURIER_PROVIDER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.');
  }
  if (env('SHIPROCKET_EMAIL') && !env('COURIER_WEBHOOK_SECRET')) {
    problems.push(
      "With Shiprocket set COURIER_WEBHOOK_SECRET to the security token given to the tracking webhook in Shiprocket's panel.",
    );
  }
  // A shop in production on a shared database: nothing may be guessed or generated per machine.
  if (env('NODE_ENV') === 'production' && env('DATABASE_URL')) {
    if (!env('JWT_SECRET')) {
      problems.push(
        'JWT_SECRET must be set in production with DATABASE_URL (every process must sign with the same secret).',
      );
    }
    if (!env('PUBLIC_URL')) {
      problems.push(
        'PUBLIC_URL must be set in production with DATABASE_URL (links in mails, canonical URLs).',
      );
    }
    if (simulatorByName && (!env('RAZORPAY_KEY_SECRET') || !env('RAZORPAY_WEBHOOK_SECRET'))) {
      problems.push(
        'PAYMENT_PROVIDER=simulator with DATABASE_URL in production needs RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (every process must sign test payments alike).',
      );
    }
  }
  // In production the simulator, which lets any shopper mark her own order paid, runs only when
  // named: on either database, no Razorpay keys and no PAYMENT_PROVIDER=simulator is a refusal.
  if (env('NODE_ENV') === 'production' && !env('RAZORPAY_KEY_ID') && !simulatorByName) {
    problems.push(
      'In production set RAZORPAY_KEY_ID (with RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET) to take payments, or PAYMENT_PROVIDER=simulator to take test payments only (no money is taken).',
    );
  }
  return problems;
}

type ParsedEnv = z.infer<typeof envSchema>;

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
    mediaS3: values.MEDIA_S3_BUCKET
      ? {
          bucket: values.MEDIA_S3_BUCKET,
          region: values.MEDIA_S3_REGION ?? 'us-east-1',
          endpoint: values.MEDIA_S3_ENDPOINT,
          accessKeyId: values.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: values.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.MEDIA_S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
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
    },
    throttleIpv6Prefix: values.THROTTLE_IPV6_PREFIX ?? 64,
    logLevel: values.LOG_LEVEL ?? 'info',
    metricsToken: values.METRICS_TOKEN,
    apiDocs: values.API_DOCS ?? !production,
  };
}

function paymentsConfig(env: ParsedEnv, dataDir: string): PaymentsConfig {
  const provider =
    env.PAYMENT_PROVIDER === 'simulator' || !env.RAZORPAY_KEY_ID ? 'simulator' : 'razorpay';
  if (provider === 'razorpay') {
    // The schema has made sure both secrets are there.
    return {
      provider,
      keyId: env.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
    };
  }
  // The simulator signs exactly as Razorpay does, with secrets of its own kept in DATA_DIR.
  return {
    provider,
    keyId: env.RAZORPAY_KEY_ID ?? 'rzp_test_simulator',
    keySecret: env.RAZORPAY_KEY_SECRET ?? storedSecret(dataDir, 'payment-simulator-key-secret'),
    webhookSecret:
      env.RAZORPAY_WEBHOOK_SECRET ?? storedSecret(dataDir, 'payment-simulator-webhook-secret'),
  };
}

function shippingConfig(env: ParsedEnv): ShippingConfig {
  const shiprocket =
    env.SHIPROCKET_EMAIL && env.SHIPROCKET_PASSWORD && env.COURIER_PROVIDER !== 'simulator'
      ? {
          email: env.SHIPROCKET_EMAIL,
          password: env.SHIPROCKET_PASSWORD,
          pickupLocation: env.SHIPROCKET_PICKUP_LOCATION ?? 'Primary',
          ...(env.SHIPROCKET_API_URL ? { apiUrl: env.SHIPROCKET_API_URL.replace(/\/$/, '') } : {}),
          // The cross rules have made sure it is set.
          webhookToken: env.COURIER_WEBHOOK_SECRET!,
        }
      : undefined;
  return {
    courier: shiprocket ? 'shiprocket' : 'simulator',
    booking:
      shiprocket !== undefined ||
      env.COURIER_PROVIDER === 'simulator' ||
      env.NODE_ENV !== 'production',
    shiprocket,
    // The simulator signs and checks in the same process (it delivers to this very server), so
    // a secret of this process's own is enough, and nothing is written for it: `npm run migrate`
    // and `npm run seed` on PostgreSQL leave the data folder as they found it.
    webhookSecret: env.COURIER_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url'),
    retryBaseMs: env.SHIPMENT_RETRY_BASE_MS ?? 30_000,
    // Longer than booking with a courier takes (three calls); a worker that died frees it then.
    leaseMs: env.SHIPMENT_LEASE_MS ?? 2 * 60_000,
  };
}

/** A random secret generated into DATA_DIR once and reused across restarts. */
function storedSecret(dataDir: string, name: string, bytes = 32): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(bytes).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}

function googleConfig(env: ParsedEnv): GoogleConfig | undefined {
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
