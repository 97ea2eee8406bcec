/**
 * The two servers `bench/api.ts` compares, each in its own process:
 *   hello PORT — a bare Fastify hello-world (the yardstick)
 *   shop PORT DATA_DIR — the shop's real server on the embedded database
 * BENCH_STOCK=N raises every size's stock to at least N once the shop is up, so that a run of
 * thousands of orders measures orders, not refusals of sizes sold out.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../apps/api/src/config.ts';
import { startServer } from '../apps/api/src/server.ts';

const [mode, port, dataDir] = process.argv.slice(2);
let stopShop: (() => Promise<void>) | undefined;

if (mode === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else if (mode === 'shop') {
  const config = loadConfig({ ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir });
  const shop = await startServer(config);
  stopShop = shop.stop;
  const benchStock = Number(process.env.BENCH_STOCK ?? 0);
  if (benchStock > 0) {
    await shop.database.db.execute(
      sql`update product_size_stock set stock = greatest(stock, ${benchStock}::int)`,
    );
    shop.app.readCache.clear();
  }
} else {
  throw new Error(`unknown mode ${mode}`);
}
console.log('ready');
// Exit cleanly on SIGTERM so a CPU profile (BENCH_CPU_PROFILE) is written, the embedded
// database's thread's too.
process.once('SIGTERM', () => {
  // A shop that cannot close within 5 s is left as it is.
  setTimeout(() => process.exit(0), 5_000).unref();
  void (stopShop?.() ?? Promise.resolve()).finally(() => process.exit(0));
});
