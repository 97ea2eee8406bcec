/**
 * How an error is written to the log (pino's `err` serializer): its type, message, code and stack
 * frames, and for a database error its SQLSTATE, constraint, table, column and message. Never the
 * query's parameter values — Drizzle puts them in its error's message and stack (a new account's
 * email, phone and argon2 hash), and PostgreSQL's DETAIL quotes the row — nor any other field an
 * error happens to carry.
 */
export type LoggedError = {
  type: string;
  message: string;
  /** The error's type and message, then its stack frames. */
  stack: string;
  code?: string | number;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
};

/** How many causes deep the log follows an error (Drizzle's error wraps the driver's). */
const MAX_CAUSES = 4;

/** pg's and PGlite's error: a SQLSTATE and a severity. */
function isDatabaseError(error: object): error is {
  code: string;
  message: string;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
} {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in error;
}

/** Drizzle's wrapper, whose message is the SQL text followed by every parameter value. */
function isFailedQuery(error: object): boolean {
  return error.constructor?.name === 'DrizzleQueryError' || ('query' in error && 'params' in error);
}

/**
 * A database message with a quoted input value at its end ('invalid input syntax for type uuid:
 * "..."') keeps the wording, not the value.
 */
function withoutQuotedValue(message: string): string {
  return message.replace(/: ".*"$/s, ': "…"');
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A line of a V8 stack naming a call: `    at fn (file:line:col)`, `    at <anonymous>`... */
const FRAME = /^ {4}at \S.*(:\d+:\d+\)?|\(<anonymous>\)|\(native\)|<anonymous>)$/;

/**
 * The stack's frames under `heading`: the stack opens with the error's message, which may hold
 * values (a failed query's SQL and parameters span several lines of it).
 */
function framesOf(error: object, heading: string): string {
  const { stack, name, message } = error as { stack?: unknown; name?: unknown; message?: unknown };
  if (typeof stack !== 'string') return heading;
  const opening = message ? `${String(name)}: ${String(message)}` : String(name);
  const frames = stack.startsWith(opening)
    ? stack.slice(opening.length).replace(/^\n/, '')
    : stack
        .split('\n')
        .filter((line) => FRAME.test(line))
        .join('\n');
  return frames ? `${heading}\n${frames}` : heading;
}

export function serializeError(error: unknown): LoggedError {
  return serialize(error, 0);
}

/** `Type: message (code)`, then the same for each cause: what an operator can act on. */
export function summaryLines(logged: LoggedError): string[] {
  const line = `${logged.type}: ${logged.message}${logged.code === undefined ? '' : ` (${logged.code})`}`;
  return [line, ...(logged.cause ? summaryLines(logged.cause).map((l) => `caused by ${l}`) : [])];
}

/**
 * An error as one line for the terminal, written as the log writes it (`serializeError`): a raw
 * error printed whole would show a failed query's parameter values and whatever else it carries.
 */
export function errorSummary(error: unknown): string {
  return summaryLines(serializeError(error)).join('; ');
}

function serialize(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Object)) {
    const message = String(error);
    return { type: typeof error, message, stack: message };
  }
  const type = error.constructor?.name || 'Error';
  let logged: Omit<LoggedError, 'stack'>;
  if (isDatabaseError(error)) {
    const message = withoutQuotedValue(String(error.message));
    logged = {
      type,
      message,
      code: error.code,
      ...(text(error.constraint) ? { constraint: text(error.constraint)! } : {}),
      ...(text(error.table) ? { table: text(error.table)! } : {}),
      ...(text(error.column) ? { column: text(error.column)! } : {}),
    };
  } else {
    const message = isFailedQuery(error)
      ? 'Failed query'
      : String((error as { message?: unknown }).message ?? '');
    const code = (error as { code?: unknown }).code;
    logged = {
      type,
      message,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    };
  }
  const cause = (error as { cause?: unknown }).cause;
  return {
    ...logged,
    stack: framesOf(error, `${type}: ${logged.message}`),
    ...(cause !== undefined && depth < MAX_CAUSES ? { cause: serialize(cause, depth + 1) } : {}),
  };
}
