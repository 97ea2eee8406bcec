import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authSessionResponse,
  phoneCodeSendSchema,
  phoneCodeSentResponse,
  phoneCodeVerifySchema,
  phoneSignInConfigResponse,
} from '@shop/contracts/auth';
import type { AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { PhoneCodes } from './phone-codes.service.ts';
import { setSessionCookie, type SessionCookieOptions } from './session-cookie.ts';

const tags = ['auth'];

/** Sign-in with a phone number: `POST /auth/otp/send`, then `POST /auth/otp/verify`. */
export function phoneCodeRoutes(
  phoneCodes: PhoneCodes,
  guards: AuthGuards,
  cookie: SessionCookieOptions,
): FastifyPluginAsyncZod {
  // Signed in, the number is added to her account; a stale token still lets her sign in afresh.
  const maybeSignedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    await guards.optionalCaller(request, reply).catch(() => {
      request.caller = undefined;
    });
  };
  return async (app) => {
    // The sign-in dialog offers 'Continue with phone number' only when a channel can carry codes.
    app.get(
      '/auth/otp/config',
      { schema: { tags, response: { 200: phoneSignInConfigResponse } } },
      async () =>
        ok(
          { enabled: phoneCodes.channels().length > 0, channels: phoneCodes.channels() },
          'Phone sign-in',
        ),
    );

    app.post(
      '/auth/otp/send',
      {
        preHandler: maybeSignedIn,
        schema: { tags, body: phoneCodeSendSchema, response: { 200: phoneCodeSentResponse } },
      },
      async (request) =>
        ok(
          await phoneCodes.send({
            phone: request.body.phone,
            channel: request.body.channel,
            clientAddress: request.ip,
            userId: request.caller?.userId ?? null,
          }),
          'Code sent',
        ),
    );

    app.post(
      '/auth/otp/verify',
      {
        preHandler: maybeSignedIn,
        schema: { tags, body: phoneCodeVerifySchema, response: { 200: authSessionResponse } },
      },
      async (request, reply) => {
        const session = await phoneCodes.verify({
          ...request.body,
          userId: request.caller?.userId ?? null,
        });
        setSessionCookie(reply, session.refreshToken, cookie);
        return ok(session, 'Login successful');
      },
    );
  };
}
