import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '@shop/domain/errors';
import type { AuthService, Caller } from '../features/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireCaller` (or `optionalCaller`) on routes that read the session. */
    caller: Caller | undefined;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * preHandlers for routes that read the session. They run after routing, long after the
 * catalogue read cache (which answers in onRequest and must never see these routes), and mark
 * every answer `no-store` so no browser or proxy cache keeps one shopper's data.
 */
export function createAuthGuards(auth: AuthService) {
  /** Requires a signed-in caller; `missingMessage` is what a request without any token hears. */
  const requireCallerWith =
    (missingMessage?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const token = bearerToken(request);
      if (!token && missingMessage) throw unauthenticated(missingMessage);
      request.caller = await auth.authenticate(token);
    };

  return {
    requireCaller: requireCallerWith(),
    requireCallerWith,
    /** A missing token is fine; a bad one is still refused. */
    async optionalCaller(request: FastifyRequest, reply: FastifyReply) {
      reply.header('cache-control', 'no-store');
      const token = bearerToken(request);
      request.caller = token ? await auth.authenticate(token) : undefined;
    },
  };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The caller on a route guarded by `requireCaller`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route is missing the requireCaller guard');
  return request.caller;
}
