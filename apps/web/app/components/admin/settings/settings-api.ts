import { adminShopSettingsResponse, type ShopSettings } from '@shop/contracts/shop-settings';
import type { ApiClient } from '../../../lib/api-client';

/** The settings screen's calls, over the signed-in client `authed` hands out. Owners only. */
export function settingsApi({ call }: ApiClient) {
  return {
    read: () =>
      call('/admin/settings', 'Failed to fetch the settings', {}, adminShopSettingsResponse).then(
        (answer) => answer.data,
      ),
    save: (settings: ShopSettings) =>
      call(
        '/admin/settings',
        'Failed to save the settings',
        { method: 'PATCH', body: JSON.stringify(settings) },
        adminShopSettingsResponse,
      ),
  };
}
