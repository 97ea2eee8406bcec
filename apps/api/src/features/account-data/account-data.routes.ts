import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletedResponse,
  deleteAccountSchema,
  messagePreferencesResponse,
  messagePreferencesUpdateSchema,
} from '@shop/contracts/account-data';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { clearSessionCookie, type SessionCookieOptions } from '../auth/session-cookie.ts';
import type { AccountDataService } from './account-data.service.ts';
import type { MessageChoices } from './message-choices.service.ts';

const tags = ['account'];

/** Her choices of messages, her data's download and her account's deletion (signed in). */
export function accountDataRoutes(
  choices: MessageChoices,
  accountData: AccountDataService,
  guards: AuthGuards,
  cookie: SessionCookieOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', guards.requireCaller);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/account/messages',
      { schema: { tags, response: { 200: messagePreferencesResponse } } },
      async (request) =>
        ok(await choices.preferences(callerOf(request).userId), 'Message choices fetched'),
    );

    app.put(
      '/account/messages',
      {
        schema: {
          tags,
          body: messagePreferencesUpdateSchema,
          response: { 200: messagePreferencesResponse },
        },
      },
      async (request) => {
        const { source = 'profile', ...preferences } = request.body;
        return ok(
          await choices.update(callerOf(request).userId, preferences, source),
          'Your message choices are saved',
        );
      },
    );

    app.get('/account/data', { schema: { tags } }, async (request, reply) => {
      const data = await accountData.exportOf(callerOf(request).userId);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    });

    app.delete(
      '/account',
      { schema: { tags, body: deleteAccountSchema, response: { 200: accountDeletedResponse } } },
      async (request, reply) => {
        const answer = await accountData.erase(callerOf(request).userId, request.body, request.ip);
        clearSessionCookie(reply, cookie);
        return ok(answer, 'Your account is deleted');
      },
    );
  };
}
