/**
 * The embedded database's own thread: PGlite (with the app's prepared statements) answering the
 * requests of `pglite-worker.ts`. PGlite runs every statement to completion on the thread that
 * owns it; here that is not the thread serving HTTP, so requests keep being parsed, priced and
 * answered while the database works.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { withPreparedStatements, type PgliteTransactionClient } from './pglite-prepared.ts';
import { upkeepPass } from './pglite-upkeep.ts';
import {
  errorToWire,
  type WireQueryOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-worker-wire.ts';

interface OpenTransaction {
  tx: PgliteTransactionClient;
  /** Lets the transaction's callback end: commit, or throw so PGlite rolls back. */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}

/** Thrown into a transaction's callback to have PGlite roll it back; not an error to report. */
const ROLLBACK = Symbol('rollback');

const port = parentPort;
if (!port) throw new Error('pglite-worker-thread runs only as a worker thread');
const { dataDir } = workerData as { dataDir?: string };
/**
 * How often the statistics and dead rows are looked at (autovacuum's own naptime is 60 s); each
 * look does at most one table.
 */
const UPKEEP_INTERVAL_MS = 10_000;
/** The first look comes soon after start: migrations and the seed have just filled tables. */
const FIRST_UPKEEP_MS = 5_000;

function reply(message: WorkerReply) {
  port!.postMessage(message);
}

/** Parsers that keep a type's value as text, made once per set of type ids. */
const textParsers = new Map<string, QueryOptions['parsers']>();
function queryOptions(wire: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!wire) return undefined;
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.textTypes?.length) {
    const key = wire.textTypes.join(',');
    let parsers = textParsers.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(wire.textTypes.map((type) => [type, (text: string) => text]));
      textParsers.set(key, parsers);
    }
    options.parsers = parsers;
  }
  return options;
}

async function main() {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const client = withPreparedStatements(pg);
  const transactions = new Map<number, OpenTransaction>();
  let closing = false;

  // Autovacuum's job, which PGlite leaves undone (see pglite-upkeep.ts). It queues behind the
  // requests like any statement, and waits for an open transaction to end.
  let upkeepTimer = setTimeout(function upkeep() {
    upkeepPass(pg)
      .catch((error: unknown) => {
        if (!closing) console.warn('Embedded database upkeep failed:', error);
      })
      .finally(() => {
        if (!closing) upkeepTimer = setTimeout(upkeep, UPKEEP_INTERVAL_MS);
      });
  }, FIRST_UPKEEP_MS);

  function transactionOf(id: number): OpenTransaction {
    const open = transactions.get(id);
    if (!open) throw new Error('Transaction is closed');
    return open;
  }

  function begin(id: number): Promise<void> {
    return new Promise((began, failed) => {
      let finish!: (commit: boolean) => void;
      const ended = new Promise<void>((commit, rollback) => {
        finish = (ok) => (ok ? commit() : rollback(ROLLBACK));
      });
      const done = client
        .transaction(async (tx) => {
          transactions.set(id, { tx, finish, done });
          began();
          await ended;
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        })
        .finally(() => transactions.delete(id));
      // A BEGIN that failed never reached the callback.
      done.catch(failed);
    });
  }

  async function answer(request: WorkerRequest): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const options = queryOptions(request.options);
        return request.tx === undefined
          ? client.query(request.text, request.params, options)
          : transactionOf(request.tx).tx.query(request.text, request.params, options);
      }
      case 'exec':
        return transactionOf(request.tx).tx.exec(request.text);
      case 'begin':
        await begin(request.id);
        return request.id;
      case 'end': {
        const open = transactionOf(request.tx);
        open.finish(request.commit);
        await open.done;
        return undefined;
      }
      case 'close':
        closing = true;
        clearTimeout(upkeepTimer);
        await pg.close();
        return undefined;
    }
  }

  port!.on('message', (request: WorkerRequest) => {
    answer(request).then(
      (value) => {
        reply({ id: request.id, ok: true, value });
        // Closed: end this thread, which does not end on its own (something PGlite or the tsx
        // loader opened keeps it alive).
        if (request.op === 'close') setImmediate(() => process.exit(0));
      },
      (error: unknown) => reply({ id: request.id, ok: false, error: errorToWire(error) }),
    );
  });
  reply({ id: 0, ok: true, value: 'ready' });
}

main().catch((error: unknown) => reply({ id: 0, ok: false, error: errorToWire(error) }));
