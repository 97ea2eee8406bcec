/** What the money-path benchmarks share: a server process of their own, JSON calls, and a run. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  plannedVariants,
  type MediaCollection,
} from '../apps/api/src/features/media/media-variants.ts';

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
      // A bench's few shoppers place and verify far more than a shopper's hourly allowance.
      ORDERS_PER_ACCOUNT_PER_HOUR: '1000000',
      VERIFICATIONS_PER_ACCOUNT_PER_MINUTE: '1000000',
      // All of a bench's load comes from one address: the per-network limits would measure refusals.
      GUEST_CART_REQUESTS_PER_MINUTE: '100000',
      PINCODE_LOOKUPS_PER_MINUTE: '100000',
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

// --- shoppers with a cart each: orders are placed from the signed-in shopper's cart -----------

/** A colour and size of the catalogue, with what the storefront sends along in a cart line. */
export interface BenchVariant {
  product: string;
  colorName: string;
  colorHex: string;
  size: string;
  image: string;
}

/** Every colour and size of the first 200 products with at least `minStock` units. */
export async function stockedVariants(base: string, minStock: number): Promise<BenchVariant[]> {
  const variants: BenchVariant[] = [];
  for (let page = 1; page <= 2; page += 1) {
    const list = await callShop(base, 'GET', `/api/product/products?limit=100&page=${page}`);
    for (const product of list.data.products as any[]) {
      for (const color of product.colors) {
        for (const entry of color.sizeStock) {
          if (entry.stock >= minStock) {
            variants.push({
              product: product._id,
              colorName: color.colorName,
              colorHex: color.colorHex,
              size: entry.size,
              image: color.images[0],
            });
          }
        }
      }
    }
  }
  if (variants.length === 0) throw new Error(`no size with ${minStock} units in the catalogue`);
  return variants;
}

/** The body Add To Cart sends for one unit of `variant` (sizes travel in lower case). */
export function addToCartBody(variant: BenchVariant) {
  return {
    product: variant.product,
    quantity: 1,
    size: variant.size.toLowerCase(),
    color: { colorName: variant.colorName, colorHex: variant.colorHex },
    selectedImage: variant.image,
  };
}

/** The checkout's order payload for a cart that holds one unit of `variant`: its one line. */
export function orderBodyFor(variant: BenchVariant) {
  return {
    items: [
      {
        product: variant.product,
        quantity: 1,
        size: variant.size.toLowerCase(),
        color: { colorName: variant.colorName, colorHex: variant.colorHex },
        productImage: variant.image,
      },
    ],
    shippingAddress: {
      name: 'Bench Buyer',
      addressLine1: '1 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      phone: '9876543210',
    },
    paymentMethod: 'razorpay',
  };
}

/**
 * Signs up `count` shoppers, spread over `bases` in turn; answers their tokens. Sign-ups count
 * 50 an hour per address in a database, so a bench signs up at most 50 on a fresh one.
 */
export async function signUpShoppers(bases: string[], count: number, tag: string) {
  const tokens: string[] = [];
  const stamp = Date.now();
  for (let i = 0; i < count; i += 1) {
    const signup = await callShop(bases[i % bases.length]!, 'POST', '/api/auth/signup', {
      firstName: 'Bench',
      lastName: 'Buyer',
      email: `bench.${tag}.${stamp}.${i}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    });
    if (!signup.success) throw new Error(`sign-up: ${JSON.stringify(signup)}`);
    tokens.push(signup.data.accessToken as string);
  }
  return tokens;
}

/** A shopper whose cart holds one unit of `variant`. */
export interface BenchCart {
  token: string;
  variant: BenchVariant;
}

/** Empties each shopper's server cart and puts one unit of its variant in it. */
export async function fillCarts(base: string, carts: readonly BenchCart[]) {
  for (const cart of carts) {
    await callShop(base, 'DELETE', '/api/cart/clear', undefined, cart.token);
    const added = await callShop(
      base,
      'POST',
      '/api/cart',
      addToCartBody(cart.variant),
      cart.token,
    );
    if (!added.success) throw new Error(`add to cart: ${JSON.stringify(added)}`);
  }
}

/**
 * autocannon options that give each connection a shopper of its own, in the order connections
 * are made (so connection i sends to the i-th URL and places the i-th cart): every request of a
 * connection places that shopper's cart (`POST /api/order` naming exactly its line). A cart is
 * never placed by two connections at once. The first few refusals are kept for the report.
 */
export function placingEachCart(carts: readonly BenchCart[]) {
  let next = 0;
  const refusals: string[] = [];
  const setupClient = (client: autocannon.Client) => {
    const cart = carts[next++ % carts.length]!;
    client.setRequests([
      {
        method: 'POST',
        path: '/api/order',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cart.token}` },
        body: JSON.stringify(orderBodyFor(cart.variant)),
        onResponse: (status, body) => {
          if (status >= 300 && refusals.length < 5)
            refusals.push(`${status} ${body.slice(0, 200)}`);
        },
      },
    ]);
  };
  return { setupClient, refusals };
}

