import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's logic (no React Router plugin: plain TypeScript). */
export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx'],
    environment: 'node',
  },
});
