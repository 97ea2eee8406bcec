import {
  adminBannerListResponse,
  adminBannerResponse,
  bannerDeletionResponse,
  type BannerInput,
} from '@shop/contracts/banners-admin';
import type { ApiClient } from '../../../lib/api-client';

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** The banners screen's calls, over the signed-in client `authed` hands out. */
export function bannersApi({ call }: ApiClient) {
  return {
    list: () =>
      call('/admin/banners', 'Failed to fetch the banners', {}, adminBannerListResponse).then(
        (answer) => answer.data,
      ),
    create: (input: BannerInput) =>
      call('/admin/banners', 'Failed to add the banner', json('POST', input), adminBannerResponse),
    update: (id: string, input: BannerInput) =>
      call(
        `/admin/banners/${encodeURIComponent(id)}`,
        'Failed to save the banner',
        json('PATCH', input),
        adminBannerResponse,
      ),
    remove: (id: string) =>
      call(
        `/admin/banners/${encodeURIComponent(id)}`,
        'Failed to delete the banner',
        { method: 'DELETE' },
        bannerDeletionResponse,
      ),
    reorder: (ids: string[]) =>
      call(
        '/admin/banners/reorder',
        'Failed to reorder the banners',
        json('POST', { ids }),
        adminBannerListResponse,
      ),
  };
}
