import {
  adminOfferResponse,
  adminOffersPageResponse,
  type AdminOffersQuery,
  type OfferForm,
} from '@shop/contracts/offers';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The offer screens' calls, over the signed-in client `authed` hands out. Back office only. */
export function offersApi({ call }: ApiClient) {
  const path = (id: string) => `/admin/offers/${encodeURIComponent(id)}`;
  return {
    list: (query: AdminOffersQuery) =>
      call(
        `/admin/offers${queryString({ ...query })}`,
        'Failed to fetch offers',
        {},
        adminOffersPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(path(id), 'Failed to fetch the offer', {}, adminOfferResponse).then(
        (answer) => answer.data,
      ),
    create: (form: OfferForm) =>
      call(
        '/admin/offers',
        'Failed to create the offer',
        { method: 'POST', body: JSON.stringify(form) },
        adminOfferResponse,
      ),
    update: (id: string, form: OfferForm) =>
      call(
        path(id),
        'Failed to save the offer',
        { method: 'PATCH', body: JSON.stringify(form) },
        adminOfferResponse,
      ),
    end: (id: string) =>
      call(`${path(id)}/end`, 'Failed to end the offer', { method: 'POST' }, adminOfferResponse),
  };
}
