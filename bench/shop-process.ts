/** What the money-path benchmarks share: a server process of their own, JSON calls, and a run. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';

/**
 * The compiled server, as production runs it (`npm run build -w @shop/api` makes it);
 * BENCH_SHOP_SERVER names another build's server.js, to compare two builds.
 */
export const SHOP_SERVER =
  process.env.BENCH_SHOP_SERVER ??
  fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));

/** BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the server there when it stops. */
const profileFlags = () =>
  process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];

/** Runs a command to its end, or throws with what it printed. */
function runToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * Migrates and seeds the shop's database with the compiled seed command (`npm run seed`), then
 * raises every size's stock to at least `stock`, before the server opens it: a run of thousands
 * of orders then measures orders, not refusals of sizes sold out.
 */
async function stockShop(env: NodeJS.ProcessEnv, stock: number) {
  await runToEnd([join(dirname(SHOP_SERVER), 'seed.js')], env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR!, 'pglite'),
  });
  try {
    await database.db.execute(
      sql`update product_size_stock set stock = greatest(stock, ${stock}::int)`,
    );
  } finally {
    await database.close();
  }
}

/**
 * Starts a server in its own process: `['hello', port]` a bare Fastify hello-world (the
 * yardstick, from `bench/api-servers.ts`), or `['shop', port, dataDir]` the shop's compiled
 * server on the embedded database (on PostgreSQL with `DATABASE_URL` in `env`), with the payment
 * simulator. `BENCH_STOCK=N` in `env` raises every size's stock to at least N first.
 */
export async function startBenchServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const [mode, port, dataDir] = args;
  let command: string[];
  let childEnv: NodeJS.ProcessEnv;
  let ready: string;
  if (mode === 'shop') {
    if (!existsSync(SHOP_SERVER)) {
      throw new Error(`${SHOP_SERVER} is missing: run "npm run build -w @shop/api" first.`);
    }
    const { BENCH_STOCK, ...rest } = env;
    childEnv = {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'simulator',
      // A PostgreSQL database gets the demo catalogue too (the embedded one gets it anyway).
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...rest,
    };
    const stock = Number(BENCH_STOCK ?? 0);
    if (stock > 0) await stockShop(childEnv, stock);
    command = [...profileFlags(), '--enable-source-maps', SHOP_SERVER];
    ready = 'Shop running at';
  } else {
    childEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
    command = [...profileFlags(), '--import', 'tsx', 'bench/api-servers.ts', ...args];
    ready = 'ready';
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(ready)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server ${mode} exited with ${code}`)));
  });
}

/** A TCP port free on 127.0.0.1 at this moment. */
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

/** Stops a server started by `startBenchServer`, once it has closed its database. */
export function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** One JSON call to the shop, answering the parsed envelope. */
export async function callShop(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as any;
}

/** A row of figures for console.table. */
export function figures(label: string, result: autocannon.Result, hello?: number) {
  return {
    request: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    ...(hello
      ? { 'vs hello-world': `${((result.requests.average / hello) * 100).toFixed(1)}%` }
      : {}),
    errors: result.errors + result.non2xx,
  };
}

/** A 2-second warm-up, then the measured run. */
export async function measure(label: string, options: autocannon.Options, duration: number) {
  await autocannon({ ...options, duration: 2 });
  return figures(label, await autocannon({ ...options, duration }));
}
