import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicShopPageResponse, shopPageKeyParams } from '@shop/contracts/shop-pages';
import { ok } from '../../http/envelope.ts';
import type { PagesService } from './pages.service.ts';

/** Served from the read cache until a save (in any process) drops the `pages` answers. */
const cached = { catalogueCache: ['pages' as const] };

/** The FAQ and policy pages as the storefront renders them. */
export function pagesRoutes(service: PagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pages/:key',
      {
        config: cached,
        schema: {
          tags: ['content'],
          params: shopPageKeyParams,
          response: { 200: publicShopPageResponse },
        },
      },
      async (request) => ok(await service.publicPage(request.params.key), 'Page fetched'),
    );
  };
}
