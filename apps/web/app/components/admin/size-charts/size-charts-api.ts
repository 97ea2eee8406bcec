import { sizeChartListResponse, adminSizeChartResponse } from '../../fit/fit-rules';
import type { SizeChartSave } from '@shop/contracts/fit';
import type { ApiClient } from '../../../lib/api-client';

/** The size-chart screens' calls, over the signed-in client `authed` hands out. Back office only. */
export function sizeChartsApi({ call }: ApiClient) {
  const path = (id: string) => `/admin/size-charts/${encodeURIComponent(id)}`;
  return {
    list: () =>
      call('/admin/size-charts', 'Failed to fetch the size charts', {}, sizeChartListResponse).then(
        (answer) => answer.data,
      ),
    detail: (id: string) =>
      call(path(id), 'Failed to fetch the size chart', {}, adminSizeChartResponse).then(
        (answer) => answer.data,
      ),
    create: (input: SizeChartSave) =>
      call(
        '/admin/size-charts',
        'Failed to save the size chart',
        { method: 'POST', body: JSON.stringify(input) },
        adminSizeChartResponse,
      ),
    update: (id: string, input: SizeChartSave) =>
      call(
        path(id),
        'Failed to save the size chart',
        { method: 'PUT', body: JSON.stringify(input) },
        adminSizeChartResponse,
      ),
  };
}
