import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminProductResponse,
  adminProductsPageResponse,
  adminProductsQuery,
  productBulkInput,
  productBulkResponse,
  productDeletionResponse,
  productFormOptionsResponse,
  productInput,
} from '@shop/contracts/products-admin';
import { productRuleMessages } from '@shop/domain/products';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ProductsAdminService } from './products-admin.service.ts';

const tags = ['admin'];
const idParams = z.object({
  id: z.string().check(z.uuid({ error: 'Invalid product id' })),
});

/** The back office's products: list, read, create, save, delete (or deactivate), bulk actions. */
export function productsAdminRoutes(
  service: ProductsAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff keep the catalogue as owners do; the role is checked before anything is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/products',
      {
        schema: {
          tags,
          querystring: adminProductsQuery,
          response: { 200: adminProductsPageResponse },
        },
      },
      async (request) => ok(await service.list(request.query), 'Products fetched'),
    );

    app.get(
      '/admin/products/options',
      { schema: { tags, response: { 200: productFormOptionsResponse } } },
      async () => ok(await service.options(), 'Choices fetched'),
    );

    app.post(
      '/admin/products',
      { schema: { tags, body: productInput, response: { 201: adminProductResponse } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await service.create(request.body, callerOf(request)), 'Product created')),
    );

    app.post(
      '/admin/products/bulk',
      { schema: { tags, body: productBulkInput, response: { 200: productBulkResponse } } },
      async (request) =>
        ok(await service.bulk(request.body, callerOf(request)), 'Products updated'),
    );

    app.get(
      '/admin/products/:id',
      { schema: { tags, params: idParams, response: { 200: adminProductResponse } } },
      async (request) => ok(await service.get(request.params.id), 'Product fetched'),
    );

    app.patch(
      '/admin/products/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: productInput,
          response: { 200: adminProductResponse },
        },
      },
      async (request) =>
        ok(
          await service.update(request.params.id, request.body, callerOf(request)),
          'Product saved',
        ),
    );

    app.delete(
      '/admin/products/:id',
      { schema: { tags, params: idParams, response: { 200: productDeletionResponse } } },
      async (request) => {
        const outcome = await service.remove(request.params.id, callerOf(request));
        return ok(
          outcome,
          outcome.outcome === 'deactivated'
            ? productRuleMessages.deactivatedInstead
            : productRuleMessages.deleted,
        );
      },
    );
  };
}
