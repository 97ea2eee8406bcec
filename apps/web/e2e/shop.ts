import { inject } from 'vitest';

/**
 * The shop server this test file talks to. Browser files run two at a time, each worker on a shop
 * of its own (global-setup.ts starts one per worker), so no file sees another's settings, stock or
 * orders change under it. Vitest numbers its live workers 1..maxWorkers (VITEST_POOL_ID) and hands
 * a number to one file at a time, so a shop serves one file at a time, as the single shop did.
 */
function shop() {
  const shops = inject('shops');
  const lane = Number(process.env.VITEST_POOL_ID ?? '1');
  const found = shops[lane - 1];
  if (!found) throw new Error(`no shop server for worker ${lane} (${shops.length} started)`);
  return found;
}

/** The shop's address, e.g. http://127.0.0.1:41234. */
export const shopURL = (): string => shop().baseURL;

/** The shop's DATA_DIR: mails are written to its outbox/ folder. */
export const shopDataDir = (): string => shop().dataDir;
