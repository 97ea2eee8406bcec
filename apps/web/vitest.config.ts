import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web app's logic (`*.test.ts`, plain TypeScript in Node) and component tests
 * (`*.test.tsx`, React rendered with Testing Library in jsdom, fake timers for what waits). No
 * React Router plugin: a component test builds its own router. Journeys through the real server
 * and Chromium are the e2e suite (vitest.e2e.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'dom', include: ['test/**/*.test.tsx'], environment: 'jsdom' },
      },
    ],
  },
});
