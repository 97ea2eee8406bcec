import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { upkeepPass, WAL_START_PARAMS } from '../../src/db/pglite-upkeep.ts';

const MB = 1024 * 1024;
const ORDERS = 10_000;
/** Orders written between two upkeep passes: about 10 s of a busy shop's checkouts. */
const ORDERS_PER_PASS = 1_000;
const BATCH = 100;

let pg: PGlite | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await pg?.close();
  pg = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    total += entry.isDirectory() ? folderBytes(child) : statSync(child).size;
  }
  return total;
}

/**
 * What a paid order writes, with the shop's row sizes: the order (two addresses), two lines, a
 * stock decrement, a payment created then settled, the order marked paid, and a confirmation mail
 * queued then marked sent (about 8 KB of write-ahead log, as a real paid order writes). Written
 * `BATCH` orders a statement, so the test is quick; the log holds the same rows either way.
 */
async function writeOrders(database: PGlite, from: number, count: number) {
  await database.exec(`begin;
    insert into scratch_orders (number, address, billing, total_paise, status)
      select 'LB' || g, a.address, a.address, 129900, 'pending'
      from generate_series(${from}, ${from + count - 1}) g, scratch_address a;
    insert into scratch_lines (order_number, product_name, color_name, size, quantity, price_paise)
      select 'LB' || g, 'Lace Plunge Bralette ' || line, 'Midnight Blue', 'M', 1, 64950
      from generate_series(${from}, ${from + count - 1}) g, generate_series(1, 2) line;
    update scratch_stock set stock = stock - 1 where id between 1 and ${count};
    insert into scratch_payments (order_number, provider_order_id, amount_paise, status)
      select 'LB' || g, 'order_' || md5(g::text), 129900, 'created'
      from generate_series(${from}, ${from + count - 1}) g;
    update scratch_payments set status = 'paid', provider_payment_id = 'pay_' || md5(order_number)
      where status = 'created';
    update scratch_orders set status = 'paid', paid_at = now() where status = 'pending';
    insert into scratch_mail (order_number, html, text)
      select 'LB' || g, m.html, m.text
      from generate_series(${from}, ${from + count - 1}) g, scratch_mail_body m;
    update scratch_mail set sent_at = now() where sent_at is null;
    commit;`);
}

describe('PGlite write-ahead log (PGlite never checkpoints by itself)', () => {
  it('stays bounded over 10,000 orders when the upkeep checkpoints', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-pglite-wal-'));
    pg = await PGlite.create({
      dataDir,
      startParams: [...PGlite.defaultStartParams, ...WAL_START_PARAMS],
    });
    await pg.exec(`
      create table scratch_address (address jsonb not null);
      insert into scratch_address values ('{"fullName": "Meera Iyer", "phone": "+919876543210",
        "line1": "12, 4th Cross, HAL 2nd Stage", "line2": "Indiranagar, near the park",
        "city": "Bengaluru", "state": "Karnataka", "pinCode": "560038", "country": "India"}');
      create table scratch_mail_body (html text not null, text text not null);
      insert into scratch_mail_body
        select repeat('<tr><td>Lace Plunge Bralette</td><td>M</td><td>₹649.50</td></tr>', 60),
          repeat('Lace Plunge Bralette, M, 1 x ₹649.50. ', 40);
      create table scratch_orders (id bigserial primary key, number text not null unique,
        address jsonb not null, billing jsonb not null, total_paise int not null,
        status text not null, paid_at timestamptz, created_at timestamptz not null default now());
      create index on scratch_orders (status, created_at);
      create table scratch_lines (id bigserial primary key, order_number text not null,
        product_name text not null, color_name text not null, size text not null,
        quantity int not null, price_paise int not null);
      create index on scratch_lines (order_number);
      create table scratch_stock (id int primary key, stock int not null);
      insert into scratch_stock select g, 1000000 from generate_series(1, ${BATCH}) g;
      create table scratch_payments (id bigserial primary key, order_number text not null unique,
        provider_order_id text not null unique, provider_payment_id text,
        amount_paise int not null, status text not null);
      create table scratch_mail (id bigserial primary key, order_number text not null,
        html text not null, text text not null, sent_at timestamptz);`);
    const walAtStart = await currentWal(pg);
    const sizes: number[] = [];
    const logSizes: number[] = [];
    const pauses: number[] = [];
    for (let written = 0; written < ORDERS; written += BATCH) {
      await writeOrders(pg, written + 1, BATCH);
      if ((written + BATCH) % ORDERS_PER_PASS === 0) {
        const started = performance.now();
        if (await upkeepPass(pg)) pauses.push(performance.now() - started);
        sizes.push(folderBytes(dataDir));
        logSizes.push(folderBytes(join(dataDir, 'pg_wal')));
      }
    }
    const walPerOrder = ((await currentWal(pg)) - walAtStart) / ORDERS;
    const largest = Math.max(...sizes);
    const largestLog = Math.max(...logSizes);
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(
      `PGlite data folder every ${ORDERS_PER_PASS} orders: ${sizes.map(mb).join(', ')} MB ` +
        `(pg_wal ${logSizes.map(mb).join(', ')} MB); ${(walPerOrder / 1024).toFixed(1)} KB of ` +
        `WAL an order; passes that vacuumed and checkpointed took ${pauses.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    // As much log as a real paid order writes (measured: 8.3 KB through the shop's services).
    expect(walPerOrder).toBeGreaterThan(6 * 1024);
    // Without checkpoints every segment written stays: pg_wal reaches 80 MB here and the folder
    // 145 MB, both growing with every order. With them pg_wal stays at `min_wal_size` plus
    // `CHECKPOINT_WAL_BYTES` (48 MB) and the folder near 113 MB, growing only with the rows.
    expect(largestLog).toBeLessThanOrEqual(64 * MB);
    expect(largest).toBeLessThan(130 * MB);
  }, 180_000);
});

async function currentWal(database: PGlite): Promise<number> {
  const { rows } = await database.query<{ bytes: number }>(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as bytes`,
  );
  return rows[0]!.bytes;
}
