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
import { createPhoneCodes, type PhoneCodes } from '../features/auth/phone-codes.service.ts';
import { phoneCodeRoutes } from '../features/auth/phone-codes.routes.ts';
import { deriveKey } from '../security/derived-keys.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { MessagingServices } from './messaging.ts';
import type { ShopContext } from './shop-context.ts';

export interface AccountServices {
  auth: AuthService;
  guards: AuthGuards;
  /** The access token of the sign-in a page request's session cookie names. */
  pageSession: (cookieHeader: string | undefined) => Promise<string | undefined>;
  /** Her choices of messages and their consent records. */
  messageChoices: MessageChoices;
  sessionCookieOptions: SessionCookieOptions;
  /** Sign-in codes sent to a phone. */
  phoneCodes: PhoneCodes;
}

/**
 * The phone outbox as a withdrawal of consent sees it: what is queued for her for that purpose on
 * WhatsApp or SMS is cancelled in the withdrawal's own transaction.
 */
function phoneMessageQueue(messaging: MessagingServices): QueuedMessages {
  return {
    async cancelQueued(tx, { userId, purpose, channels }) {
      let cancelled = 0;
      for (const channel of channels) {
        if (channel === 'email') continue;
        cancelled += await messaging.messages.cancelQueued(tx, {
          userId,
          purpose: purpose === 'orderUpdates' ? 'order_updates' : 'offers',
          channel,
        });
      }
      return cancelled;
    },
  };
}

/** Sign-in and sessions, the staff, the audit log and the customers desk. */
export function accountFeatures(
  ctx: ShopContext,
  messaging: MessagingServices,
): FeatureGroup<AccountServices, 'forgetPhoneCodes'> {
  const { config, db } = ctx;
  // The phone outbox holds her queued WhatsApp and SMS messages; no e-mail offers exist to cancel.
  const messageQueues: QueuedMessages[] = [phoneMessageQueue(messaging)];
  const messageChoices = createMessageChoices({
    db,
    repository: createAccountDataRepository(),
    queues: () => messageQueues,
    hasVerifiedPhone: async (tx, userId) =>
      (await ctx.authRepository.findUserIn(tx, userId))?.phoneVerified === true,
    // The auth service is made below (it records the offers ticked at sign-up through these
    // choices); her account is locked through it once requests run.
    lockAccount: (tx, userId) => auth.lockForChoicesIn(tx, userId),
  });
  // A template Meta made marketing goes on WhatsApp only to a shopper who opted into offers there.
  messaging.marketingConsent.whatsappOffers = async (userId) =>
    (await messageChoices.preferences(userId)).offers.whatsapp;
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
  const phoneCodes = createPhoneCodes({
    db,
    outbox: messaging.messages,
    key: deriveKey(config.jwtSecret, 'phone-sign-in-code'),
    clock: ctx.clock,
    codesPerDay: config.messaging.codesPerDay,
    throttle: ctx.throttle,
    signIn: (phone, userId) => auth.signInWithVerifiedPhone(phone, userId),
    owners: () => ctx.authRepository.ownerEmails(config.adminEmails),
    mailer: ctx.mailer,
    log: ctx.log,
  });
  // The code is worked out again when its message is sent, never stored in the outbox.
  messaging.messageSecrets.sign_in_code = phoneCodes.secretValues;
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
      sessionCookieOptions,
      phoneCodes,
    },
    routes: [
      authRoutes(auth, guards, sessionCookieOptions),
      phoneCodeRoutes(phoneCodes, guards, sessionCookieOptions),
    ],
    adminRoutes: [
      customersDeskRoutes(customersDesk, guards),
      staffAdminRoutes(staff, guards),
      auditAdminRoutes(audit, guards),
    ],
    jobs: {
      forgetPhoneCodes: {
        run: async () => {
          await phoneCodes.prune();
          return 0;
        },
        everyMs: 10 * 60_000,
        name: 'forgetting expired sign-in codes',
      },
    },
  };
}
