import {
  encodeAuditCursor,
  type AuditEntity,
  type AuditEntryView,
  type AuditQuery,
} from '@shop/contracts/audit';
import type { AuditRepository, AuditRow } from './audit.repository.ts';

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
