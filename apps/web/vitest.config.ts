import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web app's logic (`*.test.ts`, plain TypeScript in Node) and component tests
 * (`*.test.tsx`, rendered by Testing Library in jsdom as a person would meet them). No React
 * Router plugin: a component test builds its own router.
 */
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['app/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'dom', include: ['app/**/*.test.tsx'], environment: 'jsdom' },
      },
    ],
  },
});
