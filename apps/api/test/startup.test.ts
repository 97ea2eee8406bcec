// The compiled server as an operator runs it: configuration problems, a taken port, a second
// process on the embedded database, health probes, a graceful stop, the migrate step and the
// seeding rules, each seen from outside the process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  fillCartOn,
  sharedSecrets,
  startShop,
  stockedChoicesOf,
  stopShop,
  until,
  type ShopProcess,
} from './shop-processes.ts';
import { simulatorSwitches } from '../src/adapters/payments/simulator-provider.ts';
import { SHUTDOWN_GRACE_MS, stoppingLine } from '../src/server.ts';
import { startupFailureText } from '../src/startup-problems.ts';
import { newShopper } from './auth-helpers.ts';
import { orderBody } from './order-helpers.ts';
import { createScratchDatabase } from './test-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const scratchDir = () => mkdtempSync(join(tmpdir(), 'shop-startup-'));

/** Runs a compiled command (`migrate`, `seed`, `server`) to its end; answers its exit code and output. */
function runCommand(script: string, env: Record<string, string>, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`apps/api/dist/${script}.js`], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

/** A start-up refusal is short lines an operator reads, never a stack trace. */
function expectNoStackTrace(output: string) {
  expect(output).not.toMatch(/^\s+at /m);
}

