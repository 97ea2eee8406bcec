/**
 * Catalogue read throughput and latency versus a bare Fastify hello-world, same machine, same run.
 * Goal (ARCHITECTURE.md): each catalogue read ≥ 35% of hello-world's requests/s, p99 ≤ 25 ms at
 * 100 connections, on the embedded database (PGlite).
 *
 *   npm run bench:api            (DURATION=10 CONNECTIONS=100 to change the defaults)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 100);
const children: ChildProcess[] = [];

function startServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-servers.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const coldDataDir = mkdtempSync(join(tmpdir(), 'shop-bench-cold-'));
  try {
    await startServer(['hello', '4101']);
    await startServer(['shop', '4102', dataDir]);
    await startServer(['shop', '4103', coldDataDir], { CATALOGUE_CACHE_TTL_MS: '0' });

    // Each server seeded its own database, so product ids differ between them.
    const pathsOn = async (base: string) => {
      const list = (await (await fetch(`${base}/api/product/products`)).json()) as any;
      return {
        'GET /api/product/products': '/api/product/products',
        'GET /api/product/{id}': `/api/product/${list.data.products[0]._id}`,
        'GET /api/product/search?q=lace': '/api/product/search?q=lace',
      };
    };
    const paths = await pathsOn('http://127.0.0.1:4102');

    console.log(
      `autocannon: ${connections} connections, ${duration} s per run, 2 s warm-up, browser accept-encoding\n`,
    );
    const hello = await measure('http://127.0.0.1:4101/');
    const rows: Record<string, string | number>[] = [
      {
        endpoint: 'bare Fastify hello-world',
        'req/s': Math.round(hello.rps),
        'p50 ms': hello.p50,
        'p99 ms': hello.p99,
        ratio: '100%',
        errors: hello.errors,
      },
    ];
    for (const [label, path] of Object.entries(paths)) {
      const figures = await measure(`http://127.0.0.1:4102${path}`);
      rows.push({
        endpoint: label,
        'req/s': Math.round(figures.rps),
        'p50 ms': figures.p50,
        'p99 ms': figures.p99,
        ratio: `${((figures.rps / hello.rps) * 100).toFixed(1)}%`,
        errors: figures.errors,
      });
    }
    console.table(rows);

    console.log('\nThe same reads without accept-encoding (uncompressed JSON):');
    const plainRows: Record<string, string | number>[] = [];
    for (const [label, path] of Object.entries(paths)) {
      const figures = await measure(`http://127.0.0.1:4102${path}`, connections, {});
      plainRows.push({
        endpoint: label,
        'req/s': Math.round(figures.rps),
        'p50 ms': figures.p50,
        'p99 ms': figures.p99,
        ratio: `${((figures.rps / hello.rps) * 100).toFixed(1)}%`,
        errors: figures.errors,
      });
    }
    console.table(plainRows);

    console.log(
      '\nSame reads with the catalogue cache off (every request reaches PGlite), 10 connections:',
    );
    const coldRows: Record<string, string | number>[] = [];
    for (const [label, path] of Object.entries(await pathsOn('http://127.0.0.1:4103'))) {
      const figures = await measure(`http://127.0.0.1:4103${path}`, 10);
      coldRows.push({
        endpoint: label,
        'req/s': Math.round(figures.rps),
        'p50 ms': figures.p50,
        'p99 ms': figures.p99,
        errors: figures.errors,
      });
    }
    console.table(coldRows);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(coldDataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

await main();
