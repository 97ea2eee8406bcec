/**
 * The money path as shoppers use it: SHOPPERS signed-in shoppers at once (20), each looping clear
 * cart → add to cart → place order → initiate payment → simulator pay → verify, against the
 * compiled server (`npm run build -w @shop/api` first), for DURATION seconds (20) after a WARMUP
 * (5 s), or until MAX_ORDERS orders are paid in the measured window. Reports paid orders per
 * second, p50/p99 of each step, and the CPU each paid order costs: the shop process per thread
 * (from /proc) and, on PostgreSQL, the cluster's processes (backends, checkpointer, WAL writer),
 * beside a bare Fastify hello-world called by the same client in the same run.
 *
 * On PGlite, and on PostgreSQL: BENCH_DATABASE_URL names a server whose user may create databases
 * (a scratch database is made and dropped; its CPU is read only when it runs on this machine), or
 * else a throwaway cluster is started with the PostgreSQL binaries found here (fsync off, as the
 * test runner's). Each size's stock is raised first so the loop never runs out.
 *
 *   npm run bench:money-loop   (SHOPPERS=20 WARMUP=5 DURATION=20 MAX_ORDERS=50000 RUNS=1
 *                               DATABASES=pglite,postgres BENCH_DATABASE_URL=postgres://...
 *                               SETTLED=0 to measure before the seeded pictures are rendered,
 *                               STATEMENTS=1 to preload pg_stat_statements in the throwaway
 *                               cluster and report statements and transactions per paid order;
 *                               STATEMENTS=nested counts those inside database functions too)
 *
 * Goal (ARCHITECTURE.md): every step p99 ≤ 50 ms on PostgreSQL in this loop.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import {
  callShop,
  freePort,
  keepAliveClient,
  settleShop,
  startBenchServer,
  startPostgres,
  stopBenchServer,
} from './shop-process.ts';

const shoppers = Number(process.env.SHOPPERS ?? 20);
const warmUpSeconds = Number(process.env.WARMUP ?? 5);
const durationSeconds = Number(process.env.DURATION ?? 20);
const maxOrders = Number(process.env.MAX_ORDERS ?? 50_000);
const runs = Number(process.env.RUNS ?? 1);
const databases = (process.env.DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
/**
 * Counts statements with pg_stat_statements (it costs PostgreSQL a little CPU of its own);
 * `STATEMENTS=nested` counts the statements inside database functions too.
 */
const countNested = process.env.STATEMENTS === 'nested';
const countStatements = process.env.STATEMENTS === '1' || countNested;
/** /proc counts CPU time in clock ticks of this length (getconf CLK_TCK). */
const TICK_MS =
  1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout || 100);

const STEPS = ['clear', 'add', 'place', 'initiate', 'pay', 'verify'] as const;
type Step = (typeof STEPS)[number];
const stepNames: Record<Step, string> = {
  clear: 'DELETE /api/cart/clear',
  add: 'POST /api/cart',
  place: 'POST /api/order',
  initiate: 'POST /api/payments/initiate',
  pay: 'POST /api/payments/simulator/pay',
  verify: 'POST /api/payments/verify',
};

// --- the client: plain keep-alive HTTP, one connection per shopper ----------------------------

interface Answer {
  status: number;
  body: any;
}

/** One keep-alive client per server address, shared by every shopper's loop. */
const clients = new Map<string, ReturnType<typeof keepAliveClient>>();

function call(
  base: URL,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  let client = clients.get(base.origin);
  if (!client) {
    // As a browser asks: answers over 1 KB come compressed (COMPRESSED=0 asks for them plain).
    client = keepAliveClient(base.origin, shoppers, { compressed: process.env.COMPRESSED !== '0' });
    clients.set(base.origin, client);
  }
  return client.call(method, path, body, token);
}

// --- CPU from /proc ---------------------------------------------------------------------------

interface ProcStat {
  ppid: number;
  /** utime + stime, in ms. */
  cpu: number;
  /** cutime + cstime (children waited for), in ms. */
  childCpu: number;
}

function readStat(path: string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  // The name in parentheses may hold spaces: the fields are read after its closing parenthesis,
  // starting with field 3 (state).
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return {
    ppid: field(4),
    cpu: (field(14) + field(15)) * TICK_MS,
    childCpu: (field(16) + field(17)) * TICK_MS,
  };
}

