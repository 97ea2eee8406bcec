import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSizeChartResponse,
  sizeChartIdParams,
  sizeChartInput,
  sizeChartListResponse,
} from '@shop/contracts/fit';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { SizeChartsService } from './size-charts.service.ts';

const tags = ['admin'];

/** The back office's size charts: list, read, create, replace a chart's rows. */
export function sizeChartsAdminRoutes(
  service: SizeChartsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff keep the size charts as they keep the products that use them.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/size-charts',
      { schema: { tags, response: { 200: sizeChartListResponse } } },
      async () => ok(await service.list(), 'Size charts fetched'),
    );

    app.post(
      '/admin/size-charts',
      { schema: { tags, body: sizeChartInput, response: { 201: adminSizeChartResponse } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await service.create(request.body, callerOf(request)), 'Size chart created')),
    );

    app.get(
      '/admin/size-charts/:id',
      { schema: { tags, params: sizeChartIdParams, response: { 200: adminSizeChartResponse } } },
      async (request) => ok(await service.read(request.params.id), 'Size chart fetched'),
    );

    app.put(
      '/admin/size-charts/:id',
      {
        schema: {
          tags,
          params: sizeChartIdParams,
          body: sizeChartInput,
          response: { 200: adminSizeChartResponse },
        },
      },
      async (request) =>
        ok(
          await service.replace(request.params.id, request.body, callerOf(request)),
          'Size chart saved',
        ),
    );
  };
}
