#!/usr/bin/env node
// `npm start`, `npm run migrate`, `npm run seed`: run the compiled server (apps/api/dist) with
// plain node. A build that is missing, or older than its sources, is made first when the build
// tools are installed; a deployment that installed only runtime packages runs the build it has.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const commands = { server: 'server.js', migrate: 'migrate.js', seed: 'seed.js' };
const [command = 'server', ...args] = process.argv.slice(2);
if (!(command in commands)) {
  console.error(`Unknown command "${command}": use one of ${Object.keys(commands).join(', ')}`);
  process.exit(1);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (['node_modules', 'build', 'dist'].includes(entry.name) || entry.name.startsWith('.')) {
      continue;
    }
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

const canBuild = (tool) => existsSync(join(root, 'node_modules', tool));

/** Builds a workspace when its build is missing or older than any of its sources. */
function ensureBuilt({ workspace, marker, sources, tool }) {
  const built = existsSync(marker);
  const stale = !built || Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
  if (!stale) return;
  if (!canBuild(tool)) {
    if (built) return;
    console.error(`${marker} is missing: run \`npm install && npm run build\` first.`);
    process.exit(1);
  }
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const packages = join(root, 'packages');
if (command === 'server') {
  ensureBuilt({
    workspace: '@shop/web',
    marker: join(root, 'apps/web/build/server/index.js'),
    sources: [join(root, 'apps/web'), packages],
    tool: '@react-router/dev',
  });
}
ensureBuilt({
  workspace: '@shop/api',
  marker: join(root, 'apps/api/dist/server.js'),
  sources: [join(root, 'apps/api/src'), packages],
  tool: 'esbuild',
});

const child = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/api/dist', commands[command]), ...args],
  {
    cwd: root,
    stdio: 'inherit',
    env: command === 'server' ? { NODE_ENV: 'production', ...process.env } : process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
