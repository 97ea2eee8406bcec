/**
 * Real shop server processes for tests and benchmarks that need more than one: each is spawned
 * in its own process group with its own DATA_DIR (as on separate machines), talks HTTP, and keeps
 * its output in memory so a test prints it only when it fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StockedChoice } from './cart-helpers.ts';
import { stockedChoicesIn } from './stocked-choices.ts';

import { until } from './poll.ts';

export { until };

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * How a shop process is started, from the repository root: the compiled server, as in production
 * (`npm test` builds it first; by hand, `npm run build -w @shop/api`).
 */
export const SHOP_COMMAND = [process.execPath, '--enable-source-maps', 'apps/api/dist/server.js'];

/** Secrets every process of one shop shares (each at least 32 characters). */
export const sharedSecrets = {
  JWT_SECRET: 'two-processes-jwt-secret-0123456789-abcdefghij',
  RAZORPAY_KEY_SECRET: 'two-processes-key-secret-0123456789-abcdefgh',
  RAZORPAY_WEBHOOK_SECRET: 'two-processes-webhook-secret-0123456789-abcd',
};

const MAX_OUTPUT = 400_000;

export interface ShopProcess {
  name: string;
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr (the last 400,000 characters). */
  output: () => string;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<string>;
  alive: () => boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns one shop process on `databaseUrl` (without waiting for it): a free port on 127.0.0.1, a
 * new DATA_DIR, the shared secrets, the payment simulator, demo data (SEED_DEMO=1) and NODE_ENV
 * unset. `env` adds to or overrides that (an empty value is the same as unset for the server;
 * `databaseUrl` '' runs the embedded database).
 */
export async function spawnShop(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `shop-${name.toLowerCase()}-`));
  const [command, ...args] = SHOP_COMMAND;
  // A clean environment: not the test runner's (NODE_ENV=test, VITEST, TEST_DATABASE_URL ...).
  const child = spawn(command!, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'simulator',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...sharedSecrets,
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Waits for `GET /api/health` to answer 200; throws with the process's output otherwise. */
export async function waitHealthy(shop: ShopProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!shop.alive()) {
      throw new Error(`shop ${shop.name} exited before it was healthy:\n${shop.output()}`);
    }
    try {
      const response = await fetch(`${shop.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`shop ${shop.name} was not healthy in ${timeoutMs} ms:\n${shop.output()}`);
}

/** Spawns a shop process and waits until it is healthy. */
export async function startShop(name: string, databaseUrl: string, env?: Record<string, string>) {
  const shop = await spawnShop(name, databaseUrl, env);
  try {
    await waitHealthy(shop);
  } catch (error) {
    await stopShop(shop, 'SIGKILL');
    throw error;
  }
  return shop;
}

/** Sends `signal` to the whole process group (tsx's helper processes too). */
export function signalShop(shop: ShopProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-shop.child.pid!, signal);
  } catch {
    // already gone
  }
}

/**
 * Stops a shop process: `signal` to its group, SIGKILL if it is still there after 5 s, then
 * removes its DATA_DIR.
 */
export async function stopShop(shop: ShopProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (shop.alive()) {
    signalShop(shop, signal);
    const late = setTimeout(() => signalShop(shop, 'SIGKILL'), 5_000);
    await shop.exited;
    clearTimeout(late);
  }
  // Helpers left in the group (none expected) go too.
  signalShop(shop, 'SIGKILL');
  await rm(shop.dataDir, { recursive: true, force: true });
}

export interface Answer<T = any> {
  status: number;
  body: T;
}

/** One JSON call to a shop process (a `fetch` twin of the `app.inject` test helpers). */
export async function call<T = any>(
  shop: Pick<ShopProcess, 'url'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${shop.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** A line as an order names it (the order payload's `items`). */
export interface OrderLine {
  product: string;
  quantity: number;
  size: string;
  color: { colorName: string; colorHex?: string };
  productImage?: string;
}

/**
 * Puts exactly these lines in the shopper's server cart through `shop`, as the storefront does
 * before checkout: orders are placed from the cart.
 */
export async function fillCartOn(
  shop: Pick<ShopProcess, 'url'>,
  token: string,
  lines: readonly OrderLine[],
) {
  await call(shop, 'DELETE', '/api/cart/clear', { token });
  for (const line of lines) {
    const added = await call(shop, 'POST', '/api/cart', {
      token,
      body: {
        product: line.product,
        quantity: line.quantity,
        size: line.size,
        color: { colorName: line.color.colorName, colorHex: line.color.colorHex ?? '#000000' },
        selectedImage: line.productImage || '/media/placeholder.jpg',
      },
    });
    if (added.status >= 300) throw new Error(`add to cart failed: ${JSON.stringify(added.body)}`);
  }
}

/** Products with a colour and size holding at least `minStock`, one choice per product. */
export async function stockedChoicesOf(
  shop: ShopProcess,
  minStock: number,
): Promise<StockedChoice[]> {
  const { body } = await call(shop, 'GET', '/api/product/products?limit=100');
  return stockedChoicesIn(body.data.products, minStock);
}

/** The metrics token of a shop started with `{ METRICS_TOKEN }` in its environment. */
export const METRICS_TOKEN = 'shop-processes-metrics-token-0123456789';

/** Seconds since `job` last succeeded in `shop`, from its job lag gauge (METRICS_TOKEN set). */
async function secondsSinceSuccess(shop: ShopProcess, job: string): Promise<number> {
  const { status, body } = await call<string>(shop, 'GET', '/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (status !== 200) throw new Error(`the metrics of shop ${shop.name} answered ${status}`);
  const gauge = new RegExp(`^shop_job_seconds_since_success\\{job="${job}"\\} (\\S+)$`, 'm');
  const value = gauge.exec(body)?.[1];
  if (value === undefined) throw new Error(`shop ${shop.name} has no job ${job}`);
  return Number(value);
}

/**
 * Waits until each of `jobs` has succeeded `runs` more times in each of `shops` (started with
 * METRICS_TOKEN): a job's lag gauge only grows between two scrapes unless a run of it has ended
 * between them. A run missed that way (two in one gap) only makes the wait longer.
 */
export async function untilJobRuns(shops: ShopProcess[], jobs: string[], runs: number) {
  const last = new Map<string, number>();
  const ended = new Map<string, number>();
  const names = shops.map((shop) => shop.name).join(' and ');
  await until(`${runs} more runs of ${jobs.join(', ')} in ${names}`, async () => {
    for (const shop of shops) {
      for (const job of jobs) {
        const key = `${shop.name}:${job}`;
        const seconds = await secondsSinceSuccess(shop, job);
        const before = last.get(key);
        if (before !== undefined && seconds < before) ended.set(key, (ended.get(key) ?? 0) + 1);
        last.set(key, seconds);
      }
    }
    return shops.every((shop) =>
      jobs.every((job) => (ended.get(`${shop.name}:${job}`) ?? 0) >= runs),
    );
  });
}
