import { createServer, Server as NetServer } from 'node:net';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase, requireSchemaAtHead } from './db/migrate.ts';
import { generateCatalogue } from './db/seed/generated-catalogue.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { openMediaStore } from './features/media/media-store.ts';
import { errorSummary } from './http/error-log.ts';
import { exitWithStartupProblem } from './startup-problems.ts';

/** How long a stopping server waits for requests and jobs in flight before it exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The line a server prints once a signal has begun its stop. */
export function stoppingLine(signal: string): string {
  return `Stopping (${signal}): finishing the requests and jobs in flight, for at most ${SHUTDOWN_GRACE_MS / 1000} s.`;
}

/**
 * How long a stopping server keeps its listener and kept-alive connections open while it answers
 * every request with `connection: close`. A connection that looks idle may carry a request the
 * server has not read yet: closed at once, that request would be reset (a 502 at the load
 * balancer); after this, a connection still idle has had no request for this long.
 */
export const DRAIN_MS = 1_000;

/** How long a connection accepted just before the listener closed has to send its request. */
const LAST_REQUEST_MS = 250;

export interface StartedServer {
  app: FastifyInstance;
  url: string;
  database: DatabaseHandle;
  stop: () => Promise<void>;
}

/** The port is taken by another program: one line says what to do. */
export class PortInUseError extends Error {}

/**
 * Says at once that the port is taken, before the database is opened and migrated (seconds);
 * the listen itself still reports a port taken meanwhile.
 */
async function requirePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${port} is in use; set PORT`)
          : error,
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Opens the database (migrating it unless told not to, seeding the demo when allowed) and serves the shop. */
export async function startServer(
  config: AppConfig,
  storefront?: (app: FastifyInstance) => Promise<void>,
): Promise<StartedServer> {
  await requirePortFree(config.port, config.host);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  let app: FastifyInstance | undefined;
  try {
    if (config.migrateOnStart) await migrateDatabase(database, config.databaseUrl);
    else await requireSchemaAtHead(database.db);
    const media = await openMediaStore(config);
    try {
      await seedDatabase(database.db, { mediaDir: config.mediaDir, media, demo: config.seedDemo });
    } finally {
      await media.close();
    }
    if (config.seedProducts > 0) {
      await generateCatalogue(database.db, { total: config.seedProducts });
    }
    app = await buildApp({
      config,
      database,
      logger: { level: config.logLevel },
      ...(storefront ? { storefront } : {}),
    });
    const url = await app.listen({ port: config.port, host: config.host }).catch((error) => {
      if ((error as { code?: unknown }).code === 'EADDRINUSE') {
        throw new PortInUseError(`Port ${config.port} is in use; set PORT`);
      }
      throw error;
    });
    const started = app;
    // The widths the storefront uses, for every stored image without them, one image at a time.
    started.media.renderMissing().catch((error: unknown) => {
      started.log.error({ err: error }, 'Queueing the images to render failed');
    });
    return {
      app: started,
      url,
      database,
      async stop() {
        started.beginDrain();
        const open = await new Promise<number>((resolve) =>
          started.server.getConnections((error, count) => resolve(error ? 1 : count)),
        );
        if (open > 0) await delay(DRAIN_MS);
        // Stop listening, but leave the connections: HTTP's own close() would also close at once
        // every connection that looks idle, among them new ones whose first request is still on
        // its way. The listener closes first and the app after: while requests drain, the app
        // still serves what they ask of it in-process (a page's API calls, the simulator's webhook).
        const closed = new Promise<void>((resolve) =>
          NetServer.prototype.close.call(started.server, () => resolve()),
        );
        await delay(LAST_REQUEST_MS);
        // Closing waits for the requests in flight. Their keep-alive connections turn idle once
        // answered: sweep them until closed, so a client cannot hold the stop for its keep-alive
        // timeout.
        const sweep = setInterval(() => started.server.closeIdleConnections(), 100);
        try {
          await closed;
          await started.close();
        } finally {
          clearInterval(sweep);
        }
        await database.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

async function main() {
  let server: StartedServer;
  try {
    const config = loadConfig();
    const { mountStorefront } = await import('./storefront.ts');
    server = await startServer(config, await mountStorefront(config));
    console.log(
      `Shop running at ${config.publicUrl} (database: ${config.databaseUrl ? 'postgres' : 'pglite'})`,
    );
  } catch (error) {
    if (error instanceof PortInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    exitWithStartupProblem(error);
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Stop accepting, let requests and jobs in flight finish, but never hang a deploy.
    const deadline = setTimeout(() => {
      console.error(`Stopped waiting after ${SHUTDOWN_GRACE_MS / 1000} s (${signal}): exiting.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    const stopped = server.stop();
    // Said once the stop has begun (readiness answers 503 from here), so an operator, and a test
    // waiting for it, knows the process is draining rather than hung or gone.
    console.log(stoppingLine(signal));
    stopped.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${errorSummary(error)}`);
        process.exit(1);
      },
    );
  };
  // Every signal keeps this handler: a second one (Ctrl-C reaches npm and the server both) must not
  // fall back to Node's default and cut the drain short.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Run as a program (not imported by a test): its path, resolved as Node resolves this module's. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  await main();
}
