import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditCursor, AuditEntity } from '@shop/contracts/audit';
import type { Database, Executor } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

/** Who made a change: a signed-in owner or staff member (a `Caller`), or an operator's command. */
export interface AuditActor {
  userId: string | null;
  email: string;
}

/** One change: the record's fields it changed, as they were and as they are. */
export interface AuditChange {
  /** `<entity>.<what changed>`, e.g. `order.status`, `staff.role`. */
  action: string;
  entity: AuditEntity;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Records a back-office change. Call it with the transaction that makes the change, so the entry
 * commits with it and rolls back with it: the log never tells of a change that did not happen,
 * nor misses one that did.
 */
export async function recordAudit(
  tx: Executor,
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  await tx.insert(auditEntries).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before,
    after: change.after,
  });
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
