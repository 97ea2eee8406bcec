import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A piece of background work the server runs on a timer: how often, and its name for the log. */
export interface Job {
  run: () => Promise<number>;
  everyMs: number;
  name: string;
}

/**
 * What one group of features adds to the shop: the services other groups are handed (typed, by
 * name), its route plugins for the storefront and for the back office (each guarding its own
 * /api/admin routes with requireRole), and its background jobs.
 */
export interface FeatureGroup<Services, JobName extends string = never> {
  services: Services;
  routes: FastifyPluginAsyncZod[];
  adminRoutes: FastifyPluginAsyncZod[];
  jobs: Record<JobName, Job>;
}
