/**
 * What signing in costs: the authenticated read every cart, wishlist and order call will pay
 * (token check + user row), and sign-in itself (argon2id, deliberately slow), on the embedded
 * database. Context for the money path's budget: p99 ≤ 50 ms at 20 connections.
 *
 *   npm run bench:auth            (DURATION=10 CONNECTIONS=20 to change the defaults)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
const port = 4111;
const base = `http://127.0.0.1:${port}`;

function startShop(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/api-servers.ts', 'shop', String(port), dataDir],
      { env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`shop exited with ${code}`)));
  });
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as any;
}

async function run(label: string, options: autocannon.Options) {
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  return {
    request: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-auth-'));
  const shop = await startShop(dataDir);
  try {
    const shopper = {
      firstName: 'Bench',
      lastName: 'Shopper',
      email: `bench.${Date.now()}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    };
    const signup = await post('/api/auth/signup', shopper);
    const token = signup.data.accessToken as string;

    console.log(`autocannon: ${connections} connections, ${duration} s per run, 2 s warm-up\n`);
    const rows = [
      await run('GET /api/auth/profile (bearer token)', {
        url: `${base}/api/auth/profile`,
        connections,
        headers: { authorization: `Bearer ${token}` },
      }),
      await run('POST /api/auth/login (argon2id)', {
        url: `${base}/api/auth/login`,
        connections,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shopper.email, password: shopper.password }),
      }),
    ];
    console.table(rows);
  } finally {
    shop.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
