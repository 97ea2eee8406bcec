#!/usr/bin/env node
// `npm start`: builds the storefront when its build is missing or older than its sources, then
// runs the one server (API + storefront + media) in production mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');
const buildMarker = join(webDir, 'build/server/index.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.'))
      continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (existsSync(join(webDir, 'package.json'))) {
  const sources = [webDir, join(root, 'packages')];
  const stale =
    !existsSync(buildMarker) ||
    Math.max(...sources.map(newestMtime)) > statSync(buildMarker).mtimeMs;
  if (stale) {
    console.log('Building the storefront...');
    const result = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
