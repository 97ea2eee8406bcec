import {
  encodeAuditCursor,
  type AuditEntity,
  type AuditEntryView,
  type AuditQuery,
} from '@shop/contracts/audit';
import type { Executor } from '../../db/client.ts';
import { insertAuditEntry, type AuditRepository, type AuditRow } from './audit.repository.ts';

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
 * nor misses one that did. Every feature records through this, never through the repository.
 */
export async function recordAudit(
  tx: Executor,
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  await insertAuditEntry(tx, {
    actorId: actor.userId,
    actorEmail: actor.email,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before,
    after: change.after,
  });
}

/**
 * The fields that differ between two views of a record (compared as JSON), as they were and as
 * they are; null when nothing differs. The log keeps only what a change changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Records an edit of a record as the fields it changed (`changedFields`), in the edit's
 * transaction; an edit that changed nothing is not logged.
 */
export async function recordAuditedEdit(
  tx: Executor,
  actor: AuditActor,
  change: Omit<AuditChange, 'before' | 'after'> & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  const diff = changedFields(change.before, change.after);
  if (diff) await recordAudit(tx, actor, { ...change, ...diff });
}

function toEntry(row: AuditRow): AuditEntryView {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity as AuditEntity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  };
}

export function createAuditService(repository: AuditRepository) {
  return {
    /** A page of the log, newest first, and the cursor of the next (older) page. */
    async list(query: AuditQuery) {
      const { rows, more } = await repository.page({
        entity: query.entity,
        entityId: query.id,
        before: query.before,
        limit: query.limit,
      });
      const last = rows.at(-1);
      return {
        entries: rows.map(toEntry),
        next: more && last ? encodeAuditCursor({ at: last.at, id: last.id }) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
