import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCategoryListResponse,
  adminCategoryResponse,
  adminSubcategoryResponse,
  categoryCreateInput,
  categoryIdParams,
  categoryPatchInput,
  reorderInput,
  subcategoryCreateInput,
  subcategoryIdParams,
  subcategoryPatchInput,
} from '@shop/contracts/categories-admin';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { CategoriesAdminService } from './categories-admin.service.ts';

const tags = ['admin'];

/** The back office's categories and their subcategories: list, create, change, reorder. */
export function categoriesAdminRoutes(
  service: CategoriesAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff keep the catalogue's shelves as they keep its products; checked before anything is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/categories',
      { schema: { tags, response: { 200: adminCategoryListResponse } } },
      async () => ok(await service.list(), 'Categories fetched'),
    );

    app.post(
      '/admin/categories',
      { schema: { tags, body: categoryCreateInput, response: { 201: adminCategoryResponse } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await service.create(request.body, callerOf(request)), 'Category created')),
    );

    app.post(
      '/admin/categories/reorder',
      { schema: { tags, body: reorderInput, response: { 200: adminCategoryListResponse } } },
      async (request) =>
        ok(await service.reorder(request.body.ids, callerOf(request)), 'Categories reordered'),
    );

    app.patch(
      '/admin/categories/:id',
      {
        schema: {
          tags,
          params: categoryIdParams,
          body: categoryPatchInput,
          response: { 200: adminCategoryResponse },
        },
      },
      async (request) =>
        ok(
          await service.update(request.params.id, request.body, callerOf(request)),
          'Category saved',
        ),
    );

    app.post(
      '/admin/categories/:id/subcategories',
      {
        schema: {
          tags,
          params: categoryIdParams,
          body: subcategoryCreateInput,
          response: { 201: adminSubcategoryResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await service.createSubcategory(request.params.id, request.body, callerOf(request)),
              'Subcategory created',
            ),
          ),
    );

    app.post(
      '/admin/categories/:id/subcategories/reorder',
      {
        schema: {
          tags,
          params: categoryIdParams,
          body: reorderInput,
          response: { 200: adminCategoryResponse },
        },
      },
      async (request) =>
        ok(
          await service.reorderSubcategories(
            request.params.id,
            request.body.ids,
            callerOf(request),
          ),
          'Subcategories reordered',
        ),
    );

    app.patch(
      '/admin/categories/:id/subcategories/:subId',
      {
        schema: {
          tags,
          params: subcategoryIdParams,
          body: subcategoryPatchInput,
          response: { 200: adminSubcategoryResponse },
        },
      },
      async (request) =>
        ok(
          await service.updateSubcategory(
            request.params.id,
            request.params.subId,
            request.body,
            callerOf(request),
          ),
          'Subcategory saved',
        ),
    );
  };
}
