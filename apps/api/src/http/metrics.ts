import { createHash, timingSafeEqual } from 'node:crypto';
import { count, isNull, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { unauthenticated } from '@shop/domain/errors';
import { queryRows, type Database } from '../db/client.ts';
import { mailOutbox, refunds } from '../db/schema.ts';
import type { OutboundMetrics } from '../adapters/outbound.ts';
import type { OrderMetrics } from '../features/orders/orders.service.ts';
import type { PaymentMetrics } from '../features/payments/payments.service.ts';
import { routeOf } from './request-log.ts';

/** Connections of a PostgreSQL pool (`pg.Pool`'s totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  /** METRICS_TOKEN. Unset, nothing is measured and `GET /metrics` does not exist (a 404). */
  token: string | undefined;
  /** `poolStats` is there on PostgreSQL only: PGlite has no pool. */
  database: { db: Database; poolStats?: (() => PoolStats) | undefined };
}

/** What the rest of the app reports; the services see only their own part of it. */
export interface ShopMetrics extends OrderMetrics, PaymentMetrics, OutboundMetrics {
  /** A delivery check answered from the PIN directory because the courier could not answer. */
  serviceabilityFallback(reason: 'timeout' | 'open' | 'failed'): void;
  /** The same jobs, each success timed (for the job lag gauge). */
  trackJobs<Jobs extends Record<string, () => Promise<number>>>(jobs: Jobs): Jobs;
}

const noMetrics: ShopMetrics = {
  orderPlaced: () => {},
  paymentSettled: () => {},
  outboundCall: () => {},
  outboundBreaker: () => {},
  serviceabilityFallback: () => {},
  trackJobs: (jobs) => jobs,
};

/**
 * Operators' metrics in Prometheus text format at `GET /metrics`, behind a bearer token. Each app
 * has its own registry (never prom-client's global one: tests build several apps in a process).
 * Figures read from the database are read when scraped, each with one cheap statement.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): ShopMetrics {
  const { token, database } = options;
  if (!token) return noMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.addHook('onClose', () => registry.clear());

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: routeOf(request),
      status_code: reply.statusCode,
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed (an order answered again for a repeated Idempotency-Key counts once).',
    registers: [registry],
  });
  const paymentsSettled = new Counter({
    name: 'shop_payments_settled_total',
    help: 'Payments that marked an order paid (each payment once, however often it is reported).',
    registers: [registry],
  });

  const outboundCalls = new Counter({
    name: 'shop_outbound_calls_total',
    help: 'Calls to outside services (courier, payments, google, mail, s3), by how they ended: ok, failed, timeout, or refused by an open breaker.',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const outboundDurations = new Histogram({
    name: 'shop_outbound_call_duration_seconds',
    help: 'Time of a call to an outside service, by provider.',
    labelNames: ['provider'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 8],
    registers: [registry],
  });
  const breakersOpen = new Gauge({
    name: 'shop_outbound_breaker_open',
    help: "1 while a provider's breaker is open (its calls fail fast), else 0.",
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  const serviceabilityFallbacks = new Counter({
    name: 'shop_serviceability_fallbacks_total',
    help: 'Delivery checks answered from the PIN directory because the courier could not answer, by why.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  /** A gauge's collect() from a database read; a failed read shows as NaN, never a stale figure. */
  const fromDatabase = (read: () => Promise<number>) =>
    async function collect(this: Gauge) {
      try {
        this.set(await read());
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: a database figure could not be read');
        this.set(Number.NaN);
      }
    };
  /**
   * Several gauges filled by one statement: prom-client collects them concurrently, so within one
   * scrape the statement runs once and every gauge of it takes the same answer.
   */
  let scrapes = 0;
  const sharedRead = <T>(read: () => Promise<T>) => {
    let last: { scrape: number; answer: Promise<T> } | undefined;
    return () => {
      if (last?.scrape !== scrapes) last = { scrape: scrapes, answer: read() };
      return last.answer;
    };
  };

  const refundsOwed = sharedRead(async () => {
    const [row] = await queryRows<{ open: number; failed: number }>(
      database.db,
      sql`select count(*) filter (where ${refunds.state} in ('pending', 'sent'))::int as open,
                 count(*) filter (where ${refunds.state} = 'failed')::int as failed
          from ${refunds}`,
    );
    return { pending: row?.open ?? 0, failed: row?.failed ?? 0 };
  });
  new Gauge({
    name: 'shop_refunds_pending',
    help: 'Refunds owed and not yet confirmed by the provider (being sent, or sent and awaiting it).',
    registers: [registry],
    collect: fromDatabase(async () => (await refundsOwed()).pending),
  });
  new Gauge({
    name: 'shop_refunds_failed',
    help: 'Refunds that failed for good (attempts used up, or refused by the provider): the shop must act.',
    registers: [registry],
    collect: fromDatabase(async () => (await refundsOwed()).failed),
  });

  const unsentMail = sharedRead(async () => {
    // Both figures come from the partial index of unsent mail (mail_outbox_unsent_idx).
    const [row] = await database.db
      .select({
        unsent: count(),
        ageSeconds: sql<
          number | null
        >`extract(epoch from now() - ${min(mailOutbox.createdAt)})::float8`,
      })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));
    return { unsent: row?.unsent ?? 0, ageSeconds: Number(row?.ageSeconds ?? 0) };
  });
  new Gauge({
    name: 'shop_mail_outbox_unsent',
    help: 'Mails in the outbox not sent yet.',
    registers: [registry],
    collect: fromDatabase(async () => (await unsentMail()).unsent),
  });
  new Gauge({
    name: 'shop_mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest mail not sent yet (0 when every mail is sent).',
    registers: [registry],
    collect: fromDatabase(async () => (await unsentMail()).ageSeconds),
  });

  // A job that has not succeeded yet counts from the start of this process.
  const lastSuccess = new Map<string, number>();
  new Gauge({
    name: 'shop_job_seconds_since_success',
    help: 'Seconds since each background job last completed successfully in this process.',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, at] of lastSuccess) this.set({ job }, (now - at) / 1000);
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total) and idle, and queries waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const expected = digest(token);
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      // Refused before anything else runs for the request.
      onRequest: async (request) => {
        const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        // Compared as digests of equal length, in constant time: no timing tells how close it was.
        if (!given || !timingSafeEqual(digest(given), expected)) {
          throw unauthenticated('A valid metrics token is required');
        }
      },
    },
    async (_request, reply) => {
      scrapes += 1;
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );

  return {
    orderPlaced: () => ordersPlaced.inc(),
    paymentSettled: () => paymentsSettled.inc(),
    outboundCall(provider, outcome, seconds) {
      outboundCalls.inc({ provider, outcome });
      if (outcome !== 'refused') outboundDurations.observe({ provider }, seconds);
    },
    outboundBreaker: (provider, open) => breakersOpen.set({ provider }, open ? 1 : 0),
    serviceabilityFallback: (reason) => serviceabilityFallbacks.inc({ reason }),
    trackJobs(jobs) {
      const started = Date.now();
      const tracked: Record<string, () => Promise<number>> = {};
      for (const [name, job] of Object.entries(jobs)) {
        lastSuccess.set(name, started);
        tracked[name] = async () => {
          const done = await job();
          lastSuccess.set(name, Date.now());
          return done;
        };
      }
      return tracked as typeof jobs;
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
