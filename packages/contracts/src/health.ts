import { z } from 'zod';
import { successEnvelope } from './common.ts';

export const healthResponse = successEnvelope(
  z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    /** `simulator`: test payments, no money is taken (the storefront says so on every page). */
    payments: z.enum(['razorpay', 'simulator']),
  }),
);

/** `GET /api/health/live`: the process answers (it says nothing of the database). */
export const livenessResponse = successEnvelope(z.object({ status: z.literal('ok') }));

/** `GET /api/health/ready`: 200 when every check passes, 503 with the same body otherwise. */
export const readinessReport = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    /** The database answers a query. */
    database: z.boolean(),
    /** The database has every migration of this code (a newer schema, mid-deploy, is ready). */
    migrations: z.boolean(),
    /** The background jobs (expiry, mail, ...) are scheduled in this process. */
    jobs: z.boolean(),
  }),
});
export type ReadinessReport = z.infer<typeof readinessReport>;
export const readinessResponse = z.object({
  success: z.boolean(),
  data: readinessReport,
  message: z.string(),
});
