import { ConfigError } from './config.ts';
import { SchemaBehindCodeError, SchemaNewerThanCodeError } from './db/migrate.ts';
import { serializeError, summaryLines, type LoggedError } from './http/error-log.ts';

/** A start-up failure an operator can fix from one line, where a stack trace would only hide it. */
export function startupProblem(error: unknown): string | undefined {
  if (error instanceof ConfigError) {
    return `Cannot start:\n${error.problems.map((problem) => `  - ${problem}`).join('\n')}`;
  }
  if (error instanceof SchemaNewerThanCodeError || error instanceof SchemaBehindCodeError) {
    return error.message;
  }
  if (error instanceof Error && error.name === 'DatabaseInUseError') return error.message;
  // Before the database's codes: an unreachable bucket fails with the same ECONNREFUSED.
  if (error instanceof Error && error.name === 'MediaStoreUnreachableError') return error.message;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `Cannot reach the database of DATABASE_URL: ${(error as Error).message}`;
  }
  return undefined;
}

/** The log levels at which an unexpected start-up error is printed with its stack frames. */
const TRACING_LEVELS = new Set(['debug', 'trace']);

function stackLines(logged: LoggedError): string[] {
  return [
    logged.stack,
    ...(logged.cause ? stackLines(logged.cause).map((l) => `caused by ${l}`) : []),
  ];
}

/**
 * What is printed when the shop cannot start: the known problem's own line, else one line saying
 * the failure was unexpected and the error's type, message and code (and its causes'), written as
 * the log writes errors, so a failed query's parameters never reach the terminal. The stack frames
 * only with LOG_LEVEL=debug (or trace): they help whoever changes the code, not the operator.
 */
export function startupFailureText(error: unknown, logLevel = process.env.LOG_LEVEL): string {
  const known = startupProblem(error);
  if (known) return known;
  const logged = serializeError(error);
  const tracing = TRACING_LEVELS.has((logLevel ?? '').trim().toLowerCase());
  const detail = tracing ? [...summaryLines(logged), ...stackLines(logged)] : summaryLines(logged);
  const heading = tracing
    ? 'Cannot start: an unexpected error.'
    : 'Cannot start: an unexpected error (LOG_LEVEL=debug prints where it came from).';
  return [heading, ...detail.map((line) => `  ${line}`)].join('\n');
}

/** Prints what stopped the start (see `startupFailureText`) and exits 1. */
export function exitWithStartupProblem(error: unknown): never {
  console.error(startupFailureText(error));
  process.exit(1);
}
