import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'shop-config-'));

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
    // The embedded database keeps the quick start: nothing needs to be set.
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' }).production).toBe(true);
  });

  it('seeds the demo on the embedded database, and on PostgreSQL only with SEED_DEMO=1', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).seedDemo).toBe(true);
    const shared = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://shop@db/shop' };
    expect(loadConfig(shared).seedDemo).toBe(false);
    expect(loadConfig({ ...shared, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...shared, SEED_DEMO: '' }).seedDemo).toBe(false);
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
});
