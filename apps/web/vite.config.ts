import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Shared code goes into two chunks (the framework, and our app shell) instead of a dozen small
 * ones: on a phone over HTTP/1.1 every extra request waits for one of six connections, ahead of
 * the stylesheet that the first paint needs.
 */
function chunkFor(id: string): string | undefined {
  if (
    /node_modules\/(react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)\//.test(
      id,
    )
  ) {
    return 'framework';
  }
  if (
    /\/app\/(lib|components\/(layout|[a-z-]+\.tsx?$))/.test(id) ||
    /\/packages\/domain\//.test(id)
  ) {
    return 'shell';
  }
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: chunkFor } },
  },
}));
