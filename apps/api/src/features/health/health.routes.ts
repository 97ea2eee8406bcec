import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthResponse,
  livenessResponse,
  readinessResponse,
  type ReadinessReport,
} from '@shop/contracts/health';
import { pingDatabase, type Database, type DatabaseKind } from '../../db/client.ts';
import { migrationStatus } from '../../db/migrate.ts';
import { ok } from '../../http/envelope.ts';

export interface HealthProbes {
  /** The background jobs are scheduled (false once the server is closing). */
  jobsRunning: () => boolean;
  /** The payment provider: `simulator` takes test payments only. */
  payments: 'razorpay' | 'simulator';
}

/** A check that fails rather than throws: readiness reports every check, whatever broke. */
/**
 * A readiness check gets this long: a database host that stops answering (rather than refusing)
 * must turn the probe to 503, not hold it until the balancer's own timeout.
 */
export const READINESS_CHECK_MS = 2_000;

async function passes(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_CHECK_MS);
  });
  try {
    return await Promise.race([check(), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(
  db: Database,
  kind: DatabaseKind,
  probes: HealthProbes,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], response: { 200: healthResponse } } },
      async () => {
        await pingDatabase(db);
        return ok({ status: 'ok' as const, database: kind, payments: probes.payments }, 'Healthy');
      },
    );

    // For a process supervisor: restart the process when this stops answering.
    app.get(
      '/health/live',
      { schema: { tags: ['health'], response: { 200: livenessResponse } } },
      async () => ok({ status: 'ok' as const }, 'Alive'),
    );

    // For a load balancer: send shoppers here only while everything the shop needs works.
    app.get(
      '/health/ready',
      {
        schema: { tags: ['health'], response: { 200: readinessResponse, 503: readinessResponse } },
      },
      async (_request, reply) => {
        const [database, migrations] = await Promise.all([
          passes(() => pingDatabase(db)),
          // Pending migrations make this process unready; a schema newer than this code does not:
          // during a rolling deploy the new release migrates first, and the old processes keep
          // serving until they are replaced.
          passes(async () => (await migrationStatus(db)).pending === 0),
        ]);
        const checks = { database, migrations, jobs: probes.jobsRunning() };
        const ready = Object.values(checks).every(Boolean);
        const report: ReadinessReport = { status: ready ? 'ready' : 'not-ready', checks };
        return reply
          .status(ready ? 200 : 503)
          .send({ success: ready, data: report, message: ready ? 'Ready' : 'Not ready' });
      },
    );
  };
}