/** JSON calls over keep-alive connections (at most `sockets` at once), timed by the caller. */
/**
 * `sockets` kept-alive connections to `base`. With `compressed`, each request asks for brotli or
 * gzip as a browser does (the shop then compresses answers over 1 KB), and answers are unpacked.
 */
export function keepAliveClient(
  base: string,
  sockets: number,
  { compressed = false }: { compressed?: boolean } = {},
) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  const call = (
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: any }> => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(compressed ? { 'accept-encoding': 'br, gzip' } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const text = (
              encoding === 'br'
                ? brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? gunzipSync(raw)
                  : raw
            ).toString();
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: kept as text for the report
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return { call, close: () => agent.destroy() };
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function countFiles(path: string): number {
  try {
    return readdirSync(path, { withFileTypes: true }).reduce(
      (sum, entry) =>
        sum + (entry.isDirectory() ? countFiles(join(path, entry.name)) : entry.isFile() ? 1 : 0),
      0,
    );
  } catch {
    return 0;
  }
}

/**
 * Waits until a shop on a fresh data folder has stored every rendition the storefront uses of
 * every picture (its render queue works through them in the background after start), so a
 * measurement sees the shop as it runs once settled. Answers the seconds waited, or undefined
 * when the folder has no local media.
 */
export async function waitForRenditions(dataDir: string): Promise<number | undefined> {
  const mediaDir = join(dataDir, 'media');
  if (!existsSync(join(mediaDir, 'originals'))) return undefined;
  const expected = readdirSync(join(mediaDir, 'originals')).reduce(
    (sum, collection) =>
      sum +
      countFiles(join(mediaDir, 'originals', collection)) *
        plannedVariants(collection as MediaCollection).length,
    0,
  );
  const started = performance.now();
  while (countFiles(join(mediaDir, 'variants')) < expected) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return (performance.now() - started) / 1000;
}

/**
 * `waitForRenditions` unless SETTLED=0 (to measure a fresh shop while it renders), saying how
 * long it waited. Measured during the rendering, a paid order looked 6–7 ms dearer than it is and
 * place-order's p99 on the embedded database passed a second.
 */
export async function settleShop(dataDir: string, label: string): Promise<void> {
  if (process.env.SETTLED === '0') return;
  const waited = await waitForRenditions(dataDir);
  if (waited !== undefined)
    console.error(`${label}: pictures rendered after ${waited.toFixed(0)} s`);
}

function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  for (const version of readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/**
 * A throwaway PostgreSQL cluster with the binaries found here, as scripts/test.mjs starts one (as
 * the postgres user when root; fsync off); undefined when there are none. `preload` names
 * libraries for `shared_preload_libraries` (pg_stat_statements, to count statements); `settings`
 * are further `name=value` settings of the server.
 */
export async function startPostgres(
  options: { preload?: string[]; settings?: string[] } = {},
): Promise<{ url: string; stop: () => void } | undefined> {
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [command, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    return spawnSync(command!, rest, { stdio: 'ignore' }).status === 0;
  };
  if (asRoot) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  const stop = () => {
    run([join(bin, 'pg_ctl'), '-D', dir, '-m', 'fast', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  const started =
    run([join(bin, 'initdb'), '-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']) &&
    run([
      join(bin, 'pg_ctl'),
      '-D',
      dir,
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off` +
        (options.preload?.length
          ? ` -c shared_preload_libraries=${options.preload.join(',')}`
          : '') +
        (options.settings ?? []).map((setting) => ` -c ${setting}`).join(''),
      '-w',
      'start',
    ]);
  if (!started) {
    stop();
    return undefined;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
