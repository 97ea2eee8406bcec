/**
 * The morning dashboard at scale: ORDERS paid orders (1,000,000) spread over the last two years on
 * PostgreSQL, then `GET /api/admin/dashboard` for today, 7 days and 30 days at CONNECTIONS (10)
 * for DURATION seconds (10) each, beside the first visit that computed every day's rollup. The
 * orders are written straight into the tables (their triggers off while they are, then one change
 * per day), as an import would; the dashboard reads only its rollups, so their number is what
 * matters. Build first: `npm run build -w @shop/api`.
 *
 *   npm run bench:dashboard   (ORDERS=1000000 CONNECTIONS=10 DURATION=10
 *                              BENCH_DATABASE_URL=postgres://... or a throwaway cluster)
 *
 * Goal (issue: back office part 1): p99 ≤ 100 ms at 1,000,000 orders on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

const address = {
  name: 'Bench Buyer',
  phone: '9876543210',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  country: 'India',
};

async function seedOrders(url: string, userId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // An import: the rollup triggers are off while the rows go in; each day is marked once after.
    await client.query(`set local session_replication_role = replica`);
    await client.query(
      `insert into orders (order_number, user_id, status, payment_status, subtotal_paise,
         total_paise, shipping_address, billing_address, payment_due_at, paid_at, created_at)
       select 'LB-BENCH-' || g, $1,
         -- the last ten days' orders still wait to be dispatched; one in 25 was cancelled
         case when g % 25 = 0 then 'cancelled'
           when t > now() - interval '10 days' then 'confirmed' else 'delivered' end,
         'paid', 89900 + (g % 50) * 1000, 89900 + (g % 50) * 1000, $2::jsonb, $2::jsonb, t, t, t
       from generate_series(1, $3::int) g,
         lateral (select now() - (g::double precision / $3::int) * interval '730 days' as t) x`,
      [userId, JSON.stringify(address), orderCount],
    );
    await client.query(
      `with products as (
         select array_agg(p.id order by p.id) as ids, array_agg(p.name order by p.id) as names,
           array_agg(c.slug order by p.id) as slugs, count(*)::int as n
         from products p join categories c on c.id = p.category_id)
       insert into order_items (order_id, product_id, product_name, product_image, color_name,
         color_hex, size, quantity, price_paise, item_total_paise, category_slug)
       select o.id, ps.ids[1 + k % ps.n], ps.names[1 + k % ps.n], '', 'Black', '#000000',
         (array['32b', '34b', '34c', '36c', '36d', 'm', 'l'])[1 + k % 7], 1, o.total_paise,
         o.total_paise, ps.slugs[1 + k % ps.n]
       from orders o cross join products ps,
         lateral (select abs(hashtext(o.order_number)) as k) h
       where o.order_number like 'LB-BENCH-%'`,
    );
    await client.query(
      `insert into sales_changes (day)
       select distinct (created_at at time zone 'Asia/Kolkata')::date from orders`,
    );
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function main() {
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : await startPostgres();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url;
  if (!postgresUrl) throw new Error('No PostgreSQL: set BENCH_DATABASE_URL');
  const scratch = (await createScratchDatabase('shop_bench_dashboard', postgresUrl))!;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-dashboard-'));
  const port = await freePort();
  const shop = await startBenchServer(['shop', String(port), dataDir], {
    DATABASE_URL: scratch.url,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const [token] = await signUpShoppers([base], 1, 'dashboard');
    const owner = new pg.Client({ connectionString: scratch.url });
    await owner.connect();
    const { rows } = await owner.query<{ id: string }>(
      `update users set role = 'owner' where email like 'bench.dashboard.%' returning id`,
    );
    await owner.end();
    const seeded = performance.now();
    await seedOrders(scratch.url, rows[0]!.id);
    console.log(
      `${orderCount.toLocaleString('en-IN')} paid orders written in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const headers = { authorization: `Bearer ${token}` };
    const first = performance.now();
    const answer = await fetch(`${base}/api/admin/dashboard`, { headers });
    if (!answer.ok) throw new Error(`dashboard: ${answer.status} ${await answer.text()}`);
    console.log(
      `first visit (computes every day's rollup, 731 days): ${(performance.now() - first).toFixed(0)} ms\n`,
    );
    const today = indiaToday();
    console.log(`autocannon: ${connections} connections, ${duration} s each\n`);
    console.log('| range | requests/s | p50 ms | p99 ms | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [label, query] of [
      ['today', ''],
      ['7 days', `?from=${daysBefore(today, 6)}&to=${today}`],
      ['30 days', `?from=${daysBefore(today, 29)}&to=${today}`],
      ['365 days', `?from=${daysBefore(today, 364)}&to=${today}`],
    ] as const) {
      const result = await autocannon({
        url: `${base}/api/admin/dashboard${query}`,
        connections,
        duration,
        headers,
      });
      console.log(
        `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} |`,
      );
    }
  } finally {
    await stopBenchServer(shop);
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
    cluster?.stop();
  }
}

await main();
process.exit(0);
