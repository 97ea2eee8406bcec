import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shop/contracts/catalogue';
import { bannerListResponse, blogListResponse, blogResponse } from '@shop/contracts/content';
import { ok } from '../../http/envelope.ts';
import type { ContentService } from './content.service.ts';

const cached = { catalogueCache: ['content' as const] };

export function contentRoutes(service: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/blog',
      { config: cached, schema: { tags: ['content'], response: { 200: blogListResponse } } },
      async () => ok(await service.listBlogs(), 'Blogs fetched successfully'),
    );
    app.get(
      '/blog/:id',
      {
        config: cached,
        schema: { tags: ['content'], params: idParams('blog'), response: { 200: blogResponse } },
      },
      async (request) => ok(await service.getBlog(request.params.id), 'Blog fetched successfully'),
    );
    app.get(
      '/banner',
      // Not in the read cache: which banners show depends on the clock, not only on writes, and a
      // cached answer would keep an expired banner (or hide a started one) until some write
      // invalidated it. The query is one indexed read of a handful of rows.
      { schema: { tags: ['content'], response: { 200: bannerListResponse } } },
      async () => ok(await service.listDesktopBanners(), 'Banners fetched successfully'),
    );
    app.get(
      '/mobile-banner',
      // Not cached, as /banner.
      { schema: { tags: ['content'], response: { 200: bannerListResponse } } },
      async () => ok(await service.listMobileBanners(), 'Mobile banners fetched successfully'),
    );
  };
}
