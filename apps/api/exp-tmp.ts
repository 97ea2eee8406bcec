import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestWorld } from './test/test-app.ts';
import { send, signUp } from './test/auth-helpers.ts';
import { stockedChoices } from './test/cart-helpers.ts';
import { payOrder, placeOrder } from './test/order-helpers.ts';
const world = await createTestWorld();
const db = world.database.db;
await db.execute(sql`update product_size_stock set stock = 100000`);
await db.execute(sql`select set_config('track_functions', 'all', false)`);
if (process.env.TIMED) await db.execute(sql.raw(readFileSync('/tmp/settle_timed.sql', 'utf8')));
world.app.readCache.clear();
const { accessToken } = await signUp(world.app);
const choices = await stockedChoices(world.app, 50);
const names = ['find', 'lockorder', 'lockpay', 'taken', 'updpay', 'updorder', 'mail'];
async function stats() {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const r = (await db.execute(sql.raw(`select (select row_to_json(f) from pg_stat_user_functions f where funcname = 'settle_payment') as f, ${names.map((n) => `current_setting('x.${n}', true) as ${n}`).join(', ')}`))) as any;
  return r.rows[0];
}
async function run(label: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await placeOrder(world.app, accessToken, [[choices[i % choices.length]!, 1]])).orderId);
  const signed = [];
  const secret = readFileSync(join(world.config.dataDir, 'payment-simulator-key-secret'), 'utf8').trim();
  for (const id of ids) {
    const init = await send(world.app, 'POST', '/api/payments/initiate', { token: accessToken, body: { orderId: id, method: 'razorpay' } });
    const oid = init.body.data.razorpayOrderId;
    const pid = 'pay_' + randomBytes(7).toString('hex');
    signed.push({ razorpay_order_id: oid, razorpay_payment_id: pid, razorpay_signature: createHmac('sha256', secret).update(`${oid}|${pid}`).digest('hex') });
  }
  const before = await stats();
  for (const s of signed) {
    const r = await send(world.app, 'POST', '/api/payments/verify', { token: accessToken, body: s });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  const after = await stats();
  const calls = (after.f?.calls ?? 0) - (before.f?.calls ?? 0);
  console.log(label, calls, ((after.f.total_time - (before.f?.total_time ?? 0)) / calls).toFixed(3), 'ms per settle', JSON.stringify(Object.fromEntries(names.map((k) => [k, ((Number(after[k] ?? 0) - Number(before[k] || 0)) / calls).toFixed(3)]))));
}
await run('warm', 100);
await run('run', 300);
await world.close();
process.exit(0);
