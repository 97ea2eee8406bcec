import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startShopServer } from './shop-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's DATA_DIR: mails are written to its outbox/ folder. */
    dataDir: string;
    /** An address that becomes the shop's owner once signed up and verified. */
    ownerEmail: string;
  }
}

/** The back office moves test orders along (paid, shipped, delivered) as this owner. */
const ownerEmail = 'owner.e2e@lacebloom.in';

/**
 * Starts the production server once for every end-to-end file, on a throwaway DATA_DIR holding a
 * copy of the seeded shop (shop-server.ts).
 */
export default async function setup(project: TestProject) {
  const server = await startShopServer({ ADMIN_EMAILS: ownerEmail });
  if (process.env.SHOP_TEST_TIMINGS) {
    console.log(
      `${server.timings.seedLine}; seeded data dir ready in ${server.timings.seed} ms, server up in ${server.timings.start} ms`,
    );
  }
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  project.provide('ownerEmail', ownerEmail);
  return () => server.stop();
}
