import { z } from 'zod/mini';
import {
  auditMessages,
  auditPageResponse,
  auditQuery,
  decodeAuditCursor,
} from '@shop/contracts/audit';
import { queryString, type ApiClient } from '../../../lib/api-client';

/**
 * The log's query as the screen reads it from the URL: the route's own schema, but the `before`
 * cursor is checked and kept as its text, which the next call sends back as it is.
 */
export const auditListQuery = z.extend(auditQuery, {
  before: z.optional(
    z.string().check(
      z.refine((text) => decodeAuditCursor(text) !== undefined, {
        error: auditMessages.cursorInvalid,
      }),
    ),
  ),
});
export type AuditListQuery = z.output<typeof auditListQuery>;

/** The audit screen's call, over the signed-in client `authed` hands out. Staff and owners. */
export function auditApi({ call }: ApiClient) {
  return {
    list: (query: AuditListQuery) =>
      call(
        `/admin/audit${queryString({ ...query })}`,
        'Failed to fetch the audit log',
        {},
        auditPageResponse,
      ).then((answer) => answer.data),
  };
}
export type AuditPageAnswer = Awaited<ReturnType<ReturnType<typeof auditApi>['list']>>;
