/**
 * Catalogue read throughput and latency versus a bare Fastify hello-world, same machine, same run.
 * Goal (ARCHITECTURE.md): each catalogue read ≥ 35% of hello-world's requests/s, p99 ≤ 25 ms at
 * 100 connections, on the embedded database (PGlite).
 *
 * Then the cold mix: list (every filter, sort and page), search and product by id with a query that
 * changes on every request, against servers with the read cache off, on the default seed and on a
 * generated catalogue of 10,000 products; on PGlite, and on PostgreSQL when BENCH_DATABASE_URL names
 * a server whose user may create databases (two scratch databases are made and dropped).
 * Goal for the cold mix (10,000 products, 100 connections): PostgreSQL ≥ 5% of hello-world and
 * p99 ≤ 100 ms; PGlite p99 ≤ 250 ms and no timeouts.
 *
 *   npm run bench:api            (DURATION=10 CONNECTIONS=100 BENCH_DATABASE_URL=postgres://...
 *                                 COLD_ONLY=1 to skip the hot runs, LARGE_PRODUCTS=10000)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import { coldMixRequests, readCatalogueFacts } from './cold-mix.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 100);
const children: ChildProcess[] = [];

function startServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-servers.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server ${args[0]} exited with ${code}`)));
  });
}

interface Figures {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
}

/** What a browser sends: catalogue answers then leave compressed, as they do for shoppers. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

async function measure(
  url: string,
  conns = connections,
  headers: Record<string, string> = browserHeaders,
): Promise<Figures> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ url, connections: conns, duration: 2, headers });
  const result = await autocannon({ url, connections: conns, duration, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.non2xx,
  };
}

const row = (label: string, figures: Figures, hello: number) => ({
  endpoint: label,
  'req/s': Math.round(figures.rps),
  'p50 ms': figures.p50,
  'p99 ms': figures.p99,
  ratio: `${((figures.rps / hello) * 100).toFixed(1)}%`,
  errors: figures.errors,
});

async function hotRuns(hello: number, dataDir: string) {
  await startServer(['shop', '4102', dataDir]);
  const list = (await (await fetch('http://127.0.0.1:4102/api/product/products')).json()) as any;
  const paths = {
    'GET /api/product/products': '/api/product/products',
    'GET /api/product/{id}': `/api/product/${list.data.products[0]._id}`,
    'GET /api/product/search?q=lace': '/api/product/search?q=lace',
  };
  console.log('\nHot: one URL repeated (answered by the read cache), browser accept-encoding:');
  const rows = [];
  for (const [label, path] of Object.entries(paths)) {
    rows.push(row(label, await measure(`http://127.0.0.1:4102${path}`), hello));
  }
  console.table(rows);
  console.log('\nThe same reads without accept-encoding (uncompressed JSON):');
  const plainRows = [];
  for (const [label, path] of Object.entries(paths)) {
    plainRows.push(
      row(label, await measure(`http://127.0.0.1:4102${path}`, connections, {}), hello),
    );
  }
  console.table(plainRows);
}

/** The cold mix against one shop server (read cache off) on the given database. */
async function coldRuns(label: string, port: number, hello: number) {
  const base = `http://127.0.0.1:${port}`;
  const requests = coldMixRequests(await readCatalogueFacts(base));
  const rows = [];
  for (const [name, request] of Object.entries(requests)) {
    const options = { url: base, connections, headers: browserHeaders, requests: [request] };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration });
    rows.push(
      row(
        `${label}: ${name}`,
        {
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx + result.timeouts,
        },
        hello,
      ),
    );
  }
  return rows;
}

async function main() {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const drops: (() => Promise<void>)[] = [];
  const large = String(process.env.LARGE_PRODUCTS ?? 10_000);
  try {
    await startServer(['hello', '4101']);
    console.log(
      `autocannon: ${connections} connections, ${duration} s per run, 2 s warm-up, browser accept-encoding`,
    );
    const hello = (await measure('http://127.0.0.1:4101/')).rps;
    console.log(`bare Fastify hello-world: ${Math.round(hello)} req/s`);
    if (!process.env.COLD_ONLY) await hotRuns(hello, tempDir('shop-bench-'));

    const cold = { CATALOGUE_CACHE_TTL_MS: '0' };
    const setups: { label: string; env: NodeJS.ProcessEnv }[] = [
      { label: 'PGlite, seed', env: cold },
      { label: `PGlite, ${large} products`, env: { ...cold, SEED_PRODUCTS: large } },
    ];
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (adminUrl) {
      for (const [name, env] of [
        ['seed', cold],
        [`${large} products`, { ...cold, SEED_PRODUCTS: large }],
      ] as const) {
        const database = (await createScratchDatabase(
          `shop_bench_${name.replace(/\W+/g, '_')}`,
          adminUrl,
        ))!;
        drops.push(database.drop);
        setups.push({ label: `PostgreSQL, ${name}`, env: { ...env, DATABASE_URL: database.url } });
      }
    }
    console.log('\nCold: the query changes on every request, read cache off:');
    const rows = [];
    let port = 4110;
    for (const setup of setups) {
      port += 1;
      const server = await startServer(
        ['shop', String(port), tempDir('shop-bench-cold-')],
        setup.env,
      );
      rows.push(...(await coldRuns(setup.label, port, hello)));
      server.kill('SIGKILL');
    }
    console.table(rows);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    for (const drop of drops) await drop().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

await main();