/** CPU of each thread of a process, by thread id. */
function threadCpu(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readStat(`/proc/${pid}/task/${tid}/stat`);
    if (stat) threads.set(Number(tid), stat.cpu);
  }
  return threads;
}

/**
 * CPU of a PostgreSQL cluster: the postmaster, its live children (backends, checkpointer, WAL
 * writer, autovacuum), and the children that have exited (counted in the postmaster's cutime).
 */
function clusterCpu(postmaster: number): number {
  const main = readStat(`/proc/${postmaster}/stat`);
  if (!main) return NaN;
  let total = main.cpu + main.childCpu;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    if (stat?.ppid === postmaster) total += stat.cpu;
  }
  return total;
}

/** Busy and total CPU time of the whole machine (all cores), from /proc/stat. */
function machineCpu() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.slice(0, 8).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

/** Threads of `pid` waiting in epoll_wait (232) or epoll_pwait (281) on x86-64: event loops. */
function eventLoopThreads(pid: number, into: Set<number>) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const call = readFileSync(`/proc/${pid}/task/${tid}/syscall`, 'utf8').split(' ')[0];
      if (call === '232' || call === '281') into.add(Number(tid));
    } catch {
      // gone
    }
  }
}

/**
 * Names the shop's threads. On Node 20 every thread's `comm` is "node", so they are told apart by
 * what they wait on (sampled several times: a busy thread shows no system call) and by the order
 * Node creates them: the main thread (JavaScript and, on PGlite, the database), the platform's
 * delayed-task thread (an event loop), V8's 4 platform workers (GC, compiling), the signal
 * thread, then libuv's pool of 4 when first used (file writes, argon2, zlib); an event loop
 * started later is a worker thread: the mail thread.
 */
function nameThreads(pid: number, loops: Set<number>): Map<number, string> {
  const names = new Map<number, string>();
  const tids = [...threadCpu(pid).keys()].sort((a, b) => a - b);
  const otherLoops = tids.filter((tid) => tid !== pid && loops.has(tid));
  const waiting = tids.filter((tid) => tid !== pid && !loops.has(tid));
  names.set(pid, 'main thread');
  otherLoops.forEach((tid, i) => names.set(tid, i === 0 ? 'other threads' : 'mail thread'));
  const v8Pool = 4;
  const uvPool = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  waiting.forEach((tid, i) =>
    names.set(
      tid,
      i < v8Pool
        ? 'V8 platform workers (GC)'
        : i > v8Pool && i <= v8Pool + uvPool
          ? 'libuv pool'
          : 'other threads',
    ),
  );
  return names;
}

const THREAD_GROUPS = [
  'main thread',
  'mail thread',
  'libuv pool',
  'V8 platform workers (GC)',
  'other threads',
];

interface CpuSnapshot {
  process: number;
  threads: Map<number, number>;
  cluster: number;
  client: number;
  machine: { busy: number; total: number };
}

function snapshot(pid: number, postmaster: number | undefined): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    process: readStat(`/proc/${pid}/stat`)!.cpu,
    threads: threadCpu(pid),
    cluster: postmaster === undefined ? NaN : clusterCpu(postmaster),
    client: (usage.user + usage.system) / 1000,
    machine: machineCpu(),
  };
}

// --- one measured run -------------------------------------------------------------------------

interface Variant {
  product: string;
  name: string;
  colorName: string;
  colorHex: string;
  size: string;
  image: string;
}

const address = {
  name: 'Asha Rao',
  addressLine1: '12 MG Road',
  addressLine2: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
};

/** The bodies the storefront sends (apps/api/test/cart-helpers.ts and order-helpers.ts). */
const addBody = (v: Variant) => ({
  product: v.product,
  quantity: 1,
  size: v.size.toLowerCase(),
  color: { colorName: v.colorName, colorHex: v.colorHex },
  selectedImage: v.image,
});
const orderBody = (v: Variant) => ({
  items: [
    {
      product: v.product,
      quantity: 1,
      size: v.size.toLowerCase(),
      color: { colorName: v.colorName, colorHex: v.colorHex },
      productImage: v.image,
      productName: v.name,
      priceAtPurchase: 1,
    },
  ],
  shippingAddress: address,
  paymentMethod: 'razorpay',
  notes: '',
  subtotal: 1,
  totalDiscountAmount: 0,
  shippingCharge: 0,
  total: 1,
});

