import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { braSizeFinderInput, braSizeFinderResponse } from '@shop/contracts/fit';
import { ok } from '../../http/envelope.ts';
import type { Throttle, ThrottleRule } from '../throttle/throttle.ts';
import type { FitService } from './fit.service.ts';

/**
 * `POST /fit/bra-size`: the size finder for clients that do not run the domain's function
 * themselves. Public, so counted per client network before any work, like the other lookups.
 */
export function fitRoutes(
  service: FitService,
  limit: { throttle: Throttle; rule: ThrottleRule },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/fit/bra-size',
      {
        onRequest: async (request) => {
          await limit.throttle.take(limit.rule, request.ip);
        },
        schema: {
          tags: ['catalogue'],
          body: braSizeFinderInput,
          response: { 200: braSizeFinderResponse },
        },
      },
      async (request) => ok(await service.findBraSize(request.body), 'Size found'),
    );
  };
}
