// The audit log: who changed what in the back office, with the record before and after. Read
// newest first, a page at a time, with a cursor on (at, id) so pages hold still while entries
// are added. zod/mini because the back office's log screen parses its URL with it.
import * as z from 'zod/mini';
import { isUuid } from '@shop/domain/ids';
import { plainText, successEnvelope } from './common-mini.ts';

/** What an entry is about; each admin feature records its own kind. */
export const auditEntities = [
  'order',
  'staff',
  'product',
  'setting',
  'customer',
  'media',
  'discount',
  'category',
  'banner',
  'blog',
  'page',
  'grievance',
  'review',
  'size_chart',
  'offer',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 100;

export const auditMessages = {
  entityInvalid: `Invalid entity: must be one of ${auditEntities.join(', ')}`,
  idInvalid: 'Invalid id: must be text of at most 200 characters',
  cursorInvalid: "Invalid before: use the previous page's next cursor",
  limitInvalid: `Invalid limit: must be a whole number from 1 to ${MAX_AUDIT_PAGE_SIZE}`,
} as const;

/** A position in the log: the entry's time (to the millisecond, as stored) and its id. */
export interface AuditCursor {
  at: Date;
  id: string;
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return `${cursor.at.toISOString()}_${cursor.id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i;

export function decodeAuditCursor(text: string): AuditCursor | undefined {
  const match = CURSOR.exec(text);
  if (!match || !isUuid(match[2]!)) return undefined;
  const at = new Date(match[1]!);
  return Number.isNaN(at.getTime()) ? undefined : { at, id: match[2]!.toLowerCase() };
}

export const auditQuery = z.object({
  entity: z.optional(z.enum(auditEntities, { error: auditMessages.entityInvalid })),
  id: z.optional(
    z
      .string({ error: auditMessages.idInvalid })
      .check(
        z.trim(),
        z.maxLength(200, { error: auditMessages.idInvalid }),
        plainText(auditMessages.idInvalid),
      ),
  ),
  before: z.optional(
    z.pipe(
      z.string({ error: auditMessages.cursorInvalid }),
      z.transform((value, context) => {
        const cursor = decodeAuditCursor(value);
        if (cursor) return cursor;
        context.issues.push({ code: 'custom', message: auditMessages.cursorInvalid, input: value });
        return z.NEVER;
      }),
    ),
  ),
  limit: z._default(
    z.coerce
      .number({ error: auditMessages.limitInvalid })
      .check(
        z.int({ error: auditMessages.limitInvalid }),
        z.minimum(1, { error: auditMessages.limitInvalid }),
        z.maximum(MAX_AUDIT_PAGE_SIZE, { error: auditMessages.limitInvalid }),
      ),
    AUDIT_PAGE_SIZE,
  ),
});
export type AuditQuery = z.infer<typeof auditQuery>;

// ---------- answers ----------

const snapshot = z.nullable(z.record(z.string(), z.unknown()));

export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null once the account is gone (the email stays), or for the operator's own commands. */
  actorId: z.nullable(z.string()),
  actorEmail: z.string(),
  /** `<entity>.<what changed>`, e.g. `order.status`, `staff.role`. */
  action: z.string(),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  before: snapshot,
  after: snapshot,
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditPageResponse = successEnvelope(
  z.object({
    entries: z.array(auditEntry),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next: z.nullable(z.string()),
  }),
);
