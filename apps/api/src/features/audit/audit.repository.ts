import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditCursor, AuditEntity } from '@shop/contracts/audit';
import type { Database, Executor } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

/**
 * Writes one entry of the log (`recordAudit` in the audit service says who and what). With the
 * transaction that makes the change, so the entry commits and rolls back with it.
 */
export async function insertAuditEntry(
  tx: Executor,
  entry: typeof auditEntries.$inferInsert,
): Promise<void> {
  await tx.insert(auditEntries).values(entry);
}

export interface AuditPageQuery {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  /** Entries older than this position (the previous page's last entry). */
  before?: AuditCursor | undefined;
  limit: number;
}

export function createAuditRepository(db: Database) {
  return {
    /**
     * Newest first, by (at, id): one more row than asked for tells whether a next page exists.
     * Both indexes of the table serve this order, with or without an entity filter.
     */
    async page(query: AuditPageQuery): Promise<{ rows: AuditRow[]; more: boolean }> {
      const conditions: SQL[] = [];
      if (query.entity) conditions.push(eq(auditEntries.entity, query.entity));
      if (query.entityId !== undefined) conditions.push(eq(auditEntries.entityId, query.entityId));
      if (query.before) {
        conditions.push(
          sql`(${auditEntries.at}, ${auditEntries.id}) < (${query.before.at.toISOString()}::timestamptz, ${query.before.id}::uuid)`,
        );
      }
      const rows = await db
        .select()
        .from(auditEntries)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(auditEntries.at), desc(auditEntries.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
