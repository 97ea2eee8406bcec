import { LogController, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';
import { serializeError } from './error-log.ts';
import { logsPerRequest, requestIdOf } from './request-log.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

/** How the shop's Fastify server is made: its logging, request ids, body limit and proxies. */
export function serverOptions(config: AppConfig, logger: FastifyServerOptions['logger']) {
  return {
    // Errors are logged with codes and messages, never a failed query's parameter values.
    logger: logger
      ? {
          ...(logger === true ? {} : logger),
          serializers: {
            ...(logger === true ? {} : logger.serializers),
            err: serializeError,
          },
        }
      : false,
    // One line per request comes from registerRequestLog; Fastify's own two would log the query.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // Above 'info' nothing logs per request, so skip making a child logger for each one (the
    // error handler names the request id itself).
    childLoggerFactory: (logger, bindings, options) =>
      logsPerRequest(logger) ? logger.child(bindings, options) : logger,
    bodyLimit: 256 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
  } satisfies FastifyServerOptions;
}
