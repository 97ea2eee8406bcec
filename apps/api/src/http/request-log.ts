import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An incoming request id is kept only when it is a short token that cannot forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the caller's `x-request-id` (a proxy's or a load balancer's, so one id
 * follows the request through them) when it is safe, otherwise a new random UUID.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Whether a logger writes `info` lines, where the per-request line goes. Above it nothing logs per
 * request, so a request needs no child logger of its own (see childLoggerFactory in app.ts).
 */
export function logsPerRequest(logger: { level?: string }): boolean {
  return logger.level === 'info' || logger.level === 'debug' || logger.level === 'trace';
}

/** The route pattern a request matched (`/api/product/:id`), never its raw URL. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * The path logged: no query string (it may carry a reset token or an OAuth code), and a guest
 * cart's session id (its only credential) masked.
 */
function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  const path = query === -1 ? request.url : request.url.slice(0, query);
  const sessionId = (request.params as { sessionId?: unknown } | undefined)?.sessionId;
  return typeof sessionId === 'string' && sessionId.length > 0
    ? path.replace(encodeURIComponent(sessionId), '*').replace(sessionId, '*')
    : path;
}

/**
 * Every answer carries its request id in `x-request-id`, and each request is one `info` line when
 * it ends (Fastify's own request logging is off): method, route, path, status, duration and the
 * id (`reqId`, bound by Fastify). Headers are never logged, so no `authorization` or cookie is.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // onRequest is the first hook: every later answer (a cached one, a 404, an error) keeps it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (logsPerRequest(request.log)) {
      request.log.info(
        {
          method: request.method,
          route: routeOf(request),
          path: pathOf(request),
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request completed',
      );
    }
    done();
  });
}
