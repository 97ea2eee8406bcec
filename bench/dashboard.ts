/**
 * The morning dashboard at scale: ORDERS paid orders (1,000,000) spread over the last two years on
 * PostgreSQL, then `GET /api/admin/dashboard` at CONNECTIONS (10) for DURATION seconds (10) per run:
 * each range alone (today, 7 days, 30 days, a custom 90-day range ending a month ago) and then all
 * four mixed (asking for a compressed answer, as a browser does), while today's figures keep changing (a change marked every CHANGE_EVERY_MS, 1000, as
 * orders arriving would; 0 for none), so visits recompute today as they do in production.
 *
 * The orders are written by a few set-based statements (generate_series, not one insert per order)
 * with their triggers off, then every day is marked changed once, as an import would; the first
 * visit then builds every day's rollup through the same job that keeps them in production.
 *
 * Beside the client's latencies it reports the server's own time per request (the request log's
 * `durationMs`, less affected by the machine's other work), the load average, and with
 * pg_stat_statements loaded (`shared_preload_libraries`) the dashboard's statements' mean times.
 * Build first: `npm run build -w @shop/api`.
 *
 *   npm run bench:dashboard   (ORDERS=1000000 CONNECTIONS=10 DURATION=10 CHANGE_EVERY_MS=1000
 *                              BENCH_DATABASE_URL=postgres://... or a throwaway cluster;
 *                              BENCH_KEEP=1 keeps the seeded database shop_bench_dashboard_<ORDERS>
 *                              there and reuses it on the next run)
 *
 * Goal (issue: back office part 1): p99 ≤ 100 ms at 1,000,000 orders on PostgreSQL.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { daysBefore, indiaToday } from '@shop/domain/dashboard';
import { createScratchDatabase } from '../apps/api/test/test-app.ts';
import {
  freePort,
  signUpShoppers,
  startBenchServer,
  startPostgres,
  stopBenchServer,
} from './shop-process.ts';

const orderCount = Number(process.env.ORDERS ?? 1_000_000);
const connections = Number(process.env.CONNECTIONS ?? 10);
const duration = Number(process.env.DURATION ?? 10);
const changeEveryMs = Number(process.env.CHANGE_EVERY_MS ?? 1000);
const keep = process.env.BENCH_KEEP === '1';

const address = {
  name: 'Bench Buyer',
  phone: '9876543210',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  country: 'India',
};

/**
 * ORDERS orders placed evenly over two years: one in 25 cancelled (refunded, one refund in 500 of
 * those failed for good), one in 5 paid in cash on delivery, the last ten days' still waiting to
 * be dispatched, one or two lines each, and a few payments held for review.
 */
