import {
  adminShopPageListResponse,
  adminShopPageResponse,
  type ShopPageContent,
} from '@shop/contracts/shop-pages';
import type { ShopPageKey } from '@shop/domain/shop-pages';
import type { ApiClient } from '../../../lib/api-client';

/** The pages screens' calls, over the signed-in client `authed` hands out. Owners only. */
export function pagesApi({ call }: ApiClient) {
  return {
    list: () =>
      call('/admin/pages', 'Failed to fetch the pages', {}, adminShopPageListResponse).then(
        (answer) => answer.data,
      ),
    get: (key: ShopPageKey) =>
      call(`/admin/pages/${key}`, 'Failed to fetch the page', {}, adminShopPageResponse).then(
        (answer) => answer.data,
      ),
    save: (key: ShopPageKey, content: ShopPageContent) =>
      call(
        `/admin/pages/${key}`,
        'Failed to save the page',
        { method: 'PUT', body: JSON.stringify({ content }) },
        adminShopPageResponse,
      ),
    restore: (key: ShopPageKey) =>
      call(
        `/admin/pages/${key}`,
        'Failed to restore the page',
        { method: 'DELETE' },
        adminShopPageResponse,
      ),
  };
}
