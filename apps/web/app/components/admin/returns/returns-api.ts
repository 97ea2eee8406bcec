import {
  returnsDeskLineResponse,
  returnsDeskPageResponse,
  returnStepPaths,
  type ReturnCheckInput,
  type ReturnDeclineInput,
  type ReturnsDeskQuery,
} from '@shop/contracts/returns-desk';
import type { ReturnStep } from '@shop/domain/returns';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The returns desk's calls, over the signed-in client `authed` hands out. Back office only. */
export function returnsApi({ call }: ApiClient) {
  const line = (id: string) => `/admin/returns/${encodeURIComponent(id)}`;
  return {
    list: (query: ReturnsDeskQuery) =>
      call(
        `/admin/returns${queryString({ ...query })}`,
        'Failed to fetch returns',
        {},
        returnsDeskPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(line(id), 'Failed to fetch the return', {}, returnsDeskLineResponse).then(
        (answer) => answer.data,
      ),
    /** One step of the line; decline and the quality check carry their form. */
    take: (id: string, step: ReturnStep, body?: ReturnDeclineInput | ReturnCheckInput) =>
      call(
        `${line(id)}/${returnStepPaths[step]}`,
        'That did not work',
        { method: 'POST', ...(body ? { body: JSON.stringify(body) } : {}) },
        returnsDeskLineResponse,
      ).then((answer) => answer.data),
  };
}
