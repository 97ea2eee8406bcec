import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorSummary } from '../../src/http/error-log.ts';

const sourceFolder = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every TypeScript source of the API, tests aside. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('errors printed outside the log', () => {
  it('are summed up as the log writes them, without a failed query’s values', () => {
    const failed = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: asha@example.in'),
      { query: 'insert into users (email) values ($1)', params: ['asha@example.in'] },
    );
    const printed = errorSummary(failed);
    expect(printed).toBe('Error: Failed query');
    expect(printed).not.toContain('asha@example.in');
  });

  it('never reach the terminal as raw error objects', () => {
    // A console call handed an error itself prints its message, stack and every field it carries.
    const raw = /console\.(?:log|info|warn|error|debug)\(([^;]*?)\);/gs;
    const offenders = sources(sourceFolder).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(raw)]
        .filter(([, args]) => /(?:^|,)\s*(?:error|err|e|cause|reason)\s*(?:,|$)/.test(args!))
        .map(([call]) => `${file.slice(sourceFolder.length)}: ${call}`),
    );
    expect(offenders).toEqual([]);
  });
});
