import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalid } from '@shop/domain/errors';
import type { Executor } from './client.ts';

/** Ids a form chose from one table, and the words that refuse one that names no row. */
export type KnownIdsCheck = readonly [
  table: PgTable & { id: AnyPgColumn },
  ids: readonly string[],
  message: string,
];

/**
 * Refuses (400) ids that name no row of their table: a typo in a chosen category or product
 * would otherwise match nothing, silently. The ids are distinct; the checks run in order, so the
 * first unknown kind is the one reported.
 */
export async function refuseUnknownIds(
  tx: Executor,
  checks: readonly KnownIdsCheck[],
): Promise<void> {
  for (const [table, ids, message] of checks) {
    if (ids.length === 0) continue;
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, [...ids]));
    if (found.length !== ids.length) throw invalid(message);
  }
}
