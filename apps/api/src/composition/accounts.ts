import { createGoogleOAuth } from '../adapters/oauth/google.ts';
import { auditAdminRoutes } from '../features/audit/audit.admin-routes.ts';
import { createAuditRepository } from '../features/audit/audit.repository.ts';
import { createAuditService } from '../features/audit/audit.service.ts';
import { authRoutes } from '../features/auth/auth.routes.ts';
import { createAuthService, type AuthService } from '../features/auth/auth.service.ts';
import { readSessionCookie } from '../features/auth/session-cookie.ts';
import { createAccessTokens } from '../features/auth/tokens.ts';
import { customersDeskRoutes } from '../features/customers/customers-desk.admin-routes.ts';
import { createCustomersDeskService } from '../features/customers/customers-desk.service.ts';
import { staffAdminRoutes } from '../features/staff/staff.admin-routes.ts';
import { createStaffRepository } from '../features/staff/staff.repository.ts';
import { createStaffService } from '../features/staff/staff.service.ts';
import { createAuthGuards, type AuthGuards } from '../http/authenticate.ts';
import { createAccountDataRepository } from '../features/account-data/account-data.repository.ts';
import {
  createMessageChoices,
  type MessageChoices,
  type QueuedMessages,
} from '../features/account-data/message-choices.service.ts';
import type { SessionCookieOptions } from '../features/auth/session-cookie.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { ShopContext } from './shop-context.ts';

export interface AccountServices {
  auth: AuthService;
  guards: AuthGuards;
  /** The access token of the sign-in a page request's session cookie names. */
  pageSession: (cookieHeader: string | undefined) => Promise<string | undefined>;
  /** Her choices of messages and their consent records. */
  messageChoices: MessageChoices;
  /** Adds an outbox whose queued messages a withdrawal of consent cancels. */
  addMessageQueue: (queue: QueuedMessages) => void;
  sessionCookieOptions: SessionCookieOptions;
}

/** Sign-in and sessions, the staff, the audit log and the customers desk. */
export function accountFeatures(ctx: ShopContext): FeatureGroup<AccountServices> {
  const { config, db } = ctx;
  const messageQueues: QueuedMessages[] = [];
  const messageChoices = createMessageChoices({
    db,
    repository: createAccountDataRepository(),
    queues: () => messageQueues,
    // No phone number is proven yet: the phone channels start off until one is.
    hasVerifiedPhone: async () => false,
  });
  const auth = createAuthService({
    db,
    repository: ctx.authRepository,
    sessionUsers: ctx.sessionUsers,
    throttle: ctx.throttle,
    accessTokens: createAccessTokens(config.jwtSecret),
    mailer: ctx.mailer,
    google: config.google
      ? createGoogleOAuth(config.google, ctx.fetch, ctx.outbound.google)
      : undefined,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    signupsPerAddressPerHour: config.signupsPerAddressPerHour,
    recordSignupOffers: (userId, offers) => messageChoices.recordSignupOffers(userId, offers),
    log: ctx.log,
  });
  const guards = createAuthGuards(auth);
  // Secure wherever the browser can keep a Secure cookie: a production shop on https. (The
  // loopback demo of `npm start` is plain http, where a Secure cookie would never be sent back.)
  const sessionCookieOptions = {
    secure: config.production && config.publicUrl.startsWith('https:'),
  };
  const staff = createStaffService({
    db,
    repository: createStaffRepository(db),
    sessionUsers: ctx.sessionUsers,
    adminEmails: config.adminEmails,
  });
  const audit = createAuditService(createAuditRepository(db));
  const customersDesk = createCustomersDeskService({ db, adminEmails: config.adminEmails });
  return {
    services: {
      auth,
      guards,
      // Pages read the shopper from the session cookie (apps/api/src/storefront.ts).
      pageSession: (cookieHeader) =>
        auth.pageSession(readSessionCookie(cookieHeader, sessionCookieOptions)),
      messageChoices,
      addMessageQueue: (queue) => messageQueues.push(queue),
      sessionCookieOptions,
    },
    routes: [authRoutes(auth, guards, sessionCookieOptions)],
    adminRoutes: [
      customersDeskRoutes(customersDesk, guards),
      staffAdminRoutes(staff, guards),
      auditAdminRoutes(audit, guards),
    ],
    jobs: {},
  };
}
