/**
 * What the server's thread and the embedded database's worker thread say to each other. Values
 * cross by structured clone, which keeps Dates, BigInts and byte arrays but not functions or an
 * error's own fields: parsers travel as type ids, errors as their fields.
 */

/** How the worker reads a result: rows as arrays or objects, and which types stay as text. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type ids whose values are answered as PostgreSQL wrote them (Drizzle's own parsing). */
  textTypes?: number[];
}

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      options?: WireQueryOptions;
      tx?: number;
    }
  | { id: number; op: 'exec'; text: string; tx: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  /** Sent once: the database is open and migrated callers may begin. */
  | { id: 0; ok: true; value: 'ready' };

/** A database error's fields, as both drivers' errors carry them. */
export interface WireError {
  message: string;
  name: string;
  stack?: string | undefined;
  fields: Record<string, unknown>;
}

/** The fields of PostgreSQL's error report the app (and its logs) may read. */
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'severity',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
  'query',
  'params',
] as const;

export function errorToWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

export function errorFromWire(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}
