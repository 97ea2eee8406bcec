import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';

/**
 * Mounts the React Router storefront for every path the API and media routes do not own.
 * Until the web app is built, non-API paths answer a JSON 404.
 */
export async function mountStorefront(_config: AppConfig) {
  return async (app: FastifyInstance) => {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ success: false, message: 'Route not found' }),
    );
  };
}
