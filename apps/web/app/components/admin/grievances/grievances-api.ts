import {
  grievanceDetailResponse,
  grievancesDeskPageResponse,
  grievancesDeskQuery,
  type GrievanceMessageInput,
  type GrievancesDeskQuery,
} from '@shop/contracts/grievances';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The grievance desk's calls, over the signed-in client `authed` hands out. Back office only. */
export function grievancesApi({ call }: ApiClient) {
  const ticket = (id: string) => `/admin/grievances/${encodeURIComponent(id)}`;
  const post = (path: string, body?: unknown) =>
    call(
      path,
      'That did not work',
      { method: 'POST', ...(body ? { body: JSON.stringify(body) } : {}) },
      grievanceDetailResponse,
    ).then((answer) => answer.data);
  return {
    list: (query: GrievancesDeskQuery) =>
      call(
        `/admin/grievances${queryString({ ...query })}`,
        'Failed to fetch grievances',
        {},
        grievancesDeskPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(ticket(id), 'Failed to fetch the grievance', {}, grievanceDetailResponse).then(
        (answer) => answer.data,
      ),
    acknowledge: (id: string) => post(`${ticket(id)}/acknowledge`),
    addMessage: (id: string, body: GrievanceMessageInput) => post(`${ticket(id)}/messages`, body),
    resolve: (id: string, resolution: string) => post(`${ticket(id)}/resolve`, { resolution }),
  };
}

/** The filters live in the URL; blank fields are left out, as the server reads them. */
export function grievancesQueryFromParams(params: URLSearchParams): {
  query: GrievancesDeskQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '') raw[key] = value;
  const parsed = grievancesDeskQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: grievancesDeskQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filter',
  };
}
