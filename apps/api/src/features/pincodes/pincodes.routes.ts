import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pinCodeParams, pincodeResponse } from '@shop/contracts/pincodes';
import { ok } from '../../http/envelope.ts';
import type { PincodeService } from './pincodes.service.ts';

/**
 * The PIN check. Not in the catalogue's read cache: its dates move with the clock; the service
 * keeps the directory rows and the courier's answers in memory instead. Browsers may keep the
 * courier's answer ten minutes; the directory's stand-in for a courier that could not answer is
 * not kept at all.
 */
export function pincodeRoutes(service: PincodeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pincode/:pin',
      { schema: { tags: ['shipping'], params: pinCodeParams, response: { 200: pincodeResponse } } },
      async (request, reply) => {
        const { answer, provisional } = await service.check(request.params.pin, request.ip);
        reply.header('cache-control', provisional ? 'no-store' : 'public, max-age=600');
        return ok(answer, 'PIN code checked');
      },
    );
  };
}
