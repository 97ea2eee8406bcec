/**
 * A shop server for the browser tests: the API and the built storefront in one process, on a
 * throwaway DATA_DIR that starts as a copy of the seeded demo shop (apps/api/test/
 * seed-template-cli.ts), so the server finds its database migrated and seeded.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface ShopServer {
  baseURL: string;
  /** The server's DATA_DIR: mails are written to its outbox/ folder. */
  dataDir: string;
  child: ChildProcess;
  /** What the server wrote to stdout and stderr so far. */
  output: () => string;
  /** How long the copy of the seeded shop and the server's start took, in ms. */
  timings: { seed: number; start: number; seedLine: string };
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a server on a new DATA_DIR holding the seeded shop. `env` adds to the test settings
 * (production mode, the payment and courier simulators, sign-ups unthrottled); `clockFile` loads
 * fixtures/shifted-clock.ts, whose offset the test moves (see moveServerClock).
 */
export async function startShopServer(
  env: Record<string, string> = {},
  options: { clockFile?: string } = {},
): Promise<ShopServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const seeding = performance.now();
  const seedLine = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/test/seed-template-cli.ts', dataDir],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
  const started = performance.now();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const clock = options.clockFile
    ? [
        '--import',
        pathToFileURL(fileURLToPath(new URL('./fixtures/shifted-clock.ts', import.meta.url))).href,
      ]
    : [];
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', ...clock, 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Links in mails point at this server.
      PUBLIC_URL: baseURL,
      // Production takes test payments only when told to by name.
      PAYMENT_PROVIDER: 'simulator',
      COURIER_PROVIDER: 'simulator',
      // ... and sends WhatsApp and SMS to the messaging simulator (DATA_DIR/messages/).
      MESSAGING_PROVIDER: 'simulator',
      // Every browser test signs its shoppers up from this one address.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      // ... and makes its guest-cart requests and PIN checks from it.
      GUEST_CART_REQUESTS_PER_MINUTE: '100000',
      PINCODE_LOOKUPS_PER_MINUTE: '100000',
      ...(options.clockFile ? { SHOP_CLOCK_FILE: options.clockFile } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const timings = {
    seed: Math.round(started - seeding),
    start: Math.round(performance.now() - started),
    seedLine,
  };
  return {
    baseURL,
    dataDir,
    child,
    output: () => output,
    timings,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
