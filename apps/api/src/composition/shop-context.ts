import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../adapters/mail/mailer.ts';
import type { createOutbound } from '../adapters/outbound.ts';
import type { AppConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { createAuthRepository, type AuthRepository } from '../features/auth/auth.repository.ts';
import { createSessionUsers, type SessionUsers } from '../features/auth/session-users.ts';
import {
  createCatalogueChanges,
  type CatalogueChanges,
} from '../features/catalogue/catalogue-changes.ts';
import {
  createSettingsService,
  type SettingsService,
} from '../features/settings/settings.service.ts';
import { publicLimits } from '../features/throttle/public-limits.ts';
import { shopperLimits, type ShopperLimits } from '../features/throttle/shopper-limits.ts';
import { createThrottle, type Throttle } from '../features/throttle/throttle.ts';
import type { ShopMetrics } from '../http/metrics.ts';
import type { ReadCache } from '../http/read-cache.ts';

/** The outside world and the shared services every group of features is built from. */
export interface ShopContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  /** Logs a failure that is handled (a job run, a change notice) as a warning. */
  log: (error: unknown, message: string) => void;
  logError: FastifyInstance['log']['error'];
  metrics: ShopMetrics;
  /** One policy per outside service (timeout, breaker, shared reads). */
  outbound: ReturnType<typeof createOutbound>;
  fetch: typeof fetch;
  /** The time as the shop's rules read it (tests move it). */
  clock: () => Date;
  readCache: ReadCache;
  mailer: Mailer;
  /** Closes the mailer made here (none when the caller handed one in). */
  closeOwnMailer: () => Promise<void>;
  /** Posts to this very server through its real route (the simulators' webhooks); the status. */
  postToSelf: (url: string, rawBody: string, headers: Record<string, string>) => Promise<number>;
  authRepository: AuthRepository;
  catalogueChanges: CatalogueChanges;
  sessionUsers: SessionUsers;
  /** Mail recipients: the name and address of a user, as signed-in requests see them. */
  findUser: SessionUsers['find'];
  throttle: Throttle;
  limits: ShopperLimits;
  lookupLimits: ReturnType<typeof publicLimits>;
  settings: SettingsService;
}

export interface ShopContextDeps {
  config: AppConfig;
  database: DatabaseHandle;
  metrics: ShopMetrics;
  outbound: ReturnType<typeof createOutbound>;
  readCache: ReadCache;
  mailer?: Mailer;
  fetch?: typeof fetch;
  clock?: () => Date;
}

/** Builds the shared services; each one that holds a listener or a connection closes with `app`. */
export async function createShopContext(
  app: FastifyInstance,
  deps: ShopContextDeps,
): Promise<ShopContext> {
  const { config, database, outbound, readCache } = deps;
  const log = (error: unknown, message: string) => app.log.warn({ err: error }, message);
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
  const authRepository = createAuthRepository(database.db);
  const catalogueChanges = await createCatalogueChanges(database, readCache, log);
  app.addHook('onClose', () => catalogueChanges.close());
  const sessionUsers = await createSessionUsers(
    database,
    (id) => authRepository.findUserById(id),
    log,
  );
  app.addHook('onClose', () => sessionUsers.close());
  const settings = await createSettingsService({ database, log });
  app.addHook('onClose', () => settings.close());
  return {
    config,
    database,
    db: database.db,
    log,
    logError: app.log.error.bind(app.log),
    metrics: deps.metrics,
    outbound,
    fetch: deps.fetch ?? globalThis.fetch,
    clock: deps.clock ?? (() => new Date()),
    readCache,
    mailer: deps.mailer ?? ownMailer!,
    closeOwnMailer: async () => {
      await ownMailer?.close();
    },
    postToSelf: async (url, rawBody, headers) =>
      (await app.inject({ method: 'POST', url, payload: rawBody, headers })).statusCode,
    authRepository,
    catalogueChanges,
    sessionUsers,
    // An erased account has no one to write to: no mail is queued for it.
    findUser: async (userId) => {
      const row = await sessionUsers.find(userId);
      return row?.erasedAt ? undefined : row;
    },
    // One set of database-kept limits for sign-in, codes, orders and payments.
    throttle: createThrottle(database.db, {
      alsoPrune: () => authRepository.pruneExpired(),
      ipv6Prefix: config.throttleIpv6Prefix,
    }),
    limits: shopperLimits(config.shopperLimits),
    lookupLimits: publicLimits(config.publicLookups),
    settings,
  };
}
