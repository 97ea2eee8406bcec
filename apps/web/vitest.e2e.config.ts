import { defineConfig } from 'vitest/config';

/** End-to-end suite: real Chromium against the built production server. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One Chromium at a time suits a 2-core machine and keeps timings steady.
    fileParallelism: false,
  },
});
