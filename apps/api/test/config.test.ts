import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'shop-config-'));
/** The payment simulator's secrets, generated into DATA_DIR when unset. */
const PAYMENT_SIMULATOR_SECRETS = [
  'payment-simulator-key-secret',
  'payment-simulator-webhook-secret',
];
const MESSAGING_SIMULATOR_SECRETS = [
  'messaging-simulator-app-secret',
  'messaging-simulator-sms-token',
  'messaging-simulator-verify-token',
];

describe('loadConfig', () => {
  it('runs with nothing set: defaults, and a generated secret kept in DATA_DIR', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it("uses the courier simulator when Shiprocket is not set, with a secret of the process's own", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.shipping.courier).toBe('simulator');
    expect(config.shipping.shiprocket).toBeUndefined();
    expect(config.shipping.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(readdirSync(dataDir)).toEqual(
      ['jwt-secret', ...PAYMENT_SIMULATOR_SECRETS, ...MESSAGING_SIMULATOR_SECRETS].sort(),
    );
    expect(loadConfig({ DATA_DIR: dataDir }).shipping.webhookSecret).not.toBe(
      config.shipping.webhookSecret,
    );
  });

  it('writes nothing into DATA_DIR on PostgreSQL with every secret set (migrate and seed run so)', () => {
    const dataDir = join(tempDir(), 'not-yet');
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop',
      JWT_SECRET: 'a-shared-secret-that-is-long-enough-0123456789',
      RAZORPAY_KEY_SECRET: 'a-key-secret-that-is-long-enough-0123456789',
      RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret-that-is-long-enough-0123',
    });
    expect(config.shipping.courier).toBe('simulator');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('runs the messaging simulator in development, in production only when named, else phone channels are off', () => {
    const dev = loadConfig({ DATA_DIR: tempDir() }).messaging;
    expect(dev.mode).toBe('simulator');
    expect(dev.codesPerDay).toBe(2000);
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'simulator',
    };
    expect(loadConfig(production).messaging).toMatchObject({
      mode: 'off',
      whatsapp: undefined,
      sms: undefined,
    });
    const named = loadConfig({
      ...production,
      MESSAGING_PROVIDER: 'simulator',
      WHATSAPP_APP_SECRET: 'x'.repeat(40),
    });
    expect(named.messaging.mode).toBe('simulator');
    expect(named.messaging.whatsapp!.appSecret).toBe('x'.repeat(40));
    expect(
      loadConfig({ DATA_DIR: tempDir(), PHONE_CODES_PER_DAY: '500' }).messaging.codesPerDay,
    ).toBe(500);
  });

  it('takes WhatsApp and MSG91 settings together, and names what is missing', () => {
    const whatsapp = {
      WHATSAPP_PHONE_NUMBER_ID: '1098765',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
      WHATSAPP_APP_SECRET: 'an-app-secret-0123456789',
      WHATSAPP_VERIFY_TOKEN: 'a-verify-token-0123',
    };
    const config = loadConfig({ DATA_DIR: tempDir(), ...whatsapp }).messaging;
    expect(config.mode).toBe('providers');
    expect(config.whatsapp?.phoneNumberId).toBe('1098765');
    expect(config.sms).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), MSG91_AUTH_KEY: 'key', MSG91_SENDER_ID: 'LCBLOM' }),
    ).toThrow('MSG91_AUTH_KEY, MSG91_SENDER_ID are set, so MSG91_WEBHOOK_TOKEN must be set too');
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        MSG91_AUTH_KEY: 'key',
        MSG91_SENDER_ID: 'LCBLOM',
        MSG91_WEBHOOK_TOKEN: 'a-webhook-token-0123456',
      }),
    ).toThrow('With MSG91 set MSG91_TEMPLATE_IDS');
    expect(() => loadConfig({ DATA_DIR: tempDir(), MESSAGING_PROVIDER: 'twilio' })).toThrow(
      'MESSAGING_PROVIDER must be simulator or providers',
    );
  });

  it('lets an operator raise the accounts one address may create in an hour', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).signupsPerAddressPerHour).toBe(50);
    expect(
      loadConfig({ DATA_DIR: tempDir(), SIGNUPS_PER_ADDRESS_PER_HOUR: '200' })
        .signupsPerAddressPerHour,
    ).toBe(200);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SIGNUPS_PER_ADDRESS_PER_HOUR: 'many' })).toThrow(
      'SIGNUPS_PER_ADDRESS_PER_HOUR must be a whole number',
    );
  });

  it('bounds outbound calls: 6 s, a breaker after 5 failures for 30 s, unless set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).outbound).toEqual({
      timeoutMs: 6_000,
      breakerFailures: 5,
      breakerHalfOpenMs: 30_000,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        OUTBOUND_TIMEOUT_MS: '8000',
        OUTBOUND_BREAKER_FAILURES: '3',
        OUTBOUND_BREAKER_HALF_OPEN_MS: '60000',
      }).outbound,
    ).toEqual({ timeoutMs: 8_000, breakerFailures: 3, breakerHalfOpenMs: 60_000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), OUTBOUND_TIMEOUT_MS: '0' })).toThrow(
      'OUTBOUND_TIMEOUT_MS must be at least 100',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), OUTBOUND_TIMEOUT_MS: '120000' })).toThrow(
      'OUTBOUND_TIMEOUT_MS must be at most 60000',
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), SHIPROCKET_API_URL: 'ftp://shiprocket.test' }),
    ).toThrow('SHIPROCKET_API_URL must be an http:// or https:// URL');
  });

  it('limits public lookups to 60 a minute per network, IPv6 per /64, unless set', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.publicLookups).toEqual({
      pincodesPerMinute: 60,
      trackingPerMinute: 60,
      guestCartPerMinute: 600,
      sizeFinderPerMinute: 120,
    });
    expect(defaults.throttleIpv6Prefix).toBe(64);
    const set = loadConfig({
      DATA_DIR: tempDir(),
      PINCODE_LOOKUPS_PER_MINUTE: '120',
      TRACKING_LOOKUPS_PER_MINUTE: '30',
      GUEST_CART_REQUESTS_PER_MINUTE: '1200',
      SIZE_FINDER_REQUESTS_PER_MINUTE: '30',
      THROTTLE_IPV6_PREFIX: '56',
    });
    expect(set.publicLookups).toEqual({
      pincodesPerMinute: 120,
      trackingPerMinute: 30,
      guestCartPerMinute: 1200,
      sizeFinderPerMinute: 30,
    });
    expect(set.throttleIpv6Prefix).toBe(56);
    expect(() => loadConfig({ DATA_DIR: tempDir(), THROTTLE_IPV6_PREFIX: '129' })).toThrow(
      'THROTTLE_IPV6_PREFIX must be at most 128',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PINCODE_LOOKUPS_PER_MINUTE: 'lots' })).toThrow(
      'PINCODE_LOOKUPS_PER_MINUTE must be a whole number',
    );
  });

  it('keeps delivered mails 90 days unless MAIL_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mailRetentionDays).toBe(90);
    expect(loadConfig({ DATA_DIR: tempDir(), MAIL_RETENTION_DAYS: '30' }).mailRetentionDays).toBe(
      30,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_RETENTION_DAYS: '0' })).toThrow(
      'MAIL_RETENTION_DAYS must be at least 1',
    );
  });

  it('books test parcels in production only when COURIER_PROVIDER=simulator names the simulator', () => {
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'simulator',
    };
    expect(loadConfig({ DATA_DIR: tempDir() }).shipping.booking).toBe(true);
    expect(loadConfig(production).shipping).toMatchObject({ courier: 'simulator', booking: false });
    expect(loadConfig({ ...production, COURIER_PROVIDER: 'simulator' }).shipping).toMatchObject({
      courier: 'simulator',
      booking: true,
    });
    expect(() => loadConfig({ ...production, COURIER_PROVIDER: 'shiprocket' })).toThrow(
      'COURIER_PROVIDER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.',
    );
    expect(() => loadConfig({ ...production, COURIER_PROVIDER: 'dhl' })).toThrow(
      'COURIER_PROVIDER must be shiprocket or simulator, got "dhl"',
    );
  });

  it('ships with Shiprocket when both its email and password are set, with its webhook token', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SHIPROCKET_EMAIL: 'ops@lacebloom.in',
      SHIPROCKET_PASSWORD: 'secret',
      COURIER_WEBHOOK_SECRET: 'token-from-the-panel',
    });
    expect(config.shipping.courier).toBe('shiprocket');
    expect(config.shipping.shiprocket).toEqual({
      email: 'ops@lacebloom.in',
      password: 'secret',
      pickupLocation: 'Primary',
      webhookToken: 'token-from-the-panel',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ SHIPROCKET_EMAIL: 'ops@lacebloom.in' })).toEqual([
      'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together: set both to ship with Shiprocket, or neither for the courier simulator.',
      "With Shiprocket set COURIER_WEBHOOK_SECRET to the security token given to the tracking webhook in Shiprocket's panel.",
    ]);
    expect(
      problems({
        SHIPROCKET_EMAIL: 'a@b.in',
        SHIPROCKET_PASSWORD: 'x',
        COURIER_WEBHOOK_SECRET: 'short',
      }),
    ).toEqual(['COURIER_WEBHOOK_SECRET must be at least 16 characters']);
  });

  it('refuses a JWT_SECRET shorter than 32 characters with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET is too short: it must be at least 32 characters/,
    );
  });

  it('reads PORT, HOST, DATABASE_URL and CORS_ORIGINS', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://shop@db/shop',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://shop@db/shop',
      corsOrigins: ['https://a.example', 'https://b.example'],
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'http' })).toThrow(ConfigError);
  });

  it('lists every problem at once, one message each', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(
      problems({
        PORT: '70000',
        SEED_DEMO: 'yes',
        CATALOGUE_CACHE_TTL_MS: 'soon',
        PAYMENT_PROVIDER: 'paypal',
        DATABASE_URL: 'mysql://shop@db/shop',
      }),
    ).toEqual([
      'PORT must be at most 65535',
      'DATABASE_URL must start with postgres:// or postgresql://',
      'CATALOGUE_CACHE_TTL_MS must be a whole number',
      'SEED_DEMO must be 1 or 0',
      'PAYMENT_PROVIDER must be razorpay or simulator, got "paypal"',
    ]);
  });

  it('in production on PostgreSQL, refuses to guess the secrets, the public URL or the payment provider', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db/shop' };
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...production })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: tempDir(), ...production });
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(3);
    }
    const complete = {
      ...production,
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://shop.example/',
    };
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...complete })).toThrow(/PAYMENT_PROVIDER/);
    // Test payments on several processes: each must sign with the same secrets.
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), ...complete, PAYMENT_PROVIDER: 'simulator' }),
    ).toThrow(/RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET/);
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ...complete,
        PAYMENT_PROVIDER: 'simulator',
        RAZORPAY_KEY_SECRET: 'shared-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'shared-webhook-secret',
      }),
    ).toMatchObject({ publicUrl: 'https://shop.example', payments: { provider: 'simulator' } });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ...complete,
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
      }).payments.provider,
    ).toBe('razorpay');
  });

  it('in production on either database, runs the payment simulator only when PAYMENT_PROVIDER names it', () => {
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    const shared = {
      DATABASE_URL: 'postgres://shop@db/shop',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://shop.example/',
    };
    for (const database of [{}, shared]) {
      // No keys and no simulator by name: one line naming both ways out.
      const problems = problemsOf({ NODE_ENV: 'production', ...database });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('RAZORPAY_KEY_ID');
      expect(problems[0]).toContain('PAYMENT_PROVIDER=simulator');
      expect(problemsOf({ NODE_ENV: 'production', ...database, PAYMENT_PROVIDER: '' })).toEqual(
        problems,
      );
    }
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator' })
        .payments.provider,
    ).toBe('simulator');
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
      }).payments.provider,
    ).toBe('razorpay');
    // Development keeps the quick start: nothing needs to be set for test payments.
    expect(loadConfig({ DATA_DIR: tempDir() }).payments.provider).toBe('simulator');
  });

  it('serves the API document in development, and in production only with API_DOCS=1', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).apiDocs).toBe(true);
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'simulator',
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), API_DOCS: '0' }).apiDocs).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), API_DOCS: 'yes' })).toThrow(
      'API_DOCS must be 1 or 0',
    );
  });

  it('seeds the demo on the embedded database, and on PostgreSQL only with SEED_DEMO=1', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).seedDemo).toBe(true);
    const shared = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://shop@db/shop' };
    expect(loadConfig(shared).seedDemo).toBe(false);
    expect(loadConfig({ ...shared, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...shared, SEED_DEMO: '' }).seedDemo).toBe(false);
  });

  it('reads the staff refund limit in rupees, ₹2,000 unless set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).staffRefundLimitPaise).toBe(200_000);
    const set = (value: string) =>
      loadConfig({ DATA_DIR: tempDir(), STAFF_REFUND_LIMIT_RUPEES: value }).staffRefundLimitPaise;
    expect(set('5000')).toBe(500_000);
    expect(set('0')).toBe(0);
    expect(() => set('lots')).toThrow('STAFF_REFUND_LIMIT_RUPEES must be a whole number');
    expect(() => set('-1')).toThrow(ConfigError);
  });

  it('prints a neutral sender on labels unless another is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).shipFrom.name).toBe('LB Retail');
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SHIP_FROM_NAME: '  KR Traders ',
      SHIP_FROM_ADDRESS: '2 Hill Road, Mumbai, Maharashtra 400050',
      SHIP_FROM_PHONE: '9876543210',
    });
    expect(config.shipFrom).toEqual({
      name: 'KR Traders',
      address: '2 Hill Road, Mumbai, Maharashtra 400050',
      phone: '9876543210',
    });
  });

  it('reads fractions of a minute for the payment timeout, and a job interval for tests', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ORDER_PAYMENT_TIMEOUT_MINUTES: '0.05',
      JOBS_INTERVAL_MS: '250',
    });
    expect(config.orderPaymentTimeoutMs).toBe(3_000);
    expect(config.jobsIntervalMs).toBe(250);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ORDER_PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(
      'ORDER_PAYMENT_TIMEOUT_MINUTES must be more than 0',
    );
  });

  it('takes TRUST_PROXY as a number of proxies or their addresses, and refuses true in production', () => {
    const trustProxy = (value: string, env: NodeJS.ProcessEnv = {}) =>
      loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value, ...env }).trustProxy;
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8, loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(
      'TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; "10.0.0.0/33" is none of these',
    );
    expect(() => trustProxy('proxy.example')).toThrow(ConfigError);
    // Believing every X-Forwarded-For is for development only.
    expect(trustProxy('true')).toBe(true);
    /** The problems production finds with TRUST_PROXY (other settings may have their own). */
    const trustProblems = (value: string) => {
      try {
        loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), TRUST_PROXY: value });
      } catch (error) {
        return (error as ConfigError).problems.filter((problem) => problem.includes('TRUST_PROXY'));
      }
      return [];
    };
    expect(trustProblems('true')).toEqual([
      'TRUST_PROXY=true is refused in production: it believes the X-Forwarded-For any client makes up, so each request could claim a new address and a fresh allowance of every limit; set the number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses.',
    ]);
    expect(trustProblems('1')).toEqual([]);
    expect(trustProblems('10.0.0.5')).toEqual([]);
  });
});
