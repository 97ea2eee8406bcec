import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One layout: every test under test/, unit tests mirroring src/ (test/db/ for src/db/).
    include: ['test/**/*.test.ts'],
    // The demo shop is seeded once per run; each test world starts as a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
