import {
  adminDiscountResponse,
  adminDiscountsPageResponse,
  type AdminDiscountsQuery,
  type DiscountForm,
} from '@shop/contracts/admin-discounts';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The discount screens' calls, over the signed-in client `authed` hands out. Back office only. */
export function discountsApi({ call }: ApiClient) {
  const path = (id: string) => `/admin/discounts/${encodeURIComponent(id)}`;
  return {
    list: (query: AdminDiscountsQuery) =>
      call(
        `/admin/discounts${queryString({ ...query })}`,
        'Failed to fetch discounts',
        {},
        adminDiscountsPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(path(id), 'Failed to fetch the discount', {}, adminDiscountResponse).then(
        (answer) => answer.data,
      ),
    create: (form: DiscountForm) =>
      call(
        '/admin/discounts',
        'Failed to create the discount',
        { method: 'POST', body: JSON.stringify(form) },
        adminDiscountResponse,
      ),
    update: (id: string, form: DiscountForm) =>
      call(
        path(id),
        'Failed to save the discount',
        { method: 'PATCH', body: JSON.stringify(form) },
        adminDiscountResponse,
      ),
    setActive: (id: string, active: boolean) =>
      call(
        `${path(id)}/${active ? 'activate' : 'deactivate'}`,
        active ? 'Failed to activate the discount' : 'Failed to deactivate the discount',
        { method: 'POST' },
        adminDiscountResponse,
      ),
  };
}
