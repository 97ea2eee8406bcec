import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { generateCatalogue } from './db/seed/generated-catalogue.ts';
import { seedDatabase } from './db/seed/seed.ts';

export interface StartedServer {
  app: FastifyInstance;
  url: string;
  database: DatabaseHandle;
  stop: () => Promise<void>;
}

/** Opens (migrates, seeds) the database and serves the shop. */
export async function startServer(
  config: AppConfig,
  storefront?: (app: FastifyInstance) => Promise<void>,
): Promise<StartedServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await seedDatabase(database.db, { mediaDir: config.mediaDir });
  if (config.seedProducts > 0) await generateCatalogue(database.db, { total: config.seedProducts });
  const app = await buildApp({
    config,
    database,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    ...(storefront ? { storefront } : {}),
  });
  const url = await app.listen({ port: config.port, host: config.host });
  return {
    app,
    url,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { mountStorefront } = await import('./storefront.ts');
  const server = await startServer(config, await mountStorefront(config));
  console.log(
    `Shop running at ${config.publicUrl} (database: ${config.databaseUrl ? 'postgres' : 'pglite'})`,
  );
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
