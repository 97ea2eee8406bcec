import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminShopPageListResponse,
  adminShopPageResponse,
  shopPageInput,
  shopPageKeyParams,
} from '@shop/contracts/shop-pages';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { PagesService } from './pages.service.ts';

const tags = ['admin'];

/**
 * The FAQ and policy pages: owners only. The policies are the shop's legal promises (exchange
 * window, refunds, privacy), and the settings they name are owner-only too.
 */
export function pagesAdminRoutes(service: PagesService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path and body are read.
    app.addHook('onRequest', guards.requireRole('owner'));

    app.get(
      '/admin/pages',
      { schema: { tags, response: { 200: adminShopPageListResponse } } },
      async () => ok(await service.list(), 'Pages fetched'),
    );

    app.get(
      '/admin/pages/:key',
      { schema: { tags, params: shopPageKeyParams, response: { 200: adminShopPageResponse } } },
      async (request) => ok(await service.get(request.params.key), 'Page fetched'),
    );

    app.put(
      '/admin/pages/:key',
      {
        schema: {
          tags,
          params: shopPageKeyParams,
          body: shopPageInput,
          response: { 200: adminShopPageResponse },
        },
      },
      async (request) =>
        ok(
          await service.save(request.params.key, request.body.content, callerOf(request)),
          'Page saved',
        ),
    );

    app.delete(
      '/admin/pages/:key',
      { schema: { tags, params: shopPageKeyParams, response: { 200: adminShopPageResponse } } },
      async (request) =>
        ok(await service.restore(request.params.key, callerOf(request)), 'Original text restored'),
    );
  };
}
