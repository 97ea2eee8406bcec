#!/usr/bin/env node
// `npm run build -w @shop/api`: compiles the server into dist/ for plain `node` (no TypeScript
// loader in production). The workspace packages (@shop/domain, @shop/contracts) ship TypeScript
// sources, so they are bundled in; every other package stays an import of node_modules.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const outdir = `${here}dist`;

/** Bare imports stay external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/db/migrate-cli.ts',
    seed: 'src/db/seed/cli.ts',
    owner: 'src/features/auth/owner-cli.ts',
    'mail-thread': 'src/adapters/mail/mail-thread.ts',
  },
  outdir,
  // Every file sits in dist/ itself, so `new URL('./x', import.meta.url)` means the same in
  // every chunk (the mail thread's module, the migrations and functions folders).
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
cpSync(`${here}src/db/migrations`, `${outdir}/migrations`, { recursive: true });
cpSync(`${here}src/db/functions`, `${outdir}/functions`, { recursive: true });
console.log(`Built the API server into ${outdir}`);
