import {
  grievanceDetailResponse,
  grievancesDeskPageResponse,
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
