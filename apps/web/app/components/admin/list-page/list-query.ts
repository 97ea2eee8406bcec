import { z } from 'zod/mini';
import { TRAIL_PARAM } from './cursor-pages';

/**
 * A list's query read from the URL with its contract's schema. Blank fields are left out, as the
 * server reads them, and so is the pager's trail of earlier cursors (it is the browser's, never
 * the server's). A URL the schema refuses shows the list unfiltered with the reason why.
 */
export function listQueryFromParams<Schema extends z.core.$ZodType>(
  schema: Schema,
  params: URLSearchParams,
): { query: z.output<Schema>; problem: string | null } {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key !== TRAIL_PARAM && value.trim() !== '') raw[key] = value;
  }
  const parsed = z.safeParse(schema, raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: z.parse(schema, {}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filters',
  };
}

/**
 * The URL of a submitted filter form: its filled fields, less those at the schema's default (so
 * links stay short). A new filter starts from the first page: no cursor, no trail.
 */
export function paramsOfFilters<Schema extends z.core.$ZodType>(
  schema: Schema,
  fields: Iterable<[string, string]>,
  keep: readonly string[] = ['q'],
): URLSearchParams {
  const defaults = z.parse(schema, {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [name, raw] of fields) {
    const value = raw.trim();
    if (value === '' || name === 'cursor' || name === TRAIL_PARAM) continue;
    if (!keep.includes(name) && String(defaults[name] ?? '') === value) continue;
    params.set(name, value);
  }
  return params;
}

/** Filters set in the URL beyond the search box and the pager's own parameters. */
export function activeFilterCount(params: URLSearchParams, searchName = 'q'): number {
  const own = new Set([searchName, 'cursor', TRAIL_PARAM, 'limit']);
  return new Set([...params.keys()].filter((key) => !own.has(key) && params.get(key) !== '')).size;
}