async function variantsOf(base: string): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (let page = 1; page <= 2; page += 1) {
    const list = await callShop(base, 'GET', `/api/product/products?limit=100&page=${page}`);
    for (const product of list.data.products as any[]) {
      for (const color of product.colors) {
        for (const entry of color.sizeStock) {
          if (entry.stock >= 1000) {
            variants.push({
              product: product._id,
              name: product.name,
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
  if (variants.length === 0) throw new Error('no well-stocked size in the catalogue');
  return variants;
}

interface RunResult {
  label: string;
  paid: number;
  seconds: number;
  latencies: Record<Step, number[]>;
  /** With one shopper: the main thread's CPU while each step's call was answered, summed. */
  stepCpu: Record<Step, number>;
  errors: Record<Step, number>;
  firstErrors: string[];
  cpu: { before: CpuSnapshot; after: CpuSnapshot; names: Map<number, string> };
  statements?: StatementCounts;
}

// --- statements per paid order (pg_stat_statements) ---------------------------------------------

interface StatementCounts {
  calls: number;
  commits: number;
  top: { calls: number; totalMs: number; meanMs: number; query: string }[];
}

/** Empties pg_stat_statements and answers the database's committed transactions so far. */
async function startCounting(client: pg.Client): Promise<number> {
  await client.query('select pg_stat_statements_reset()');
  const { rows } = await client.query<{ commits: string }>(
    'select xact_commit as commits from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]!.commits);
}

/** What the database ran since `startCounting`, by statement. */
async function statementCounts(client: pg.Client, commitsBefore: number): Promise<StatementCounts> {
  // The statistics collector publishes a backend's counts when it goes idle: wait for that.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const { rows } = await client.query<{
    calls: string;
    total: number;
    mean: number;
    query: string;
  }>(
    `select calls, total_exec_time as total, mean_exec_time as mean,
       regexp_replace(query, '\\s+', ' ', 'g') as query
     from pg_stat_statements join pg_database d on d.oid = dbid
     where d.datname = current_database()
       and query not ilike '%pg_stat_statements%' and query not ilike '%pg_stat_database%'
     order by total_exec_time desc`,
  );
  const { rows: db } = await client.query<{ commits: string }>(
    'select xact_commit as commits from pg_stat_database where datname = current_database()',
  );
  return {
    calls: rows.reduce((sum, row) => sum + Number(row.calls), 0),
    commits: Number(db[0]!.commits) - commitsBefore,
    top: rows.slice(0, 40).map((row) => ({
      calls: Number(row.calls),
      totalMs: row.total,
      meanMs: row.mean,
      query: row.query,
    })),
  };
}

/** Runs the loop against a shop; answers what the measured window saw. */
async function loop(
  label: string,
  base: URL,
  pid: number,
  postmaster: number | undefined,
  statementsClient: pg.Client | undefined,
) {
  const baseText = base.toString().replace(/\/$/, '');
  const variants = await variantsOf(baseText);
  const tokens: string[] = [];
  const stamp = Date.now();
  for (let i = 0; i < shoppers; i += 1) {
    const signup = await callShop(baseText, 'POST', '/api/auth/signup', {
      firstName: 'Bench',
      lastName: 'Shopper',
      email: `bench.money.${stamp}.${i}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    });
    if (!signup.success) throw new Error(`sign-up: ${JSON.stringify(signup)}`);
    tokens.push(signup.data.accessToken);
  }

  const latencies = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<
    Step,
    number[]
  >;
  const errors = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  const stepCpu = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  // One shopper's calls come one at a time: the main thread's CPU between a call's start and end
  // is that call's (give or take a webhook or a mail landing meanwhile; /proc counts in ticks,
  // which average out over thousands of calls).
  const mainThreadCpu = () =>
    shoppers === 1 ? (readStat(`/proc/${pid}/task/${pid}/stat`)?.cpu ?? 0) : 0;
  const firstErrors: string[] = [];
  let measuring = false;
  let stopping = false;
  let paid = 0;
  let windowStart = 0;
  let windowEnd = 0;
  let before: CpuSnapshot | undefined;
  let after: CpuSnapshot | undefined;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const endWindow = () => {
    if (!measuring) return;
    after = snapshot(pid, postmaster);
    windowEnd = performance.now();
    measuring = false;
    stopping = true;
    finish();
  };
  let commitsBefore = 0;
  const warmUp = setTimeout(() => {
    void (async () => {
      if (statementsClient) commitsBefore = await startCounting(statementsClient);
      before = snapshot(pid, postmaster);
      windowStart = performance.now();
      measuring = true;
    })();
  }, warmUpSeconds * 1000);
  const deadline = setTimeout(endWindow, (warmUpSeconds + durationSeconds) * 1000);

  let turn = 0;
  async function shopper(token: string) {
    const timed = async (step: Step, answer: () => Promise<Answer>) => {
      const started = performance.now();
      const cpuBefore = mainThreadCpu();
      const result = await answer();
      // A call counts in the window it ends in.
      if (measuring) {
        latencies[step].push(performance.now() - started);
        stepCpu[step] += mainThreadCpu() - cpuBefore;
        if (result.body?.success !== true) errors[step] += 1;
      }
      if (result.body?.success !== true) {
        if (firstErrors.length < 5) {
          firstErrors.push(
            `${step}: ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`,
          );
        }
        return undefined;
      }
      return result.body.data;
    };
    while (!stopping) {
      const variant = variants[turn++ % variants.length]!;
      if (
        (await timed('clear', () => call(base, 'DELETE', '/api/cart/clear', undefined, token))) ===
        undefined
      )
        continue;
      if (stopping) break;
      if (
        (await timed('add', () => call(base, 'POST', '/api/cart', addBody(variant), token))) ===
        undefined
      )
        continue;
      if (stopping) break;
      const order = await timed('place', () =>
        call(base, 'POST', '/api/order', orderBody(variant), token),
      );
      if (!order || stopping) continue;
      const initiated = await timed('initiate', () =>
        call(
          base,
          'POST',
          '/api/payments/initiate',
          { orderId: order.orderId, method: 'razorpay' },
          token,
        ),
      );
      if (!initiated || stopping) continue;
      const payment = await timed('pay', () =>
        call(
          base,
          'POST',
          '/api/payments/simulator/pay',
          { razorpayOrderId: initiated.razorpayOrderId, outcome: 'success' },
          token,
        ),
      );
      if (!payment || stopping) continue;
      const verifying = measuring;
      const verified = await timed('verify', () =>
        call(base, 'POST', '/api/payments/verify', payment, token),
      );
      if (verified !== undefined && verifying && measuring) {
        paid += 1;
        if (paid >= maxOrders) endWindow();
      }
    }
  }
  await Promise.all([...tokens.map((token) => shopper(token)), finished]);
  clearTimeout(warmUp);
  clearTimeout(deadline);
  const statements = statementsClient
    ? await statementCounts(statementsClient, commitsBefore)
    : undefined;
  // Every thread idle again: what each waits on tells them apart.
  const loops = new Set<number>();
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    eventLoopThreads(pid, loops);
  }
  const names = nameThreads(pid, loops);
  return {
    label,
    paid,
    seconds: (windowEnd - windowStart) / 1000,
    latencies,
    stepCpu,
    errors,
    firstErrors,
    cpu: { before: before!, after: after!, names },
    ...(statements ? { statements } : {}),
  } satisfies RunResult;
}

// --- the hello-world yardstick, called by the same client ---------------------------------------

/**
 * Requests per second, latencies, and the CPU the hello-world process spends per request: the
 * machine's speed in this run, which the paid order's CPU is also given in. It corrects for a
 * machine slower all through a run, not for a neighbour busy during only part of it.
 */
async function helloWorld(base: URL, pid: number) {
  const seconds = Math.max(5, durationSeconds / 2);
  const latencies: number[] = [];
  let measuring = false;
  let stopping = false;
  let windowStart = 0;
  let windowEnd = 0;
  let cpuStart = 0;
  let cpuEnd = 0;
  const processCpu = () => readStat(`/proc/${pid}/stat`)?.cpu ?? NaN;
  const started = setTimeout(() => {
    measuring = true;
    windowStart = performance.now();
    cpuStart = processCpu();
  }, 2_000);
  const stopped = setTimeout(
    () => {
      measuring = false;
      stopping = true;
      windowEnd = performance.now();
      cpuEnd = processCpu();
    },
    2_000 + seconds * 1000,
  );
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (!stopping) {
        const t = performance.now();
        await call(base, 'GET', '/');
        if (measuring) latencies.push(performance.now() - t);
      }
    }),
  );
  clearTimeout(started);
  clearTimeout(stopped);
  return {
    rate: latencies.length / ((windowEnd - windowStart) / 1000),
    latencies,
    cpuPerRequest: (cpuEnd - cpuStart) / latencies.length,
  };
}

type HelloWorld = Awaited<ReturnType<typeof helloWorld>>;

// --- PostgreSQL ---------------------------------------------------------------------------------

/** The postmaster's pid of the server at `url`, when it runs on this machine. */
async function postmasterOf(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const parent = readStat(`/proc/${rows[0]!.pid}/stat`)?.ppid;
    if (!parent) return undefined;
    return readFileSync(`/proc/${parent}/comm`, 'utf8').trim() === 'postgres' ? parent : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

// --- reporting ----------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
const ms = (value: number) => fixed(value, 1);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function report(results: RunResult[], hello: HelloWorld, load: number[]) {
  const lines: string[] = [];
  const helloSorted = [...hello.latencies].sort((a, b) => a - b);
  lines.push(
    `${shoppers} shoppers, ${warmUpSeconds} s warm-up, ${durationSeconds} s measured (or ${maxOrders} paid orders); ` +
      `load average before: ${load.map((l) => l.toFixed(2)).join(' ')}`,
    '',
    row([
      'run',
      'paid orders',
      'window s',
      'paid orders/s',
      'errors',
      'machine busy',
      'client CPU',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const r of results) {
    const { before, after } = r.cpu;
    const busy =
      (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total);
    const client = (after.client - before.client) / (r.seconds * 1000);
    lines.push(
      row([
        r.label,
        r.paid,
        r.seconds.toFixed(1),
        (r.paid / r.seconds).toFixed(1),
        STEPS.reduce((sum, s) => sum + r.errors[s], 0),
        `${(busy * 100).toFixed(0)} %`,
        `${(client * 100).toFixed(0)} % of a core`,
      ]),
    );
  }
  lines.push(
    row([
      'bare Fastify hello-world (GET /, same client)',
      '',
      '',
      `${hello.rate.toFixed(0)} req/s`,
      '',
      '',
      `server: ${ms(hello.cpuPerRequest * 1000)} µs CPU per request`,
    ]),
    '',
    'Latency of each step in the loop, ms (p50 / p99):',
    '',
    row(['step', ...results.map((r) => r.label)]),
    row(['---', ...results.map(() => '---:')]),
  );
  for (const step of STEPS) {
    lines.push(
      row([
        stepNames[step],
        ...results.map((r) => {
          const sorted = [...r.latencies[step]].sort((a, b) => a - b);
          return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))}`;
        }),
      ]),
    );
  }
  lines.push(
    row([
      'hello-world GET /',
      ...results.map(
        () => `${ms(percentile(helloSorted, 50))} / ${ms(percentile(helloSorted, 99))}`,
      ),
    ]),
    '',
    ...(shoppers === 1
      ? [
          "The main thread's CPU per call, ms (one shopper: each call's own):",
          '',
          row(['step', ...results.map((r) => r.label)]),
          row(['---', ...results.map(() => '---:')]),
          ...STEPS.map((step) =>
            row([
              stepNames[step],
              ...results.map((r) => fixed(r.stepCpu[step] / r.latencies[step].length, 2)),
            ]),
          ),
          '',
        ]
      : []),
    'CPU per paid order, ms (shop process per thread from /proc/<pid>/task/*/stat; PostgreSQL: every process of the cluster):',
    '',
    row(['where', ...results.map((r) => r.label)]),
    row(['---', ...results.map(() => '---:')]),
  );
  const perOrder = (r: RunResult, value: number) => ms(value / r.paid);
  const groupCpu = (r: RunResult, group: string) => {
    let total = 0;
    for (const [tid, cpu] of r.cpu.after.threads) {
      if ((r.cpu.names.get(tid) ?? 'other threads') !== group) continue;
      total += cpu - (r.cpu.before.threads.get(tid) ?? 0);
    }
    return total;
  };
  for (const group of THREAD_GROUPS) {
    lines.push(row([group, ...results.map((r) => perOrder(r, groupCpu(r, group)))]));
  }
  const processCpu = (r: RunResult) => r.cpu.after.process - r.cpu.before.process;
  const clusterCpuOf = (r: RunResult) => r.cpu.after.cluster - r.cpu.before.cluster;
  lines.push(
    row(['**shop process**', ...results.map((r) => `**${perOrder(r, processCpu(r))}**`)]),
    row(['PostgreSQL cluster', ...results.map((r) => perOrder(r, clusterCpuOf(r)))]),
    row([
      '**shop + database**',
      ...results.map(
        (r) =>
          `**${perOrder(r, processCpu(r) + (Number.isFinite(clusterCpuOf(r)) ? clusterCpuOf(r) : 0))}**`,
      ),
    ]),
    row([
      'shop process, in hello-world requests (their CPU measured once, before the runs)',
      ...results.map((r) => fixed(processCpu(r) / r.paid / hello.cpuPerRequest, 0)),
    ]),
    row([
      'load generator (this process)',
      ...results.map((r) => perOrder(r, r.cpu.after.client - r.cpu.before.client)),
    ]),
  );
  for (const r of results) {
    if (!r.statements) continue;
    const per = (n: number) => (n / r.paid).toFixed(2);
    lines.push(
      '',
      `${r.label}, pg_stat_statements over the window: ${per(r.statements.calls)} statements and ${per(r.statements.commits)} committed transactions per paid order; by total time:`,
      '',
      row(['calls / paid order', 'mean ms', 'total ms', 'statement']),
      row(['---:', '---:', '---:', '---']),
      ...r.statements.top.map((s) =>
        row([per(s.calls), s.meanMs.toFixed(3), s.totalMs.toFixed(0), s.query.slice(0, 140)]),
      ),
    );
  }
  const failures = results.flatMap((r) => r.firstErrors.map((e) => `${r.label}: ${e}`));
  if (failures.length > 0) lines.push('', 'First errors:', ...failures.map((f) => `- ${f}`));
  return lines.join('\n');
}

// --- main -----------------------------------------------------------------------------------------

async function main() {
  const load = loadavg();
  const cleanups: (() => Promise<void> | void)[] = [];
  const results: RunResult[] = [];
  let hello: HelloWorld;
  try {
    const helloPort = await freePort();
    const helloServer = await startBenchServer(['hello', String(helloPort)]);
    try {
      hello = await helloWorld(new URL(`http://127.0.0.1:${helloPort}`), helloServer.pid!);
    } finally {
      helloServer.kill('SIGTERM');
    }

    let postgresUrl = process.env.BENCH_DATABASE_URL;
    if (databases.includes('postgres') && !postgresUrl) {
      const cluster = await startPostgres(
        countStatements
          ? {
              preload: ['pg_stat_statements'],
              settings: countNested ? ['pg_stat_statements.track=all'] : [],
            }
          : {},
      );
      if (cluster) {
        cleanups.push(cluster.stop);
        postgresUrl = cluster.url;
      } else {
        console.warn('No PostgreSQL: set BENCH_DATABASE_URL or install its binaries. PGlite only.');
      }
    }

    for (let run = 1; run <= runs; run += 1) {
      for (const kind of databases) {
        if (kind === 'postgres' && !postgresUrl) continue;
        const label = `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${runs > 1 ? ` #${run}` : ''}`;
        const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-money-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        let databaseUrl: string | undefined;
        let postmaster: number | undefined;
        if (kind === 'postgres') {
          const scratch = (await createScratchDatabase('shop_bench_money', postgresUrl))!;
          cleanups.push(scratch.drop);
          databaseUrl = scratch.url;
          postmaster = await postmasterOf(databaseUrl);
        }
        const port = await freePort();
        const shop: ChildProcess = await startBenchServer(['shop', String(port), dataDir], {
          BENCH_STOCK: '1000000',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        });
        let statementsClient: pg.Client | undefined;
        if (countStatements && databaseUrl) {
          statementsClient = new pg.Client({ connectionString: databaseUrl });
          await statementsClient.connect();
          await statementsClient.query('create extension if not exists pg_stat_statements');
          const client = statementsClient;
          cleanups.push(() => client.end());
        }
        try {
          // A fresh shop renders its seeded pictures in the background for a while.
          await settleShop(dataDir, label);
          console.error(`${label}: running…`);
          results.push(
            await loop(
              label,
              new URL(`http://127.0.0.1:${port}`),
              shop.pid!,
              postmaster,
              statementsClient,
            ),
          );
        } finally {
          await stopBenchServer(shop);
        }
      }
    }
  } finally {
    for (const client of clients.values()) client.close();
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }
  console.log(report(results, hello, load));
}

await main();
process.exit(0);
