import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PgliteClient, PgliteTransactionClient } from './pglite-prepared.ts';
import {
  errorFromWire,
  type WireQueryOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-worker-wire.ts';

/** Distributes `Omit` over the request union, so each request is written without its id. */
type RequestBody = WorkerRequest extends infer Request
  ? Request extends WorkerRequest
    ? Omit<Request, 'id'>
    : never
  : never;

export interface PgliteWorker {
  /** The client Drizzle's PGlite driver takes, answering from the worker. */
  client: PgliteClient;
  close: () => Promise<void>;
}

/**
 * The options Drizzle passes, made fit to cross to the worker. Drizzle's parsers all keep a
 * value as PostgreSQL wrote it (timestamps, dates, intervals stay text); a parser that changes
 * the value cannot be sent to another thread, and is refused rather than silently dropped.
 */
const wireOptions = new WeakMap<QueryOptions, WireQueryOptions>();

function toWire(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  // Drizzle passes the same options object with every run of a prepared query.
  const known = wireOptions.get(options);
  if (known) return known;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter(
    (key) => rest[key as keyof typeof rest] !== undefined,
  );
  if (unsupported.length > 0) {
    throw new Error(`The embedded database's worker does not take ${unsupported.join(', ')}`);
  }
  const textTypes = Object.entries(parsers ?? {}).map(([type, parser]) => {
    if (parser('probe', Number(type)) !== 'probe') {
      throw new Error(
        `The embedded database's worker only keeps values as text; the parser of type ${type} changes them`,
      );
    }
    return Number(type);
  });
  const wire = {
    ...(rowMode ? { rowMode } : {}),
    ...(textTypes.length > 0 ? { textTypes } : {}),
  };
  wireOptions.set(options, wire);
  return wire;
}

/**
 * PGlite on a worker thread of its own, behind the client interface Drizzle uses. PGlite does
 * all of a statement's work on the thread that calls it; kept there, the embedded database would
 * stop the server from reading, pricing and answering other requests while it runs, and the
 * server could use only one of the machine's cores. Semantics are PGlite's own: one statement at
 * a time, and while a transaction is open every other statement waits for it to end.
 */
export async function startPgliteWorker(options: { dataDir?: string }): Promise<PgliteWorker> {
  const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir },
    // The entry registers the TypeScript loader itself; inherited flags would register it twice.
    // A CPU profile asked of the server (`--cpu-prof`, see bench/) covers the database too.
    execArgv: process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')),
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(errorFromWire(reply.error));
  });
  let closing = false;
  const stop = (error: Error) => {
    // The first cause is the one to report (an 'error' is followed by an 'exit').
    if (stopped) return;
    stopped = error;
    if (!closing)
      console.error('The embedded database stopped; every database call now fails:', error);
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`The embedded database stopped (exit code ${code})`)));

  function call<T>(request: RequestBody): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A value that cannot be copied to another thread (a function, say).
        pending.delete(id);
        reject(error as Error);
      }
    });
  }

  const query = <T>(
    text: string,
    params: unknown[] = [],
    queryOptions?: QueryOptions,
    tx?: number,
  ) => {
    let wire: WireQueryOptions | undefined;
    try {
      wire = toWire(queryOptions);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return call<Results<T>>({
      op: 'query',
      text,
      params,
      ...(wire ? { options: wire } : {}),
      ...(tx === undefined ? {} : { tx }),
    });
  };

  const client: PgliteClient = {
    query,
    async transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let closed = false;
      const end = (commit: boolean) => {
        closed = true;
        return call<void>({ op: 'end', tx, commit });
      };
      const transactionClient: PgliteTransactionClient = {
        query: <R>(text: string, params?: unknown[], queryOptions?: QueryOptions) =>
          closed
            ? Promise.reject(new Error('Transaction is closed'))
            : query<R>(text, params, queryOptions, tx),
        exec: (text: string) =>
          closed
            ? Promise.reject(new Error('Transaction is closed'))
            : call<Results[]>({ op: 'exec', text, tx }),
        rollback: () => end(false),
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await callback(transactionClient);
      } catch (error) {
        if (!closed) await end(false).catch(() => {});
        throw error;
      }
      if (!closed) await end(true);
      return result;
    },
  };

  await ready.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  return {
    client,
    async close() {
      if (stopped) return;
      closing = true;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      // Closed, the worker ends by itself (writing its CPU profile when asked for one). PGlite
      // closes only once an open transaction ends: one that does not within 5 s is cut short.
      const timer = setTimeout(() => void worker.terminate(), 5_000);
      await call({ op: 'close' }).catch(() => {});
      await exited;
      clearTimeout(timer);
    },
  };
}
