import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  lowStockQuery,
  lowStockResponse,
  stockAdjustmentsResponse,
  stockAdjustmentsSchema,
  stockGridResponse,
  stockMovementsQuery,
  stockMovementsResponse,
  stockProductsQuery,
  stockProductsResponse,
  stockThresholdResponse,
  stockThresholdSchema,
} from '@shop/contracts/stock';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { StockService } from './stock.service.ts';

const tags = ['admin'];
const productParams = z.object({ productId: z.string() });

/** The back office's stock desk: the grid, its edits, the history and the low-stock list. */
export function stockAdminRoutes(service: StockService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/stock',
      {
        schema: { tags, querystring: stockProductsQuery, response: { 200: stockProductsResponse } },
      },
      async (request) => ok(await service.products(request.query), 'Products fetched'),
    );

    app.get(
      '/admin/stock/low',
      { schema: { tags, querystring: lowStockQuery, response: { 200: lowStockResponse } } },
      async (request) => ok(await service.low(request.query), 'Low stock fetched'),
    );

    app.get(
      '/admin/stock/:productId',
      { schema: { tags, params: productParams, response: { 200: stockGridResponse } } },
      async (request) => ok(await service.grid(request.params.productId), 'Stock fetched'),
    );

    app.post(
      '/admin/stock/:productId/adjustments',
      {
        schema: {
          tags,
          params: productParams,
          body: stockAdjustmentsSchema,
          response: { 200: stockAdjustmentsResponse },
        },
      },
      async (request) =>
        ok(
          await service.adjust(request.params.productId, callerOf(request), request.body),
          'Stock saved',
        ),
    );

    app.get(
      '/admin/stock/:productId/movements',
      {
        schema: {
          tags,
          params: productParams,
          querystring: stockMovementsQuery,
          response: { 200: stockMovementsResponse },
        },
      },
      async (request) =>
        ok(
          await service.movements(request.params.productId, request.query),
          'Stock movements fetched',
        ),
    );

    app.patch(
      '/admin/stock/:productId/threshold',
      {
        schema: {
          tags,
          params: productParams,
          body: stockThresholdSchema,
          response: { 200: stockThresholdResponse },
        },
      },
      async (request) =>
        ok(
          await service.setThreshold(
            request.params.productId,
            callerOf(request),
            request.body.threshold,
          ),
          'Threshold saved',
        ),
    );
  };
}
