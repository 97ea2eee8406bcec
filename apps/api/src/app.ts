import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail/mailer.ts';
import { createOutbound } from './adapters/outbound.ts';
import { accountFeatures } from './composition/accounts.ts';
import { careFeatures } from './composition/care.ts';
import { privacyFeatures } from './composition/privacy.ts';
import { catalogueFeatures } from './composition/catalogue.ts';
import { fulfilmentFeatures } from './composition/fulfilment.ts';
import { jobRunsOf, startJobTimers } from './composition/job-timers.ts';
import { messagingFeatures } from './composition/messaging.ts';
import { moneyFeatures } from './composition/money.ts';
import { reviewFeatures } from './composition/reviews.ts';
import { createShopContext } from './composition/shop-context.ts';
// The properties buildApp decorates the server with, typed for everything that uses them.
import type {} from './composition/decorations.ts';
import { shoppingFeatures } from './composition/shopping.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { compressionOptions } from './http/compression.ts';
import { failure } from './http/envelope.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerMetrics } from './http/metrics.ts';
import { createReadCache, registerReadCache } from './http/read-cache.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerSecurity } from './http/security.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { serverOptions } from './http/server-options.ts';

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
  /** The time as phone codes and messages read it; tests hand in one they can move. */
  clock?: () => Date;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify(serverOptions(config, deps.logger)).withTypeProvider<ZodTypeProvider>();

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

  if (config.apiDocs) await registerApiDocs(app);

  // The features, group by group: each builds its services from the shared ones (and the
  // services of the groups before it, handed over by name) and gives its routes and jobs.
  const ctx = await createShopContext(app, { ...deps, metrics, outbound, readCache });
  const messaging = messagingFeatures(ctx);
  app.decorate('messaging', messaging.services);
  const accounts = accountFeatures(ctx, messaging.services);
  const { guards } = accounts.services;
  app.decorate('pageSession', accounts.services.pageSession);
  const catalogue = await catalogueFeatures(ctx, guards);
  const { catalogue: catalogueService, productFacts, media, offers } = catalogue.services;
  app.addHook('onReady', () => catalogueService.warm());
  app.decorate('media', media);
  const shopping = shoppingFeatures(ctx, { guards, productFacts, offers });
  // A payment reads, locks and settles its order through the orders service, built with
  // fulfilment below.
  const money = moneyFeatures(ctx, guards, () => fulfilment.services.orders);
  const fulfilment = fulfilmentFeatures(ctx, {
    guards,
    money: money.services,
    productFacts,
    offers,
    ...shopping.services,
  });
  const care = careFeatures(ctx, { guards, outbox: money.services.outbox });
  const privacy = privacyFeatures(ctx, {
    accounts: accounts.services,
    money: money.services,
    messaging: messaging.services,
  });
  const reviews = reviewFeatures(ctx, {
    guards,
    outbox: money.services.outbox,
    orders: fulfilment.services.orders,
    catalogue: catalogueService,
    mediaLibrary: catalogue.services.mediaLibrary,
    sizeCharts: catalogue.services.sizeCharts,
  });
  const groups = [
    messaging,
    accounts,
    catalogue,
    shopping,
    money,
    fulfilment,
    care,
    reviews,
    privacy,
  ];

  const schedule = {
    ...messaging.jobs,
    ...accounts.jobs,
    ...catalogue.jobs,
    ...shopping.jobs,
    ...money.jobs,
    ...fulfilment.jobs,
    ...reviews.jobs,
  };
  // Each success is timed for the job lag metric, whether a timer or a test ran it.
  const jobs = metrics.trackJobs(jobRunsOf(schedule));
  app.decorate('jobs', jobs);
  const timers = startJobTimers(schedule, jobs, {
    intervalMs: config.jobsIntervalMs,
    log: ctx.log,
  });
  app.decorate('beginDrain', () => {
    draining = true;
    timers.stop();
  });
  app.addHook('onClose', async () => {
    timers.stop();
    await timers.idle();
    money.services.payments.stop();
    await money.services.refunds.stop();
    await fulfilment.services.shipping.stop();
    await money.services.outbox.idle();
    await messaging.services.messages.idle();
    messaging.services.messagingSimulator?.stop();
    await ctx.closeOwnMailer();
  });
  // Closed after the jobs' hook: a job run in flight may still be removing files.
  app.addHook('onClose', () => media.close());

  await app.register(
    async (api) => {
      const probes = { jobsRunning: timers.running, payments: money.services.providerName };
      await api.register(healthRoutes(database.db, database.kind, probes));
      for (const group of groups) for (const routes of group.routes) await api.register(routes);
      // The back office: every /api/admin route is guarded by requireRole in its plugin.
      for (const group of groups) {
        for (const routes of group.adminRoutes) await api.register(routes);
      }
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
