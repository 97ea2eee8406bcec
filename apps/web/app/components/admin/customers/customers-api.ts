import {
  customerDeskDetailResponse,
  customerNoteResponse,
  customersDeskPageResponse,
  type CustomerNoteInput,
  type CustomersDeskQuery,
} from '@shop/contracts/customers-desk';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The customers screen's calls, over the signed-in client `authed` hands out. Back office only. */
export function customersApi({ call }: ApiClient) {
  return {
    list: (query: CustomersDeskQuery) =>
      call(
        `/admin/customers${queryString({ ...query })}`,
        'Failed to fetch customers',
        {},
        customersDeskPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(
        `/admin/customers/${encodeURIComponent(id)}`,
        'Failed to fetch the customer',
        {},
        customerDeskDetailResponse,
      ).then((answer) => answer.data),
    addNote: (id: string, note: CustomerNoteInput) =>
      call(
        `/admin/customers/${encodeURIComponent(id)}/notes`,
        'Failed to add the note',
        { method: 'POST', body: JSON.stringify(note) },
        customerNoteResponse,
      ).then((answer) => answer.data),
  };
}
