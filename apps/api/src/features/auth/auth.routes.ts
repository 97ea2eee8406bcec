import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addEmailSchema,
  authSessionResponse,
  changePasswordSchema,
  emailLinkSentResponse,
  forgotPasswordSchema,
  googleConfigResponse,
  googleSignInSchema,
  loginSchema,
  logoutSchema,
  messageResponse,
  profileUpdateSchema,
  refreshSchema,
  resetPasswordSchema,
  signupSchema,
  userResponse,
  verifyEmailSchema,
} from '@shop/contracts/auth';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { authText } from './auth-messages.ts';
import type { AuthService } from './auth.service.ts';
import {
  clearSessionCookie,
  setSessionCookie,
  type SessionCookieOptions,
} from './session-cookie.ts';

const tags = ['auth'];
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

export function authRoutes(
  auth: AuthService,
  guards: AuthGuards,
  cookie: SessionCookieOptions,
): FastifyPluginAsyncZod {
  /** Every answer that hands out a token pair also sets the session cookie to its refresh token. */
  const withCookie = <T extends { refreshToken: string }>(reply: FastifyReply, session: T): T => {
    setSessionCookie(reply, session.refreshToken, cookie);
    return session;
  };
  return async (app) => {
    app.post(
      '/auth/signup',
      {
        preHandler: noStore,
        schema: { tags, body: signupSchema, response: { 201: authSessionResponse } },
      },
      async (request, reply) => {
        const session = withCookie(reply, await auth.signup(request.body, request.ip));
        return reply.status(201).send(ok(session, 'Registration successful'));
      },
    );

    app.post(
      '/auth/login',
      {
        preHandler: noStore,
        schema: { tags, body: loginSchema, response: { 200: authSessionResponse } },
      },
      async (request, reply) =>
        ok(withCookie(reply, await auth.login(request.body, request.ip)), 'Login successful'),
    );

    app.get(
      '/auth/profile',
      { preHandler: guards.requireCaller, schema: { tags, response: { 200: userResponse } } },
      async (request) => ok(auth.profile(callerOf(request)), 'Profile fetched successfully'),
    );

    app.patch(
      '/auth/profile',
      {
        preHandler: guards.requireCaller,
        schema: { tags, body: profileUpdateSchema, response: { 200: userResponse } },
      },
      async (request) =>
        ok(
          await auth.updateProfile(callerOf(request).userId, request.body),
          'Profile updated successfully!',
        ),
    );

    app.post(
      '/auth/refresh',
      {
        preHandler: noStore,
        schema: { tags, body: refreshSchema, response: { 200: authSessionResponse } },
      },
      async (request, reply) => {
        try {
          const session = await auth.refresh(request.body.refreshToken);
          return ok(withCookie(reply, session), 'Token refreshed successfully');
        } catch (error) {
          // A spent, revoked or unknown refresh token (a reuse ends the whole sign-in): the page
          // session ends with it.
          clearSessionCookie(reply, cookie);
          throw error;
        }
      },
    );

    app.post(
      '/auth/logout',
      {
        // A stale access token must not stop anyone signing out.
        preHandler: async (request, reply) => {
          await guards.optionalCaller(request, reply).catch(() => {
            request.caller = undefined;
          });
        },
        schema: { tags, body: logoutSchema, response: { 200: messageResponse } },
      },
      async (request, reply) => {
        await auth.logout(request.body?.refreshToken, request.caller);
        clearSessionCookie(reply, cookie);
        return ok(null, 'Logged out successfully');
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        preHandler: noStore,
        schema: { tags, body: forgotPasswordSchema, response: { 200: messageResponse } },
      },
      async (request) => {
        await auth.forgotPassword(request.body.email, request.ip);
        return ok(null, authText.forgotPasswordSent);
      },
    );

    app.post(
      '/auth/reset-password',
      {
        preHandler: noStore,
        schema: { tags, body: resetPasswordSchema, response: { 200: messageResponse } },
      },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password, request.ip);
        return ok(null, 'Password reset successfully!');
      },
    );

    app.post(
      '/auth/change-password',
      {
        preHandler: guards.requireCaller,
        schema: { tags, body: changePasswordSchema, response: { 200: authSessionResponse } },
      },
      async (request, reply) =>
        ok(
          withCookie(
            reply,
            await auth.changePassword(
              callerOf(request).userId,
              request.body.currentPassword,
              request.body.newPassword,
              request.ip,
            ),
          ),
          'Password changed successfully!',
        ),
    );

    app.post(
      '/auth/verify-email',
      {
        preHandler: noStore,
        schema: { tags, body: verifyEmailSchema, response: { 200: userResponse } },
      },
      async (request) =>
        ok(await auth.verifyEmail(request.body.token), 'Email verified successfully!'),
    );

    app.post(
      '/auth/resend-verification',
      { preHandler: guards.requireCaller, schema: { tags, response: { 200: messageResponse } } },
      async (request) => {
        await auth.resendVerification(callerOf(request).userId);
        return ok(null, 'Verification email sent successfully!');
      },
    );

    // An account made with a phone number adds an address: a link is mailed to it, and following
    // it (`POST /auth/verify-email`) sets it.
    app.post(
      '/auth/email',
      {
        preHandler: [noStore, guards.requireCaller],
        schema: { tags, body: addEmailSchema, response: { 200: emailLinkSentResponse } },
      },
      async (request) =>
        ok(
          await auth.requestEmail(callerOf(request).userId, request.body.email, request.ip),
          authText.emailLinkSent,
        ),
    );

    app.get(
      '/auth/google/config',
      { schema: { tags, response: { 200: googleConfigResponse } } },
      async () => ok(auth.googleConfig(), 'Google sign-in configuration'),
    );

    app.post(
      '/auth/google',
      {
        preHandler: noStore,
        schema: { tags, body: googleSignInSchema, response: { 200: authSessionResponse } },
      },
      async (request, reply) =>
        ok(
          withCookie(reply, await auth.googleSignIn(request.body.code, request.body.redirectUri)),
          'Google authentication successful!',
        ),
    );
  };
}
