import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './test-app.ts';

/** Starts the shop exactly as the README says (`npm start`) on a temporary DATA_DIR. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let output = '';
let cleanupDatabase = async () => {};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

async function postgresUrl(): Promise<string | undefined> {
  const scratch = await createScratchDatabase('shop_smoke');
  if (scratch) cleanupDatabase = scratch.drop;
  return scratch?.url;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-smoke-'));
  const port = await freePort();
  const databaseUrl = await postgresUrl();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // As `npm start` runs outside a test runner (which sets NODE_ENV=test).
    NODE_ENV: 'production',
    // Production takes test payments only when told to by name, and serves the API document
    // only when asked.
    PAYMENT_PROVIDER: 'simulator',
    API_DOCS: '1',
  };
  delete env.JWT_SECRET;
  if (databaseUrl) {
    // Production on a shared database: everything that must match across processes is set, and
    // the demo catalogue is asked for.
    Object.assign(env, {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'production-smoke-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RAZORPAY_KEY_SECRET: 'production-smoke-key-secret-0123456789-abcdefgh',
      RAZORPAY_WEBHOOK_SECRET: 'production-smoke-webhook-secret-0123456789-ab',
      SEED_DEMO: '1',
    });
  } else delete env.DATABASE_URL;
  server = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, 180_000);
}, 200_000);

afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    // The server drains (image renders included) before it exits; its folder goes after that.
    const exited =
      server.exitCode === null && server.signalCode === null
        ? new Promise((resolve) => server.once('exit', resolve))
        : Promise.resolve();
    const gone = await Promise.race([
      exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    if (!gone) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await cleanupDatabase();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}, 30_000);

describe('the production server, started the README way', () => {
  it('is healthy on the expected database', async () => {
    const body: any = await (await fetch(`${baseUrl}/api/health`)).json();
    expect(body).toMatchObject({
      success: true,
      data: {
        status: 'ok',
        database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
        payments: 'simulator',
      },
    });
  });

  it('says on every page that payments are only tests while the simulator runs', async () => {
    for (const path of ['/', '/products/bras', '/checkout']) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).toContain('Test payments: no money is taken');
    }
  });

  it('serves the seeded product list and one of its images', async () => {
    const body: any = await (await fetch(`${baseUrl}/api/product/products`)).json();
    expect(body.data.products).toHaveLength(12);
    const image = body.data.products[0].images[0];
    const response = await fetch(`${baseUrl}${image}?w=400`, { headers: { accept: 'image/avif' } });
    expect(response.status).toBe(200);
    // A fresh data folder: its drawing until the render queue has made the AVIF.
    expect(['image/avif', 'image/svg+xml']).toContain(response.headers.get('content-type'));
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("sends the build's scripts as their precompressed copies, without the page-only headers", async () => {
    const page = await fetch(`${baseUrl}/`);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain('script-src');
    const script = /\/assets\/root-[\w-]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    const file = join(
      repoRoot,
      'apps/web',
      process.env.WEB_BUILD_DIR ?? 'build',
      'client',
      script!,
    );
    for (const [encoding, copy] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const response = await fetch(`${baseUrl}${script}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // The copy the build wrote (brotli 11, gzip 9), byte for byte: not compressed again.
      expect(Number(response.headers.get('content-length'))).toBe(statSync(file + copy).size);
      expect(await response.text()).toBe(readFileSync(file, 'utf8'));
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toBe('accept-encoding');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // A script is not a document: the CSP and framing rules do nothing on it.
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
    // The copies answer only through their file's URL.
    expect((await fetch(`${baseUrl}${script}.br`)).status).toBe(404);
  });

  it('answers the next request on a keep-alive connection after a page was sent a body it does not read', async () => {
    const { port, hostname } = new URL(baseUrl);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const body = 'message=' + 'x'.repeat(400 * 1024);
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    await new Promise((resolve) => {
      socket.once('close', resolve);
      setTimeout(resolve, 15_000);
    });
    socket.destroy();
    const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => match[1]);
    expect(statuses).toHaveLength(2);
    expect(statuses[0]).toBe('405');
    expect(statuses[1]).toBe('200');
    expect(received).toContain('"status":"ok"');
  });

  it('keeps running when shoppers leave compressed pages part-way through', async () => {
    const { port, hostname } = new URL(baseUrl);
    // Each request is dropped after its first bytes (or a few milliseconds), the way a phone
    // that loses signal or a shopper who taps away does; the compression stream then closes early.
    const leaveEarly = (delayMs: number) =>
      new Promise<void>((resolve) => {
        const request = httpGet(
          { host: hostname, port, path: '/', headers: { 'accept-encoding': 'gzip, br' } },
          (response) => {
            response.once('data', () => request.destroy());
            response.on('error', () => resolve());
            response.on('close', () => resolve());
          },
        );
        request.on('error', () => resolve());
        request.on('close', () => resolve());
        setTimeout(() => request.destroy(), delayMs);
      });
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, index) => leaveEarly(5 + index * 3)));
    }
    expect(server.exitCode).toBeNull();
    expect(server.signalCode).toBeNull();
    await waitForHealth(baseUrl, 30_000);
    const page = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
  }, 60_000);

  it('describes the API only in its OpenAPI document, not the storefront pages', async () => {
    const document: any = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/api/product/products');
    expect(paths).toContain('/api/payments/simulator/pay');
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('generated a JWT secret into DATA_DIR on the embedded database, and never with DATABASE_URL', async () => {
    const { readFile } = await import('node:fs/promises');
    const stored = await readFile(join(dataDir, 'jwt-secret'), 'utf8').catch(() => undefined);
    if (process.env.TEST_DATABASE_URL) {
      // Every process of a shared database must sign with the one secret it was given.
      expect(stored).toBeUndefined();
    } else {
      expect(stored?.trim().length).toBeGreaterThanOrEqual(32);
    }
  });
});

describe('a weak secret', () => {
  it('stops the server at start with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, JWT_SECRET: 'too-short', DATA_DIR: dataDir, PORT: '0' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('JWT_SECRET is too short');
  });
});
