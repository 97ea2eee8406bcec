import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBannerListResponse,
  adminBannerResponse,
  bannerDeletionResponse,
  bannerIdParams,
  bannerInput,
} from '@shop/contracts/banners-admin';
import { reorderInput } from '@shop/contracts/categories-admin';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { BannersAdminService } from './banners-admin.service.ts';

const tags = ['admin'];

/** The back office's home page banners: list, create, save, delete, reorder. */
export function bannersAdminRoutes(
  service: BannersAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff keep the home page's banners as they keep the catalogue.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/banners',
      { schema: { tags, response: { 200: adminBannerListResponse } } },
      async () => ok(await service.list(), 'Banners fetched'),
    );

    app.post(
      '/admin/banners',
      { schema: { tags, body: bannerInput, response: { 201: adminBannerResponse } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await service.create(request.body, callerOf(request)), 'Banner created')),
    );

    app.post(
      '/admin/banners/reorder',
      { schema: { tags, body: reorderInput, response: { 200: adminBannerListResponse } } },
      async (request) =>
        ok(await service.reorder(request.body.ids, callerOf(request)), 'Banners reordered'),
    );

    app.patch(
      '/admin/banners/:id',
      {
        schema: {
          tags,
          params: bannerIdParams,
          body: bannerInput,
          response: { 200: adminBannerResponse },
        },
      },
      async (request) =>
        ok(
          await service.update(request.params.id, request.body, callerOf(request)),
          'Banner saved',
        ),
    );

    app.delete(
      '/admin/banners/:id',
      { schema: { tags, params: bannerIdParams, response: { 200: bannerDeletionResponse } } },
      async (request) =>
        ok(await service.remove(request.params.id, callerOf(request)), 'Banner deleted'),
    );
  };
}
