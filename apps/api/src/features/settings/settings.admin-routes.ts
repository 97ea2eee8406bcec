import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminShopSettingsResponse, shopSettingsSchema } from '@shop/contracts/shop-settings';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['admin'];

/** The shop's settings: owners only (staff run orders, not the shop's legal details). */
export function settingsAdminRoutes(
  service: SettingsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the body is read.
    app.addHook('onRequest', guards.requireRole('owner'));

    app.get(
      '/admin/settings',
      { schema: { tags, response: { 200: adminShopSettingsResponse } } },
      async () => ok(await service.current(), 'Settings fetched'),
    );

    app.patch(
      '/admin/settings',
      { schema: { tags, body: shopSettingsSchema, response: { 200: adminShopSettingsResponse } } },
      async (request) =>
        ok(await service.update(callerOf(request), request.body), 'Settings saved'),
    );
  };
}
