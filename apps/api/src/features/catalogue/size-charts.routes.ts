import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sizeChartIdParams, sizeChartResponse } from '@shop/contracts/fit';
import { ok } from '../../http/envelope.ts';
import type { SizeChartsService } from './size-charts.service.ts';

/** A chart's answer: emptied when a chart changes. */
const chartAnswers = { catalogueCache: ['size-charts' as const] };

/** `GET /size-chart/{id}`: a size chart's sizes as data, beside its picture. */
export function sizeChartsRoutes(service: SizeChartsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/size-chart/:id',
      {
        config: chartAnswers,
        schema: {
          tags: ['catalogue'],
          params: sizeChartIdParams,
          response: { 200: sizeChartResponse },
        },
      },
      async (request) => ok(await service.get(request.params.id), 'Size chart fetched'),
    );
  };
}
