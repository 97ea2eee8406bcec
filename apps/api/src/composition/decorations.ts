import type {} from 'fastify';
import type { MessagingServices } from './messaging.ts';

// What buildApp adds to the Fastify instance (besides readCache, media and the auth guards, which
// their own modules declare): the storefront's pages, the server and the tests use these.
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The access token of the sign-in a page request's session cookie names (for its loaders,
     * never sent to the browser); undefined when signed out or the sign-in has ended.
     */
    pageSession: (cookieHeader: string | undefined) => Promise<string | undefined>;
    /**
     * Starts a stop (SIGTERM): no new job run starts, readiness answers 503, and every answer
     * from now on closes its connection, so clients and load balancers move to another process
     * before this one stops listening.
     */
    beginDrain: () => void;
    /** The phone-message outbox and, when it runs, the WhatsApp and MSG91 simulator. */
    messaging: MessagingServices;
    /** The background work the server runs on timers; tests call it directly. */
    jobs: {
      expireUnpaidOrders: () => Promise<number>;
      confirmPaidOrders: () => Promise<number>;
      deliverMail: () => Promise<number>;
      forgetDeliveredMail: () => Promise<number>;
      sendRefunds: () => Promise<number>;
      reconcilePayments: () => Promise<number>;
      sweepGuestCarts: () => Promise<number>;
      bookShipments: () => Promise<number>;
      mailLowStock: () => Promise<number>;
      removeOrphanedMedia: () => Promise<number>;
      issueInvoices: () => Promise<number>;
      sendMessages: () => Promise<number>;
      forgetPhoneCodes: () => Promise<number>;
      sendReviewRequests: () => Promise<number>;
    };
  }
}
