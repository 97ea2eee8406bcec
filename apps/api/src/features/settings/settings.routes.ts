import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicShopSettingsResponse } from '@shop/contracts/shop-settings';
import { ok } from '../../http/envelope.ts';
import type { SettingsService } from './settings.service.ts';

/** What the storefront shows of the settings: contacts, hours and the grievance officer. */
export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/public',
      { schema: { tags: ['content'], response: { 200: publicShopSettingsResponse } } },
      async () => ok(await service.publicSettings(), 'Settings fetched'),
    );
  };
}
