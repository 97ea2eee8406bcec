import { auditPageResponse } from '@shop/contracts/audit';
import { queryString, type ApiClient } from '../../../lib/api-client';
import type { AuditFilters } from './audit-filters';

/** The audit screen's call, over the signed-in client `authed` hands out. Staff and owners. */
export function auditApi({ call }: ApiClient) {
  return {
    list: (filters: AuditFilters) =>
      call(
        `/admin/audit${queryString({ ...filters })}`,
        'Failed to fetch the audit log',
        {},
        auditPageResponse,
      ).then((answer) => answer.data),
  };
}