async function seedOrders(url: string, userId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // An import: the rollup triggers are off while the rows go in; each day is marked once after.
    await client.query(`set local session_replication_role = replica`);
    await client.query(
      `insert into orders (order_number, user_id, status, payment_status, payment_method,
         subtotal_paise, total_paise, shipping_address, billing_address, payment_due_at, paid_at,
         created_at)
       select 'LB-BENCH-' || g, $1,
         case when g % 25 = 0 then 'cancelled'
           when t > now() - interval '10 days' then 'confirmed' else 'delivered' end,
         'paid', case when g % 5 = 0 then 'cod' else 'razorpay' end,
         89900 + (g % 50) * 1000, 89900 + (g % 50) * 1000, $2::jsonb, $2::jsonb, t, t, t
       from generate_series(1, $3::int) g,
         lateral (select now() - (g::double precision / $3::int) * interval '730 days' as t) x`,
      [userId, JSON.stringify(address), orderCount],
    );
    await client.query(
      `insert into orders (order_number, user_id, status, payment_status, subtotal_paise,
         total_paise, shipping_address, billing_address, payment_due_at, created_at)
       select 'LB-BENCH-REVIEW-' || g, $1, 'pending', 'payment_review', 99900, 99900,
         $2::jsonb, $2::jsonb, now() - g * interval '1 hour', now() - g * interval '1 hour'
       from generate_series(1, 20) g`,
      [userId, JSON.stringify(address)],
    );
    await client.query(
      `with products as (
         select array_agg(p.id order by p.id) as ids, array_agg(p.name order by p.id) as names,
           array_agg(c.slug order by p.id) as slugs, count(*)::int as n
         from products p join categories c on c.id = p.category_id)
       insert into order_items (order_id, product_id, product_name, product_image, color_name,
         color_hex, size, quantity, price_paise, item_total_paise, category_slug, position)
       select o.id, ps.ids[1 + (k + line) % ps.n], ps.names[1 + (k + line) % ps.n], '', 'Black',
         '#000000', (array['32b', '34b', '34c', '36c', '36d', 'm', 'l'])[1 + (k + line) % 7], 1,
         o.total_paise / (1 + k % 2), o.total_paise / (1 + k % 2), ps.slugs[1 + (k + line) % ps.n],
         line
       from orders o cross join products ps,
         lateral (select abs(hashtext(o.order_number)) as k) h,
         lateral generate_series(0, k % 2) line
       where o.order_number like 'LB-BENCH-%'`,
    );
    await client.query(
      `insert into refunds (order_id, provider_payment_id, amount_paise, reason, state)
       select id, 'pay_bench_' || order_number, total_paise, 'cancelled',
         case when row_number() over (order by id) % 500 = 0 then 'failed' else 'processed' end
       from orders where order_number like 'LB-BENCH-%' and status = 'cancelled'`,
    );
    await client.query(
      `insert into sales_changes (day)
       select distinct (created_at at time zone 'Asia/Kolkata')::date from orders`,
    );
    await client.query('commit');
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** A kept database named after the order count, created when missing (BENCH_KEEP=1). */
async function keptDatabase(adminUrl: string) {
  const name = `shop_bench_dashboard_${orderCount}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
  if (!rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU time (user + system) a local process has used, in ms; 0 once it is gone. */
function cpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU used so far by the server and by the database's backends for this database (local only). */
async function cpuNow(client: pg.Client, serverPid: number) {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return {
    server: cpuMs(serverPid),
    database: new Map(rows.map(({ pid }) => [pid, cpuMs(pid)])),
  };
}

/**
 * Waits until the server is quiet (under a fifth of a core for 2 s, at most 3 minutes): a shop
 * just started renders its pictures' variants in the background (minutes on a busy machine, once
 * per data directory), which would be measured too.
 */
async function settle(pid: number) {
  const until = Date.now() + 3 * 60_000;
  for (;;) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (cpuMs(pid) - before < 400 || Date.now() > until) return;
  }
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : await startPostgres();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url;
  if (!postgresUrl) throw new Error('No PostgreSQL: set BENCH_DATABASE_URL');
  const database =
    keep && process.env.BENCH_DATABASE_URL
      ? await keptDatabase(postgresUrl)
      : (await createScratchDatabase('shop_bench_dashboard', postgresUrl))!;
  // Kept too with BENCH_KEEP: the shop renders its pictures' variants into it once.
  const dataDir = keep
    ? join(tmpdir(), `shop-bench-dashboard-data-${orderCount}`)
    : mkdtempSync(join(tmpdir(), 'shop-bench-dashboard-'));
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  // The request log's one line per request gives the server's own time for each answer.
  const shop = await startBenchServer(['shop', String(port), dataDir], {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
  });
  let serverTimes: number[] = [];
  let partial = '';
  shop.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"durationMs"') || !line.includes('/admin/dashboard')) continue;
      serverTimes.push((JSON.parse(line) as { durationMs: number }).durationMs);
    }
  });
  const base = `http://127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let marking: NodeJS.Timeout | undefined;
  try {
    const [token] = await signUpShoppers([base], 1, 'dashboard');
    const { rows } = await client.query<{ id: string }>(
      `update users set role = 'owner' where email like 'bench.dashboard.%' returning id`,
    );
    const { rows: seeded } = await client.query<{ n: number }>(
      `select count(*)::int as n from orders where order_number like 'LB-BENCH-%'
         and order_number not like 'LB-BENCH-REVIEW-%'`,
    );
    if (seeded[0]!.n === orderCount) {
      console.log(`${orderCount.toLocaleString('en-IN')} paid orders already there (BENCH_KEEP)`);
    } else {
      if (seeded[0]!.n > 0) throw new Error(`${database.url} holds other bench orders`);
      const started = performance.now();
      await seedOrders(database.url, rows[0]!.id);
      console.log(
        `${orderCount.toLocaleString('en-IN')} paid orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const { rows: sizes } = await client.query<{ orders: string; pending: string }>(
      `select (select count(*) from orders) as orders,
         (select count(distinct day) from sales_changes) as pending`,
    );
    // As a browser asks: the answer comes compressed, as the owner's phone gets it.
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
    const first = performance.now();
    const answer = await fetch(`${base}/api/admin/dashboard`, { headers });
    if (!answer.ok) throw new Error(`dashboard: ${answer.status} ${await answer.text()}`);
    const answered = performance.now() - first;
    // The server's own job may have taken some of the days: built once every change is taken and
    // no run holds the rollups' lock.
    for (;;) {
      const { rows: state } = await client.query<{ left: string; free: boolean }>(
        `select (select count(*) from sales_changes) as left,
           pg_try_advisory_xact_lock(hashtext('sales_rollups')) as free`,
      );
      if (state[0]!.left === '0' && state[0]!.free) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(
      `rollups of the ${sizes[0]!.pending} days marked changed built in ${((performance.now() - first) / 1000).toFixed(1)} s by the job (first visit answered in ${answered.toFixed(0)} ms)`,
    );
    const { rows: after } = await client.query<{ products: string; sizes: string; days: string }>(
      `select (select count(*) from sales_day_products) as products,
         (select count(*) from sales_day_sizes) as sizes, (select count(*) from sales_days) as days`,
    );
    console.log(
      `${sizes[0]!.orders} orders, rollups: ${after[0]!.days} days, ${after[0]!.products} day × product and ${after[0]!.sizes} day × category × size rows\n`,
    );
    const quiet = performance.now();
    await settle(shop.pid!);
    console.log(`server quiet after ${((performance.now() - quiet) / 1000).toFixed(0)} s more`);
    const statements = await client
      .query(`create extension if not exists pg_stat_statements`)
      .then(() => client.query(`select pg_stat_statements_reset()`))
      .then(
        () => true,
        () => false,
      );

    const today = indiaToday();
    const ranges = [
      ['today', ''],
      ['7 days', `?from=${daysBefore(today, 6)}&to=${today}`],
      ['30 days', `?from=${daysBefore(today, 29)}&to=${today}`],
      ['custom 90 days', `?from=${daysBefore(today, 119)}&to=${daysBefore(today, 30)}`],
    ] as const;
    if (changeEveryMs > 0) {
      // Orders arriving: today's figures change, so some visits recompute today first.
      marking = setInterval(() => {
        // The last one may still be under way when the client closes at the end.
        client.query(`insert into sales_changes (day) values ($1)`, [today]).catch(() => undefined);
      }, changeEveryMs);
    }
    console.log(
      `autocannon: ${connections} connections, ${duration} s per run; today marked changed every ${changeEveryMs || '∞'} ms\n`,
    );
    console.log(
      '| range | requests/s | p50 ms | p99 ms | max ms | server p50 ms | server p99 ms | CPU ms / request (Node + PostgreSQL) | errors | load (1/5/15 min) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    const runs = [
      ...ranges.map(([label, query]) => ({
        label,
        requests: [{ path: `/api/admin/dashboard${query}` }],
      })),
      {
        label: 'mix of the four',
        requests: ranges.map(([, query]) => ({ path: `/api/admin/dashboard${query}` })),
      },
    ];
    for (const run of runs) {
      serverTimes = [];
      const before = await cpuNow(client, shop.pid!);
      const result = await autocannon({
        url: base,
        connections,
        duration,
        headers,
        requests: run.requests,
      });
      const server = [...serverTimes].sort((a, b) => a - b);
      const after = await cpuNow(client, shop.pid!);
      let databaseCpu = 0;
      for (const [pid, used] of after.database)
        databaseCpu += used - (before.database.get(pid) ?? 0);
      const perRequest = (ms: number) => (ms / Math.max(1, result.requests.total)).toFixed(2);
      const cpu = `${perRequest(after.server - before.server)} + ${perRequest(databaseCpu)}`;
      console.log(
        `| ${run.label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${percentile(server, 50).toFixed(1)} | ${percentile(server, 99).toFixed(1)} | ${cpu} | ${result.errors + result.non2xx} | ${load()} |`,
      );
    }
    if (statements) {
      const { rows: top } = await client.query<{
        calls: string;
        mean: number;
        total: number;
        query: string;
      }>(
        `select calls, mean_exec_time as mean, total_exec_time as total,
           regexp_replace(query, '\\s+', ' ', 'g') as query
         from pg_stat_statements join pg_database d on d.oid = dbid
         where d.datname = current_database() and query not ilike '%pg_stat_statements%'
         order by total_exec_time desc limit 10`,
      );
      console.log('\npg_stat_statements over all runs (by total time):\n');
      console.log('| calls | mean ms | total ms | statement |');
      console.log('| ---: | ---: | ---: | --- |');
      for (const row of top) {
        console.log(
          `| ${row.calls} | ${row.mean.toFixed(2)} | ${row.total.toFixed(0)} | ${row.query.slice(0, 110)} |`,
        );
      }
    }
  } finally {
    if (marking) clearInterval(marking);
    await client.end();
    await stopBenchServer(shop);
    if (!keep) await database.drop();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
    cluster?.stop();
  }
}

await main();
process.exit(0);
