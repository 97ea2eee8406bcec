/**
 * What signing in costs: the authenticated read every cart, wishlist and order call will pay
 * (token check + user row), and sign-in itself (argon2id, deliberately slow), on the embedded
 * database. Context for the money path's budget: p99 ≤ 50 ms at 20 connections.
 *
 *   npm run bench:auth            (DURATION=10 CONNECTIONS=20 to change the defaults)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callShop, measure, startBenchServer, stopBenchServer } from './shop-process.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
const port = 4111;
const base = `http://127.0.0.1:${port}`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-auth-'));
  const shop = await startBenchServer(['shop', String(port), dataDir]);
  try {
    const shopper = {
      firstName: 'Bench',
      lastName: 'Shopper',
      email: `bench.${Date.now()}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    };
    const signup = await callShop(base, 'POST', '/api/auth/signup', shopper);
    const token = signup.data.accessToken as string;

    console.log(`autocannon: ${connections} connections, ${duration} s per run, 2 s warm-up\n`);
    const rows = [
      await measure(
        'GET /api/auth/profile (bearer token)',
        {
          url: `${base}/api/auth/profile`,
          connections,
          headers: { authorization: `Bearer ${token}` },
        },
        duration,
      ),
      await measure(
        'POST /api/auth/login (argon2id)',
        {
          url: `${base}/api/auth/login`,
          connections,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: shopper.email, password: shopper.password }),
        },
        duration,
      ),
    ];
    console.table(rows);
  } finally {
    await stopBenchServer(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
