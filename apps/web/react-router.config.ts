import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Several builds can live side by side (parallel work, CI); the server reads the same variable.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
} satisfies Config;
