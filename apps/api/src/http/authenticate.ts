import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '@shop/domain/errors';
import { hasRole, roleMessages, type StaffRole } from '@shop/domain/roles';
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

  const requireCaller = requireCallerWith();

  return {
    requireCaller,
    requireCallerWith,
    /**
     * The one guard of every back-office route (`/api/admin/*`), added on `onRequest` so it runs
     * before the path, query or body are validated: a signed-out caller hears the usual 401, a
     * shopper (or staff on an owner's route) a 403, and neither ever a validation message that
     * would tell them what the route takes. The role is read from the user row each request, so
     * a role taken away counts from the next request on.
     */
    requireRole(minimum: StaffRole) {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        await requireCaller(request, reply);
        const { role } = request.caller!;
        if (hasRole(role, minimum)) return;
        throw forbidden(hasRole(role, 'staff') ? roleMessages.ownerOnly : roleMessages.staffOnly);
      };
    },
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
