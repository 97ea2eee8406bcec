import {
  parse,
  protocol,
  type messages as messageTypes,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** The part of PGlite's client Drizzle uses. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T>;
}
export type PgliteTransactionClient = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

/** PGlite's members that are public but not in its declared types. */
interface PgliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

interface PreparedStatement {
  name: string;
  paramTypes: number[];
}

const serialize = protocol.serialize;
let clientsMade = 0;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A PGlite client for Drizzle that prepares the statements the app sends again. PGlite parses and
 * plans every statement it receives, which on the embedded database costs several times what
 * running a short statement does; a statement seen a second time is prepared once by name, and
 * from then on is only bound and executed, in one call into the database. Statements sent only
 * once (migrations, one-off lists) go the ordinary way, and at most `maxStatements` are kept.
 *
 * Prepared statements belong to PGlite's one session and outlive transactions (even rolled back
 * ones); an error answers as PGlite's own would, and leaves the session ready for the next call.
 */
export function withPreparedStatements(pg: PGlite, options: { maxStatements?: number } = {}) {
  const maxStatements = options.maxStatements ?? 1_000;
  const internals = pg as unknown as PgliteInternals;
  const prepared = new Map<string, PreparedStatement>();
  // Statement names are the session's: each client over one PGlite names its own apart.
  const prefix = `app${(clientsMade += 1)}_`;
  let statementsMade = 0;
  /** Texts seen once, bounded the same way: the next sight prepares them. */
  const seen = new Set<string>();

  async function prepare(text: string): Promise<PreparedStatement> {
    const name = `${prefix}${(statementsMade += 1)}`;
    const messages = await pg.execProtocolStream(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  /** Runs a prepared statement; the caller holds PGlite's query lock. */
  async function runPrepared<T>(
    text: string,
    params: unknown[],
    queryOptions: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = prepared.get(text) ?? (await prepare(text));
    const values = params.map((value, at) => {
      if (value === null || value === undefined) return null;
      const toText = internals.serializers[statement.paramTypes[at] ?? 0];
      return toText ? toText(value) : String(value);
    });
    const messages = await pg.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!inTransaction) await pg.syncToFs();
    return resultOf<T>(messages, queryOptions);
  }

  /**
   * The result of one statement from its messages, as PGlite's `parseResults` makes it, without
   * merging the options' parsers into every one PGlite knows on each call (a copy of hundreds of
   * entries, which cost more than the statement).
   */
  function resultOf<T>(messages: BackendMessage[], queryOptions: QueryOptions | undefined) {
    const own = queryOptions?.parsers;
    const fields: { name: string; dataTypeID: number }[] = [];
    const rows: unknown[] = [];
    const value = (text: string | null, type: number) => {
      if (text === null) return null;
      const parser = own?.[type] ?? internals.parsers[type];
      return parser ? parser(text, type) : text;
    };
    let result: Results<T> | undefined;
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        const { fields: described } = message as messageTypes.RowDescriptionMessage;
        for (const field of described) {
          fields.push({ name: field.name, dataTypeID: field.dataTypeID });
        }
      } else if (message.name === 'dataRow') {
        const { fields: texts } = message as messageTypes.DataRowMessage;
        if (queryOptions?.rowMode === 'array') {
          rows.push(texts.map((text, at) => value(text, fields[at]!.dataTypeID)));
        } else {
          const row: Record<string, unknown> = {};
          texts.forEach((text, at) => {
            const field = fields[at]!;
            row[field.name] = value(text, field.dataTypeID);
          });
          rows.push(row);
        }
      } else if (message.name === 'commandComplete' && !result) {
        // A tag that carries a row count ends in it ('SELECT 2', 'INSERT 0 5').
        const parts = (message as messageTypes.CommandCompleteMessage).text.split(' ');
        const command = parts[0];
        const rowCount = Number.parseInt(parts.at(-1) ?? '', 10);
        const changes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command ?? '');
        result = {
          rows: rows as T[],
          fields,
          command,
          affectedRows: changes ? rowCount : 0,
          ...(Number.isNaN(rowCount) ? {} : { rowCount }),
        } as Results<T>;
      }
    }
    return result ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<T>);
  }

  /** Whether `text` runs as a prepared statement this time. */
  function worthPreparing(text: string, queryOptions: QueryOptions | undefined): boolean {
    // What only PGlite's own path handles (Drizzle passes none of these).
    if (
      queryOptions?.serializers ||
      queryOptions?.paramTypes ||
      queryOptions?.blob ||
      queryOptions?.onNotice
    ) {
      return false;
    }
    if (prepared.has(text)) return true;
    if (prepared.size >= maxStatements) return false;
    if (seen.has(text)) {
      seen.delete(text);
      return true;
    }
    if (seen.size >= maxStatements) seen.clear();
    seen.add(text);
    return false;
  }

  function withError<T>(text: string, params: unknown[], run: () => Promise<T>): Promise<T> {
    return run().catch((error: unknown) => {
      // A prepared statement whose tables changed shape is made again on its next call.
      if (error instanceof Error && /cached plan must not change result type/.test(error.message)) {
        prepared.delete(text);
      }
      // As PGlite's own errors: the statement and its parameters travel with the error.
      if (error instanceof Error) Object.assign(error, { query: text, params });
      throw error;
    });
  }

  const transactionClient = (tx: Transaction): PgliteTransactionClient => ({
    query: <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions) => {
      // A finished transaction refuses further statements, as PGlite's own does.
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return worthPreparing(text, queryOptions)
        ? withError(text, params, () =>
            internals._runExclusiveQuery(() => runPrepared<T>(text, params, queryOptions, true)),
          )
        : tx.query<T>(text, params, queryOptions);
    },
    exec: (text, execOptions) => tx.exec(text, execOptions),
    rollback: () => tx.rollback(),
    get closed() {
      return tx.closed;
    },
  });

  const client: PgliteClient = {
    query: <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions) =>
      worthPreparing(text, queryOptions)
        ? withError(text, params, async () => {
            await internals._checkReady();
            return internals._runExclusiveTransaction(() =>
              internals._runExclusiveQuery(() => runPrepared<T>(text, params, queryOptions, false)),
            );
          })
        : pg.query<T>(text, params, queryOptions),
    transaction: (callback) => pg.transaction((tx) => callback(transactionClient(tx))),
  };
  return client;
}
