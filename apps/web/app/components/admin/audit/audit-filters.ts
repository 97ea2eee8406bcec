import { auditQuery, type AuditEntity } from '@shop/contracts/audit';

/** The log's filters and page as the URL and the API spell them (`before` is the cursor). */
export interface AuditFilters {
  entity?: AuditEntity;
  id?: string;
  before?: string;
}

/**
 * The filters of the URL, checked with the route's own schema; blank fields are left out. A bad
 * value shows the whole log with the schema's message, as the other back-office lists do.
 */
export function auditFiltersFromParams(params: URLSearchParams): {
  filters: AuditFilters;
  problem: string | null;
} {
  const filters: AuditFilters = {};
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const raw = { entity: text('entity'), id: text('id'), before: text('before') };
  const parsed = auditQuery.safeParse(raw);
  if (!parsed.success) {
    return { filters, problem: parsed.error.issues[0]?.message ?? 'Invalid filters' };
  }
  if (parsed.data.entity) filters.entity = parsed.data.entity;
  if (raw.id) filters.id = raw.id;
  if (raw.before) filters.before = raw.before;
  return { filters, problem: null };
}
