import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startShopServer, type ShopServer } from './shop-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shop per worker, in worker order (shop.ts picks the one for VITEST_POOL_ID). */
    shops: { baseURL: string; dataDir: string }[];
    /** An address that becomes the shop's owner once signed up and verified. */
    ownerEmail: string;
  }
}

/** The back office moves test orders along (paid, shipped, delivered) as this owner. */
const ownerEmail = 'owner.e2e@lacebloom.in';

/**
 * Starts one production server per worker, each on a throwaway DATA_DIR holding a copy of the
 * seeded shop (shop-server.ts): files that run at the same time never share a shop, so a file that
 * changes the shop's settings or sells its stock cannot upset another's page.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  // Each start copies the seed template in a blocking call before it spawns its server, so the
  // first start builds the template and the others, begun while its server boots, copy it; the
  // servers then boot side by side instead of one after another.
  const starts = await Promise.allSettled(
    Array.from({ length: workers }, () => startShopServer({ ADMIN_EMAILS: ownerEmail })),
  );
  const servers: ShopServer[] = starts.flatMap((start) =>
    start.status === 'fulfilled' ? [start.value] : [],
  );
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  if (process.env.SHOP_TEST_TIMINGS) {
    for (const server of servers) {
      console.log(
        `${server.timings.seedLine}; seeded data dir ready in ${server.timings.seed} ms, server up in ${server.timings.start} ms`,
      );
    }
  }
  project.provide(
    'shops',
    servers.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  project.provide('ownerEmail', ownerEmail);
  return () => Promise.all(servers.map((server) => server.stop()));
}
