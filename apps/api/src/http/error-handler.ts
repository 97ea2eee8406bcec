import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ShopError, type ShopErrorKind } from '@shop/domain/errors';
import { sqlStateOf } from '../db/client.ts';
import { failure } from './envelope.ts';

/**
 * Every failure leaves as `{ success: false, message, requestId }`. Bad input is a 4xx naming what
 * was wrong; anything unexpected is logged with its request id and answered with a generic 500 —
 * never a stack trace or SQL.
 */
const statusOf: Record<ShopErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-large': 413,
  'unsupported-type': 415,
  throttled: 429,
  unavailable: 503,
};

/**
 * Text the database cannot store (a NUL byte, or one escaped in JSON): every text field refuses
 * control characters before it gets there, so reaching the database is a missing check — logged,
 * and answered as the bad input it is rather than a 500.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
export const unstorableTextMessage = 'Text must not contain control characters';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ShopError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(statusOf[error.kind]).send(failure(request, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const path = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const message = first?.message ?? 'Invalid request';
      // Body schemas carry the shopper-facing message of each field ('First name is required.');
      // zod's generic texts, and every query-string problem, name the parameter instead.
      const generic = /^(Invalid input|Too (small|big)|Unrecognized|Invalid option)/.test(message);
      const named =
        (error.validationContext === 'body' && !generic) || message.startsWith('Invalid ') || !path
          ? message
          : `Invalid ${path}: ${message}`;
      const field = error.validationContext === 'body' && path ? path : undefined;
      return reply.status(400).send(failure(request, named, field));
    }
    const sqlState = sqlStateOf(error);
    if (sqlState !== undefined && UNSTORABLE_TEXT.has(sqlState)) {
      request.server.log.warn(
        { reqId: request.id, err: error },
        'unstorable text reached the database',
      );
      return reply.status(400).send(failure(request, unstorableTextMessage));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): safe texts.
      return reply.status(status).send(failure(request, error.message));
    }
    // Through the server's logger with the id named: below 'info' requests get no child logger
    // of their own (see childLoggerFactory in app.ts), and this line must carry the id anyway.
    request.server.log.error({ reqId: request.id, err: error }, 'unhandled error');
    return reply.status(500).send(failure(request, 'Something went wrong'));
  });
}
