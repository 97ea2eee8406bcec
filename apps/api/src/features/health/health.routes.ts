import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@shop/contracts/health';
import { pingDatabase, type Database, type DatabaseKind } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';

export function healthRoutes(db: Database, kind: DatabaseKind): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], response: { 200: healthResponse } } },
      async () => {
        await pingDatabase(db);
        return ok({ status: 'ok' as const, database: kind }, 'Healthy');
      },
    );
  };
}
