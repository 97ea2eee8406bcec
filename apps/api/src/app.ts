import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createGoogleOAuth } from './adapters/oauth/google.ts';
import { createOutbound } from './adapters/outbound.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { auditAdminRoutes } from './features/audit/audit.admin-routes.ts';
import { customersDeskRoutes } from './features/customers/customers-desk.admin-routes.ts';
import { productsAdminRoutes } from './features/catalogue/products.admin-routes.ts';
import { categoriesAdminRoutes } from './features/catalogue/categories.admin-routes.ts';
import { createCategoriesAdminRepository } from './features/catalogue/categories-admin.repository.ts';
import { createCategoriesAdminService } from './features/catalogue/categories-admin.service.ts';
import { bannersAdminRoutes } from './features/content/banners.admin-routes.ts';
import { blogAdminRoutes } from './features/content/blog.admin-routes.ts';
import { createBlogAdminService } from './features/content/blog-admin.service.ts';
import { createBannersAdminService } from './features/content/banners-admin.service.ts';
import { productsCsvAdminRoutes } from './features/catalogue/products-csv.admin-routes.ts';
import { createProductsCsvService } from './features/catalogue/products-csv.service.ts';
import { createProductsAdminRepository } from './features/catalogue/products-admin.repository.ts';
import { createProductsAdminService } from './features/catalogue/products-admin.service.ts';
import { createCustomersDeskService } from './features/customers/customers-desk.service.ts';
import { createAuditRepository } from './features/audit/audit.repository.ts';
import { createAuditService } from './features/audit/audit.service.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { readSessionCookie } from './features/auth/session-cookie.ts';
import { createSessionUsers } from './features/auth/session-users.ts';
import { publicLimits } from './features/throttle/public-limits.ts';
import { shopperLimits } from './features/throttle/shopper-limits.ts';
import { createThrottle } from './features/throttle/throttle.ts';
import { createAccessTokens } from './features/auth/tokens.ts';
import { createCartRepository } from './features/cart/cart.repository.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { rupeesToPaise } from '@shop/domain/money';
import { createCartService } from './features/cart/cart.service.ts';
import { createProductFacts } from './features/cart/product-facts.ts';
import { dashboardAdminRoutes } from './features/dashboard/dashboard.admin-routes.ts';
import { createDashboardRepository } from './features/dashboard/dashboard.repository.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { createDiscountsAdminService } from './features/discounts/discounts-admin.service.ts';
import { discountsAdminRoutes } from './features/discounts/discounts.admin-routes.ts';
import { createDiscountsRepository } from './features/discounts/discounts.repository.ts';
import { pagesAdminRoutes } from './features/pages/pages.admin-routes.ts';
import { pagesRoutes } from './features/pages/pages.routes.ts';
import { createPagesService } from './features/pages/pages.service.ts';
import { grievancesAdminRoutes } from './features/grievances/grievances.admin-routes.ts';
import { grievancesRoutes } from './features/grievances/grievances.routes.ts';
import {
  createGrievancesService,
  grievanceMailTemplates,
} from './features/grievances/grievances.service.ts';
import { settingsAdminRoutes } from './features/settings/settings.admin-routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { createSettingsService } from './features/settings/settings.service.ts';
import { createMailOutbox } from './features/mail/mail-outbox.ts';
import { createOrdersRepository } from './features/orders/orders.repository.ts';
import { adminOrderRoutes } from './features/orders/orders.admin-routes.ts';
import { ordersDeskRoutes } from './features/orders/orders-desk.admin-routes.ts';
import { createBookingClaims } from './features/shipping/booking-claims.ts';
import { returnsDeskRoutes } from './features/returns/returns-desk.admin-routes.ts';
import { createReturnsDeskService } from './features/returns/returns-desk.service.ts';
import { orderActionsRoutes } from './features/orders/order-actions.admin-routes.ts';
import { createOrderActionsService } from './features/orders/order-actions.service.ts';
import { dispatchAdminRoutes } from './features/dispatch/dispatch.admin-routes.ts';
import { createDispatchService } from './features/dispatch/dispatch.service.ts';
import { createOrdersDeskService } from './features/orders/orders-desk.service.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { createGstr1Service } from './features/invoices/gstr1.service.ts';
import { invoicesAdminRoutes } from './features/invoices/invoices.admin-routes.ts';
import { createInvoicesRepository } from './features/invoices/invoices.repository.ts';
import { invoiceRoutes } from './features/invoices/invoices.routes.ts';
import { createInvoicesService } from './features/invoices/invoices.service.ts';
import { createOrdersService, orderMailTemplates } from './features/orders/orders.service.ts';
import { createPaymentsRepository } from './features/payments/payments.repository.ts';
import { paymentRoutes } from './features/payments/payments.routes.ts';
import { createPaymentsService } from './features/payments/payments.service.ts';
import { createRefundsRepository } from './features/payments/refunds.repository.ts';
import { createRefundsService } from './features/payments/refunds.service.ts';
import { createRazorpayProvider } from './adapters/payments/razorpay-provider.ts';
import { createSimulatorProvider } from './adapters/payments/simulator-provider.ts';
import { createCourierSimulator } from './adapters/shipping/courier-simulator.ts';
import { createShiprocketCourier } from './adapters/shipping/shiprocket-courier.ts';
import { createPincodesRepository } from './features/pincodes/pincodes.repository.ts';
import { pincodeRoutes } from './features/pincodes/pincodes.routes.ts';
import { createPincodeService } from './features/pincodes/pincodes.service.ts';
import { shippingAdminRoutes } from './features/shipping/shipping.admin-routes.ts';
import { createShippingRepository } from './features/shipping/shipping.repository.ts';
import { shippingRoutes } from './features/shipping/shipping.routes.ts';
import { createShippingService } from './features/shipping/shipping.service.ts';
import { stockAdminRoutes } from './features/stock/stock.admin-routes.ts';
import { createStockRepository } from './features/stock/stock.repository.ts';
import { createStockService } from './features/stock/stock.service.ts';
import { staffAdminRoutes } from './features/staff/staff.admin-routes.ts';
import { createStaffRepository } from './features/staff/staff.repository.ts';
import { createStaffService } from './features/staff/staff.service.ts';
import { createWishlistRepository } from './features/wishlist/wishlist.repository.ts';
import { wishlistRoutes } from './features/wishlist/wishlist.routes.ts';
import { createWishlistService } from './features/wishlist/wishlist.service.ts';
import { createCatalogueChanges, stockTags } from './features/catalogue/catalogue-changes.ts';
import { createCatalogueRepository } from './features/catalogue/catalogue.repository.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './features/catalogue/catalogue.service.ts';
import { createContentRepository } from './features/content/content.repository.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { createContentService } from './features/content/content.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createMediaLibraryRepository } from './features/media/media-library.repository.ts';
import { createMediaLibraryService } from './features/media/media-library.service.ts';
import { mediaAdminRoutes } from './features/media/media.admin-routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { createMediaService } from './features/media/media.service.ts';
import { openMediaStore } from './features/media/media-store.ts';
import { createAuthGuards } from './http/authenticate.ts';
import { compressionOptions } from './http/compression.ts';
import { failure } from './http/envelope.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { serializeError } from './http/error-log.ts';
import { registerMetrics } from './http/metrics.ts';
import { createReadCache, registerReadCache } from './http/read-cache.ts';
import { logsPerRequest, registerRequestLog, requestIdOf } from './http/request-log.ts';
import { registerSecurity } from './http/security.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { deriveKey } from './security/derived-keys.ts';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Mounts the storefront (React Router) for every non-API path; absent in API-only tests. */
  storefront?: (app: FastifyInstance) => Promise<void>;
  /** Defaults to SMTP or the outbox folder, as configured. */
  mailer?: Mailer;
  /** Used for calls to Google; tests may hand in their own. */
  fetch?: typeof fetch;
}

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
    };
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    // Errors are logged with codes and messages, never a failed query's parameter values.
    logger: deps.logger
      ? {
          ...(deps.logger === true ? {} : deps.logger),
          serializers: {
            ...(deps.logger === true ? {} : deps.logger.serializers),
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so every answer after it (cached, refused, not found) carries its request id.
  registerRequestLog(app);
  let draining = false;
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
  const metrics = registerMetrics(app, { token: config.metricsToken, database });
  // One policy per outside service (timeout, breaker, shared reads), counted in the metrics.
  const outbound = createOutbound(config.outbound, { metrics, log: app.log });
  registerErrorHandling(app);
  registerSecurity(app, config);

  const readCache = createReadCache({
    ttlMs: config.catalogueCacheTtlMs,
    maxBytes: config.catalogueCacheMaxBytes,
  });
  app.decorate('readCache', readCache);
  // Before compression, so the cache stores the plain JSON text.
  registerReadCache(app, readCache);
  await app.register(compress, compressionOptions);

  // The API document maps every route: served in production only when asked for (API_DOCS=1).
  // It lists the routes registered, so the simulator's appear only while the simulator runs.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Lacebloom storefront API',
          description:
            'Every call the storefront and the back office make, under /api. Answers are { success, data, message }.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  const catalogueRepository = createCatalogueRepository();
  const catalogue = createCatalogueService(database.db, catalogueRepository, readCache);
  app.addHook('onReady', () => catalogue.warm());
  const content = createContentService(database.db, createContentRepository());
  const authRepository = createAuthRepository(database.db);
  const ownMailer = deps.mailer
    ? undefined
    : createMailer(
        {
          smtpUrl: config.smtpUrl,
          outboxDir: config.outboxDir,
          from: config.mailFrom,
          timeoutMs: config.outbound.timeoutMs,
        },
        outbound.mail,
      );
  const mailer: Mailer = deps.mailer ?? ownMailer!;
  const log = (error: unknown, message: string) => app.log.warn({ err: error }, message);
  const catalogueChanges = await createCatalogueChanges(database, readCache, log);
  app.addHook('onClose', () => catalogueChanges.close());
  const sessionUsers = await createSessionUsers(
    database,
    (id) => authRepository.findUserById(id),
    log,
  );
  app.addHook('onClose', () => sessionUsers.close());
  // One set of database-kept limits for sign-in, codes, orders and payments.
  const throttle = createThrottle(database.db, {
    alsoPrune: () => authRepository.pruneExpired(),
    ipv6Prefix: config.throttleIpv6Prefix,
  });
  const limits = shopperLimits(config.shopperLimits);
  const lookupLimits = publicLimits(config.publicLookups);
  const auth = createAuthService({
    db: database.db,
    repository: authRepository,
    sessionUsers,
    throttle,
    accessTokens: createAccessTokens(config.jwtSecret),
    mailer,
    google: config.google
      ? createGoogleOAuth(config.google, deps.fetch ?? globalThis.fetch, outbound.google)
      : undefined,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    signupsPerAddressPerHour: config.signupsPerAddressPerHour,
    log,
  });
  const guards = createAuthGuards(auth);
  // Secure wherever the browser can keep a Secure cookie: a production shop on https. (The
  // loopback demo of `npm start` is plain http, where a Secure cookie would never be sent back.)
  const sessionCookieOptions = {
    secure: config.production && config.publicUrl.startsWith('https:'),
  };
  // Pages read the shopper from the session cookie (apps/api/src/storefront.ts).
  app.decorate('pageSession', (cookieHeader: string | undefined) =>
    auth.pageSession(readSessionCookie(cookieHeader, sessionCookieOptions)),
  );
  const staff = createStaffService({
    db: database.db,
    repository: createStaffRepository(database.db),
    sessionUsers,
    adminEmails: config.adminEmails,
  });
  const audit = createAuditService(createAuditRepository(database.db));
  const settings = await createSettingsService({ database, log });
  app.addHook('onClose', () => settings.close());
  const cartsRepository = createCartRepository(database.db);
  const productFacts = createProductFacts(database.db, catalogueRepository, {
    ttlMs: config.catalogueCacheTtlMs,
    onInvalidate: readCache.onInvalidate,
  });
  const discountsRepository = createDiscountsRepository();
  const cart = createCartService({
    db: database.db,
    carts: cartsRepository,
    facts: productFacts,
    discounts: discountsRepository,
    throttle,
    limits,
  });
  const wishlist = createWishlistService({
    db: database.db,
    wishlists: createWishlistRepository(database.db),
    facts: productFacts,
    cart,
  });
  // Each HMAC has its own key derived from the root secret, never the secret itself.
  const codCodeKey = deriveKey(config.jwtSecret, 'cash-on-delivery-code');
  const grievanceMailDeps = {
    db: database.db,
    publicSettings: () => settings.publicSettings(),
    publicUrl: config.publicUrl,
    statusLinkKey: deriveKey(config.jwtSecret, 'grievance-status-link'),
  };
  const outbox = createMailOutbox(
    database.db,
    mailer,
    log,
    {
      ...orderMailTemplates(config.publicUrl, codCodeKey),
      ...grievanceMailTemplates(grievanceMailDeps),
    },
    // Called only when a mail is delivered, after `invoices` below exists.
    (orderId) => invoices.invoiceAttachment(orderId),
  );
  const ordersRepository = createOrdersRepository(database.db);
  // Mail recipients: the name and address of a user, as signed-in requests see them.
  const findUser = (userId: string) => sessionUsers.find(userId);
  // The simulator delivers its webhooks to this very server, through the real route.
  const deliverWebhook = () => async (rawBody: string, headers: Record<string, string>) => {
    await app.inject({ method: 'POST', url: '/api/payments/webhook', payload: rawBody, headers });
  };
  const simulator =
    config.payments.provider === 'simulator'
      ? createSimulatorProvider(config.payments.keyId, {
          db: database.db,
          webhookSecret: config.payments.webhookSecret,
          deliverWebhook,
          log,
        })
      : undefined;
  const provider =
    simulator ??
    createRazorpayProvider(config.payments.keyId, config.payments.keySecret, outbound.payments);
  const refundsRepository = createRefundsRepository(database.db);
  const invoicesRepository = createInvoicesRepository(database.db);
  const invoices = createInvoicesService({
    db: database.db,
    invoices: invoicesRepository,
    settings: async () => (await settings.current()).settings,
    refundsOf: (orderId) => refundsRepository.withLinesOf(database.db, [orderId]),
    log,
  });
  const paymentsRepository = createPaymentsRepository(database.db);
  const refunds = createRefundsService({
    db: database.db,
    refunds: refundsRepository,
    payments: paymentsRepository,
    provider,
    log,
    options: config.refunds,
  });
  const payments = createPaymentsService({
    db: database.db,
    payments: paymentsRepository,
    orders: ordersRepository,
    provider,
    simulator,
    refunds,
    refundsRepository,
    orderSettlement: () => orders.settlement,
    keySecret: config.payments.keySecret,
    webhookSecret: config.payments.webhookSecret,
    outbox,
    log,
    metrics,
    throttle,
    limits,
  });
  const shippingRepository = createShippingRepository(database.db);
  // The courier simulator delivers its tracking events to this very server, through the real route.
  const courierSimulator = config.shipping.shiprocket
    ? undefined
    : createCourierSimulator({
        db: database.db,
        webhookSecret: config.shipping.webhookSecret,
        publicUrl: config.publicUrl,
        deliver: () => async (rawBody, headers) =>
          (
            await app.inject({
              method: 'POST',
              url: '/api/shipping/webhook',
              payload: rawBody,
              headers,
            })
          ).statusCode,
      });
  const courier =
    courierSimulator ??
    createShiprocketCourier(
      config.shipping.shiprocket!,
      deps.fetch ?? globalThis.fetch,
      outbound.courier,
    );
  const pincodeService = createPincodeService({
    repository: createPincodesRepository(database.db),
    courier,
    shopAddress: async () => (await settings.publicSettings()).address,
    codOffered: async () => (await settings.codTerms()).enabled,
    log,
    courierTimeoutMs: config.outbound.timeoutMs,
    onFallback: (reason) => metrics.serviceabilityFallback(reason),
    lookups: { throttle, rule: lookupLimits.pincodeLookups },
  });
  const orders = createOrdersService({
    db: database.db,
    requireDeliverable: (pinCode, field) => pincodeService.requireDeliverable(pinCode, field),
    trackingOf: async (orderIds) => shipping.trackingOf(orderIds),
    refundsOf: (orderIds) => refundsRepository.withLinesOf(database.db, orderIds),
    orders: ordersRepository,
    facts: productFacts,
    discounts: discountsRepository,
    throttle,
    limits,
    outbox,
    refunds: () => payments.refunds,
    stockChanged: (productIds) => catalogueChanges.changed(stockTags(productIds)),
    stockChangedWith: (productIds) => catalogueChanges.changedWith(stockTags(productIds)),
    findUser,
    publicUrl: config.publicUrl,
    staffRefundLimitPaise: config.staffRefundLimitPaise,
    paymentTimeoutMs: config.orderPaymentTimeoutMs,
    metrics,
    cashOnDelivery: {
      terms: () => settings.codTerms(),
      takesCashAt: (pinCode) => pincodeService.takesCash(pinCode),
      codeKey: codCodeKey,
      cartTotalPaise: async (userId) => rupeesToPaise((await cart.current({ userId })).total),
    },
  });

  const stock = createStockService({
    db: database.db,
    stock: createStockRepository(database.db),
    outbox,
    stockChanged: (productIds) => catalogueChanges.changed(stockTags(productIds)),
    publicUrl: config.publicUrl,
    lowStockMailHour: config.lowStockMailHour,
    adminEmails: config.adminEmails,
  });

  const dashboard = createDashboardService(createDashboardRepository(database.db));
  const shipping = createShippingService({
    db: database.db,
    shipments: shippingRepository,
    orders: ordersRepository,
    ordersService: orders,
    courier,
    simulator: courierSimulator,
    findUser,
    log,
    options: config.shipping,
    lookups: { throttle, rule: lookupLimits.trackingLookups },
  });

  const media = createMediaService({
    store: await openMediaStore(config, outbound.s3),
    renderConcurrency: config.mediaRenderConcurrency,
    onRenderError: (image, error) =>
      app.log.error({ err: error, image }, 'Rendering an image failed'),
  });
  app.decorate('media', media);
  const mediaLibrary = createMediaLibraryService({
    db: database.db,
    repository: createMediaLibraryRepository(database.db),
    media,
    log,
  });

  // Each success is timed for the job lag metric, whether a timer or a test ran it.
  const jobs = metrics.trackJobs({
    refreshSalesRollups: () => dashboard.refresh(),
    expireUnpaidOrders: () => orders.expireUnpaid(),
    confirmPaidOrders: () => orders.confirmPaid(),
    deliverMail: () => outbox.deliver(),
    forgetDeliveredMail: () => outbox.forgetDelivered(config.mailRetentionDays),
    sendRefunds: () => refunds.sendDue(),
    reconcilePayments: () => payments.reconcile(),
    sweepGuestCarts: () => cart.sweepExpiredGuestCarts(),
    bookShipments: () => shipping.bookDue(),
    mailLowStock: () => stock.mailLowStock(),
    removeOrphanedMedia: () => mediaLibrary.removeOrphans(),
    issueInvoices: () => invoices.issueDue(),
  });
  app.decorate('jobs', jobs);
  // Background work, each safe to run twice and from several processes at once.
  // A run in flight is awaited when the server closes, so a stop never cuts one short.
  const jobRuns = new Set<Promise<unknown>>();
  let jobsStopped = false;
  const every = (ownMs: number, job: () => Promise<number>, name: string) => {
    const ms = config.jobsIntervalMs ?? ownMs;
    const timer = setInterval(() => {
      const run = job()
        .catch((error) => log(error, `${name} failed`))
        .finally(() => jobRuns.delete(run));
      jobRuns.add(run);
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(60_000, jobs.expireUnpaidOrders, 'expiring unpaid orders'),
    every(5 * 60_000, jobs.confirmPaidOrders, 'confirming paid orders'),
    every(30_000, jobs.deliverMail, 'delivering mail'),
    every(60 * 60_000, jobs.forgetDeliveredMail, 'forgetting delivered mails'),
    every(15_000, jobs.sendRefunds, 'sending refunds'),
    every(2 * 60_000, jobs.reconcilePayments, 'reconciling payments with the provider'),
    every(60 * 60_000, jobs.sweepGuestCarts, 'forgetting old guest carts'),
    every(30_000, jobs.refreshSalesRollups, "recomputing the dashboard's daily figures"),
    every(15_000, jobs.bookShipments, 'booking shipments with the courier'),
    every(10 * 60_000, jobs.mailLowStock, 'mailing the owners the sizes low on stock'),
    every(60 * 60_000, jobs.removeOrphanedMedia, 'removing photos nothing refers to'),
    every(20_000, jobs.issueInvoices, 'issuing GST invoices and credit notes'),
  ];
  const stopJobTimers = () => {
    jobsStopped = true;
    timers.forEach((timer) => clearInterval(timer));
  };
  app.decorate('beginDrain', () => {
    draining = true;
    stopJobTimers();
  });
  app.addHook('onClose', async () => {
    stopJobTimers();
    await Promise.all(jobRuns);
    payments.stop();
    await refunds.stop();
    await shipping.stop();
    await outbox.idle();
    await ownMailer?.close();
  });
  // Closed after the jobs' hook: a job run in flight may still be removing files.
  app.addHook('onClose', () => media.close());

  await app.register(
    async (api) => {
      await api.register(
        healthRoutes(database.db, database.kind, {
          jobsRunning: () => !jobsStopped,
          payments: provider.name,
        }),
      );
      await api.register(catalogueRoutes(catalogue));
      await api.register(contentRoutes(content));
      await api.register(authRoutes(auth, guards, sessionCookieOptions));
      await api.register(
        cartRoutes(cart, guards, { throttle, rule: lookupLimits.guestCartRequests }),
      );
      await api.register(wishlistRoutes(wishlist, guards));
      await api.register(orderRoutes(orders, guards));
      await api.register(invoiceRoutes(invoices, guards));
      await api.register(
        invoicesAdminRoutes(invoices, createGstr1Service(invoicesRepository), guards),
      );
      // The back office: every /api/admin route is guarded by requireRole in its plugin.
      await api.register(adminOrderRoutes(orders, guards));
      await api.register(
        ordersDeskRoutes(
          createOrdersDeskService({
            db: database.db,
            orders: ordersRepository,
            shipmentOf: (orderId) => shipping.ofOrder(database.db, orderId),
            refundsOf: (orderId) => refundsRepository.withLinesOf(database.db, [orderId]),
          }),
          guards,
        ),
      );
      await api.register(
        orderActionsRoutes(
          createOrderActionsService({
            db: database.db,
            orders: ordersRepository,
            refunds: refundsRepository,
            refundsWorker: () => refunds,
            outbox,
            throttle,
            findUser,
            publicUrl: config.publicUrl,
            staffRefundLimitPaise: config.staffRefundLimitPaise,
          }),
          guards,
        ),
      );
      await api.register(dashboardAdminRoutes(dashboard, guards));
      await api.register(
        dispatchAdminRoutes(
          createDispatchService({
            db: database.db,
            orders: ordersRepository,
            shipFrom: config.shipFrom,
          }),
          guards,
        ),
      );
      await api.register(
        customersDeskRoutes(
          createCustomersDeskService({ db: database.db, adminEmails: config.adminEmails }),
          guards,
        ),
      );
      await api.register(
        returnsDeskRoutes(
          createReturnsDeskService({
            db: database.db,
            orders: ordersRepository,
            refunds: () => payments.refunds,
            courier: config.shipping.booking ? courier : undefined,
            bookingClaims: createBookingClaims(database.db),
            outbox,
            findUser,
            stockChanged: (productIds) => catalogueChanges.changed(stockTags(productIds)),
            publicUrl: config.publicUrl,
            shipFrom: config.shipFrom,
            staffRefundLimitPaise: config.staffRefundLimitPaise,
            log,
          }),
          guards,
        ),
      );
      const productsAdminRepository = createProductsAdminRepository();
      const productsAdmin = createProductsAdminService({
        db: database.db,
        repository: productsAdminRepository,
        catalogueChanged: (tags) => catalogueChanges.changed(tags),
        newProductThreshold: () => settings.lowStockThreshold(),
      });
      // The CSV's routes first: `export.csv` and `import` are not product ids.
      await api.register(
        productsCsvAdminRoutes(
          createProductsCsvService({
            db: database.db,
            repository: productsAdminRepository,
            products: productsAdmin,
            catalogueChanged: (tags) => catalogueChanges.changed(tags),
          }),
          guards,
        ),
      );
      await api.register(productsAdminRoutes(productsAdmin, guards));
      await api.register(
        categoriesAdminRoutes(
          createCategoriesAdminService({
            db: database.db,
            repository: createCategoriesAdminRepository(),
            catalogueChanged: (tags) => catalogueChanges.changed(tags),
          }),
          guards,
        ),
      );
      await api.register(
        bannersAdminRoutes(
          createBannersAdminService({
            db: database.db,
            catalogueChanged: (tags) => catalogueChanges.changed(tags),
          }),
          guards,
        ),
      );
      await api.register(
        blogAdminRoutes(
          createBlogAdminService({
            db: database.db,
            catalogueChanged: (tags) => catalogueChanges.changed(tags),
          }),
          guards,
        ),
      );
      await api.register(stockAdminRoutes(stock, guards));
      await api.register(staffAdminRoutes(staff, guards));
      await api.register(auditAdminRoutes(audit, guards));
      await api.register(mediaAdminRoutes(mediaLibrary, guards));
      await api.register(
        discountsAdminRoutes(createDiscountsAdminService({ db: database.db }), guards),
      );
      await api.register(settingsRoutes(settings));
      await api.register(pincodeRoutes(pincodeService));
      const grievances = createGrievancesService({ ...grievanceMailDeps, outbox, throttle });
      await api.register(grievancesRoutes(grievances));
      await api.register(grievancesAdminRoutes(grievances, guards));
      await api.register(settingsAdminRoutes(settings, guards));
      const pages = createPagesService({
        db: database.db,
        catalogueChanged: (tags) => catalogueChanges.changed(tags),
      });
      await api.register(pagesRoutes(pages));
      await api.register(pagesAdminRoutes(pages, guards));
      await api.register(paymentRoutes(payments, guards, provider.name === 'simulator'));
      // The simulator's controls exist only where it may book parcels (see ShippingConfig).
      await api.register(
        shippingRoutes(shipping, guards, courierSimulator !== undefined && config.shipping.booking),
      );
      await api.register(shippingAdminRoutes(shipping, guards));
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send(failure(request, 'Route not found')),
      );
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes(media));

  if (deps.storefront) {
    await deps.storefront(app);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(failure(request, 'Route not found')),
    );
  }

  return app;
}