describe('the compiled server on the embedded database', () => {
  let shop: ShopProcess;

  beforeAll(async () => {
    shop = await startShop('startup', '');
  }, 120_000);
  afterAll(async () => {
    if (shop) await stopShop(shop);
  });

  it('answers liveness and readiness', async () => {
    const live = await call(shop, 'GET', '/api/health/live');
    expect(live).toMatchObject({ status: 200, body: { success: true, data: { status: 'ok' } } });
    const ready = await call(shop, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, jobs: true },
    });
    // The health answer: status and database, with the payment provider beside them.
    const health = await call(shop, 'GET', '/api/health');
    expect(health.body.data).toEqual({ status: 'ok', database: 'pglite', payments: 'simulator' });
  });

  it('seeds a brand-new data folder once, so the quick start shows a full shop', async () => {
    const products = await call(shop, 'GET', '/api/product/products?limit=1');
    expect(products.body.data.total).toBeGreaterThan(0);
    const banners = await call(shop, 'GET', '/api/banner');
    expect(banners.body.data.length).toBeGreaterThan(0);
  });

  it('says in one line that the port is taken', async () => {
    const port = new URL(shop.url).port;
    const { code, output } = await runCommand('server', {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: scratchDir(),
    });
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} is in use; set PORT`);
    expectNoStackTrace(output);
  });

  it('refuses a second process on the same data folder', async () => {
    const { code, output } = await runCommand('server', {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: shop.dataDir,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/Another process is using the embedded database/);
    expectNoStackTrace(output);
    // The first process keeps serving.
    expect((await call(shop, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('lists every configuration problem at once', async () => {
    const { code, output } = await runCommand('server', {
      PORT: 'eighty',
      SEED_DEMO: 'maybe',
      JWT_SECRET: 'short',
      DATA_DIR: scratchDir(),
    });
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a whole number');
    expect(output).toContain('SEED_DEMO must be 1 or 0');
    expect(output).toContain('JWT_SECRET is too short');
    expectNoStackTrace(output);
  });

  it('refuses to start in production on a shared database without its secrets and provider', async () => {
    const { code, output } = await runCommand('server', {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
      DATA_DIR: scratchDir(),
    });
    expect(code).toBe(1);
    expect(output).toContain('JWT_SECRET must be set in production');
    expect(output).toContain('PUBLIC_URL must be set in production');
    expect(output).toContain('PAYMENT_PROVIDER=simulator');
    expectNoStackTrace(output);
  });

  it('refuses to start in production on the embedded database without Razorpay keys, unless the simulator is named', async () => {
    const { code, output } = await runCommand('server', {
      NODE_ENV: 'production',
      DATA_DIR: scratchDir(),
      PORT: '0',
    });
    expect(code).toBe(1);
    const problems = output.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('RAZORPAY_KEY_ID');
    expect(problems[0]).toContain('PAYMENT_PROVIDER=simulator');
    expectNoStackTrace(output);
  });
});

/**
 * A sign-in whose body arrives in two parts: the server holds it as a request in flight (headers
 * read, body awaited) from the first part on. It asks `Expect: 100-continue`, so the server says
 * when it has read the headers (`headersRead`), and the first part is sent then. Answers the
 * status the server gave it.
 */
function slowSignIn(url: string, index: number) {
  const body = JSON.stringify({
    email: `nobody${index}@example.com`,
    password: 'not-the-password',
  });
  const half = Math.floor(body.length / 2);
  let sendRest = () => {};
  let headersWereRead = () => {};
  const headersRead = new Promise<void>((resolve) => (headersWereRead = resolve));
  const status = new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        expect: '100-continue',
      },
    });
    request.on('continue', () => {
      request.write(body.slice(0, half));
      headersWereRead();
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.flushHeaders();
    sendRest = () => request.end(body.slice(half));
  });
  return { status, headersRead, sendRest: () => sendRest() };
}

/** Waits for the line a server prints once a signal has begun its stop. */
async function stopBegun(shop: ShopProcess, signal: NodeJS.Signals = 'SIGTERM') {
  await until(`${shop.name} says it is stopping`, async () => {
    if (!shop.alive()) throw new Error(`${shop.name} exited:\n${shop.output()}`);
    return shop.output().includes(stoppingLine(signal));
  });
}

/** A new shopper's order of one unit of the first size in stock, paid through the simulator. */
async function paidOrderOn(shop: ShopProcess) {
  const signedUp = await call(shop, 'POST', '/api/auth/signup', { body: newShopper() });
  expect(signedUp.status).toBe(201);
  const token = signedUp.body.data.accessToken as string;
  const [choice] = await stockedChoicesOf(shop, 1);
  if (!choice) throw new Error('nothing in stock');
  const order = orderBody([[choice, 1]]);
  await fillCartOn(shop, token, order.items);
  const placed = await call(shop, 'POST', '/api/order', { token, body: order });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.orderId as string;
  const initiated = await call(shop, 'POST', '/api/payments/initiate', {
    token,
    body: { orderId, method: 'razorpay' },
  });
  expect(initiated.status).toBe(200);
  const paid = await call(shop, 'POST', '/api/payments/simulator/pay', {
    token,
    body: { razorpayOrderId: initiated.body.data.razorpayOrderId, outcome: 'success' },
  });
  expect(paid.status).toBe(200);
  const verified = await call(shop, 'POST', '/api/payments/verify', {
    token,
    body: paid.body.data,
  });
  expect(verified.status).toBe(200);
  return { token, orderId };
}

// Each test starts its own shop processes (a fresh embedded database takes 15–30 s on a busy machine).
describe('an unexpected start-up error', () => {
  it('prints one line saying so and the error, its stack only with LOG_LEVEL=debug', async () => {
    // A data folder that is a file: no known problem names it.
    const notAFolder = join(scratchDir(), 'data');
    writeFileSync(notAFolder, '');
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: notAFolder };
    const plain = await runCommand('server', env);
    expect(plain.code).toBe(1);
    expect(plain.output.split('\n')).toEqual([
      'Cannot start: an unexpected error (LOG_LEVEL=debug prints where it came from).',
      `  Error: EEXIST: file already exists, mkdir '${notAFolder}' (EEXIST)`,
    ]);

    const debug = await runCommand('server', { ...env, LOG_LEVEL: 'debug' });
    expect(debug.code).toBe(1);
    expect(debug.output).toMatch(/^Cannot start: an unexpected error\.\n {2}Error: EEXIST/);
    expect(debug.output).toMatch(/^\s+at /m);
  });

  it("never prints a failed query's parameters", () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(asha@example.in) already exists.',
    });
    const failedQuery = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: asha@example.in', {
        cause: driverError,
      }),
      { query: 'insert into users (email) values ($1)', params: ['asha@example.in'] },
    );
    for (const level of ['info', 'debug']) {
      const text = startupFailureText(failedQuery, level);
      expect(text).toContain('duplicate key value violates unique constraint (23505)');
      expect(text).not.toContain('asha@example.in');
    }
  });
});

describe('a graceful stop', { timeout: 120_000 }, () => {
  it('answers the requests in flight, then exits', async () => {
    const shop = await startShop('drain', '');
    try {
      const inFlight = Array.from({ length: 4 }, (_, index) => slowSignIn(shop.url, index));
      await Promise.all(inFlight.map((request) => request.headersRead));
      shop.child.kill('SIGTERM');
      // The stop waits for them: their bodies come after the signal, and are still answered.
      await stopBegun(shop);
      expect(shop.alive()).toBe(true);
      inFlight.forEach((request) => request.sendRest());
      const statuses = await Promise.all(inFlight.map((request) => request.status));
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect(await shop.exited).toBe('code 0');
    } finally {
      await stopShop(shop, 'SIGKILL');
    }
  });

  // PostgreSQL only: the job run is held from outside the process, by a lock on its database.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for a background job run under way: the refund the worker is sending is made and recorded before the exit',
    async () => {
      const scratch = (await createScratchDatabase('shop_stop_job'))!;
      const db = new pg.Client({ connectionString: scratch.url });
      let shop: ShopProcess | undefined;
      try {
        // Jobs every 100 ms; a refund whose send failed is the worker's to send 10 ms later.
        shop = await startShop('job-drain', scratch.url, {
          JOBS_INTERVAL_MS: '100',
          REFUND_RETRY_BASE_MS: '10',
        });
        await db.connect();
        const { token, orderId } = await paidOrderOn(shop);
        // The send right after the cancel fails at the provider, so the next send is a job run's.
        await db.query(
          `insert into shop_state (key, value) values ($1, '1')
           on conflict (key) do update set value = excluded.value`,
          [simulatorSwitches.failRefunds],
        );
        // The provider's books held by this transaction: the worker's send waits on them.
        await db.query('begin');
        await db.query('lock table simulator_refunds in access exclusive mode');
        const cancelled = await call(shop, 'POST', `/api/order/${orderId}/cancel`, {
          token,
          body: { reason: 'Changed my mind' },
        });
        expect(cancelled.status).toBe(200);
        await until('a job run is sending the refund, waiting on the provider', async () => {
          const { rows } = await db.query<{ attempts: number; waiting: number }>(
            `select (select attempts from refunds where order_id = $1) as attempts,
                    (select count(*)::int from pg_stat_activity
                     where datname = current_database() and wait_event_type = 'Lock') as waiting`,
            [orderId],
          );
          return rows[0]!.attempts === 2 && rows[0]!.waiting > 0;
        });

        shop.child.kill('SIGTERM');
        await stopBegun(shop);
        // The stop has closed the listener and now waits on the run alone.
        await until('the listener is closed', async () => {
          if (!shop!.alive()) return true;
          return call(shop!, 'GET', '/api/health/live').then(
            () => false,
            () => true,
          );
        });
        expect(shop.alive()).toBe(true);
        await db.query('commit');
        expect(await shop.exited).toBe('code 0');
        // The run finished before the exit: the refund made at the provider once, and recorded.
        const { rows } = await db.query(
          `select r.state, r.provider_refund_id = s.id as recorded
           from refunds r left join simulator_refunds s on s.receipt = r.id::text
           where r.order_id = $1`,
          [orderId],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          recorded: true,
          state: expect.stringMatching(/^(sent|processed)$/),
        });
      } finally {
        await db.end().catch(() => {});
        if (shop) await stopShop(shop, 'SIGKILL');
        await scratch.drop();
      }
    },
  );

  it(
    `exits with code 1 once a request has kept it waiting ${SHUTDOWN_GRACE_MS / 1000} s after SIGTERM`,
    // A start-up (up to 90 s on a busy machine), then the whole limit and the exit after it.
    { timeout: 150_000 },
    async () => {
      const shop = await startShop('deadline', '');
      try {
        // A sign-in whose body never comes: a request in flight for as long as the server waits.
        const stuck = slowSignIn(shop.url, 0);
        stuck.status.catch(() => {});
        await stuck.headersRead;
        shop.child.kill('SIGTERM');
        await stopBegun(shop);
        // Still waiting for it shortly before the limit. The length of the wait is what is tested
        // here, so this one sleep stays: the process's timer has no outside clock to move.
        await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS - 1_000));
        expect(shop.alive()).toBe(true);
        const exit = await Promise.race([
          shop.exited,
          new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
        ]);
        expect(exit).toBe('code 1');
        expect(shop.output()).toContain(
          `Stopped waiting after ${SHUTDOWN_GRACE_MS / 1000} s (SIGTERM): exiting.`,
        );
      } finally {
        await stopShop(shop, 'SIGKILL');
      }
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the compiled server on PostgreSQL',
  { timeout: 120_000 },
  () => {
    it('migrates as its own step, and a server told not to migrate refuses a schema behind it', async () => {
      const scratch = (await createScratchDatabase('shop_migrate'))!;
      try {
        const env = { DATABASE_URL: scratch.url, MIGRATE_ON_START: '0', ...sharedSecrets };
        const refused = await runCommand('server', { ...env, PORT: '0', DATA_DIR: scratchDir() });
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/run npm run migrate first/);
        expectNoStackTrace(refused.output);

        const migrated = await runCommand('migrate', env);
        expect(migrated).toMatchObject({ code: 0 });
        expect(migrated.output).toMatch(/^Applied \d+ migrations\.$/);
        expect((await runCommand('migrate', env)).output).toBe(
          'The database schema is up to date.',
        );

        // Migrated, not seeded: a shared database gets demo data only when asked.
        const shop = await startShop('migrated', scratch.url, {
          MIGRATE_ON_START: '0',
          SEED_DEMO: '',
        });
        try {
          const products = await call(shop, 'GET', '/api/product/products?limit=1');
          expect(products.body.data.total).toBe(0);
          expect((await call(shop, 'GET', '/api/banner')).body.data).toEqual([]);
        } finally {
          await stopShop(shop);
        }
      } finally {
        await scratch.drop();
      }
    });

    it('refuses a database that newer code has migrated', async () => {
      const scratch = (await createScratchDatabase('shop_newer'))!;
      try {
        const env = { DATABASE_URL: scratch.url, ...sharedSecrets };
        expect((await runCommand('migrate', env)).code).toBe(0);
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        await client.query(
          `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', $1)`,
          [Date.now() + 365 * 24 * 3600 * 1000],
        );
        await client.end();
        for (const script of ['server', 'migrate']) {
          const { code, output } = await runCommand(script, {
            ...env,
            PORT: '0',
            DATA_DIR: scratchDir(),
          });
          expect(code).toBe(1);
          expect(output).toBe(
            'The database schema is newer than this code: run the release that migrated it (or newer).',
          );
        }
      } finally {
        await scratch.drop();
      }
    });

    it('seeds with SEED_DEMO=1 once, and never again into a table the owner emptied', async () => {
      const scratch = (await createScratchDatabase('shop_seed'))!;
      try {
        const query = async (text: string) => {
          const client = new pg.Client({ connectionString: scratch.url });
          await client.connect();
          try {
            return (await client.query(text)).rows;
          } finally {
            await client.end();
          }
        };
        const count = async (table: string) =>
          (await query(`select count(*)::int as n from ${table}`))[0].n as number;
        let shop = await startShop('seeded', scratch.url, { SEED_DEMO: '1' });
        await stopShop(shop);
        expect(await count('discounts')).toBeGreaterThan(0);
        expect(await count('categories')).toBeGreaterThan(0);

        // The owner removes the demo's discount codes: they stay gone.
        await query('delete from discounts');
        expect(await count('discounts')).toBe(0);

        shop = await startShop('restarted', scratch.url, { SEED_DEMO: '1' });
        await stopShop(shop);
        expect(await count('discounts')).toBe(0);
        const seedAgain = await runCommand('seed', { DATABASE_URL: scratch.url, ...sharedSecrets });
        expect(seedAgain.code).toBe(0);
        expect(seedAgain.output).toMatch(/not seeded again/);
      } finally {
        await scratch.drop();
      }
    });
  },
);
