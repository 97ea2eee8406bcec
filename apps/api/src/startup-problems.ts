import { ConfigError } from './config.ts';
import { SchemaBehindCodeError, SchemaNewerThanCodeError } from './db/migrate.ts';

/** A start-up failure an operator can fix from one line, where a stack trace would only hide it. */
export function startupProblem(error: unknown): string | undefined {
  if (error instanceof ConfigError) {
    return `Cannot start:\n${error.problems.map((problem) => `  - ${problem}`).join('\n')}`;
  }
  if (error instanceof SchemaNewerThanCodeError || error instanceof SchemaBehindCodeError) {
    return error.message;
  }
  if (error instanceof Error && error.name === 'DatabaseInUseError') return error.message;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `Cannot reach the database of DATABASE_URL: ${(error as Error).message}`;
  }
  return undefined;
}

/** Prints the one line for a known start-up problem (else the error itself) and exits 1. */
export function exitWithStartupProblem(error: unknown): never {
  console.error(startupProblem(error) ?? error);
  process.exit(1);
}
