import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: real Chromium against the built production server. Two files run at a time,
 * each against a shop server of its own (e2e/global-setup.ts, e2e/shop.ts): a browser file spends
 * most of its time waiting on the server and on page loads, so two lanes keep both cores of a
 * small machine busy. E2E_WORKERS=1 runs them one at a time.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page waited on answers when its server and browser get the CPU: on a busy 2-core machine
    // that can take seconds, so a poll waits up to 15 s (not Vitest's 1 s) before it fails.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: workers > 1,
    maxWorkers: workers,
  },
});
