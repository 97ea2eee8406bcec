import { dashboardResponse, type DashboardQuery } from '@shop/contracts/dashboard';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The dashboard's call, over the signed-in client `authed` hands out. Back office only. */
export function dashboardApi({ call }: ApiClient) {
  return {
    figures: (query: DashboardQuery) =>
      call(
        `/admin/dashboard${queryString({ ...query })}`,
        'Failed to fetch the dashboard',
        {},
        dashboardResponse,
      ).then((answer) => answer.data),
  };
}
