#!/usr/bin/env node
// `npm start`, `npm run migrate`, `npm run seed`, `npm run owner`: run the compiled server
// (apps/api/dist) with plain node. A build that is missing, or older than its sources, is made
// first when the build tools are installed; a deployment that installed only runtime packages
// runs the build it has.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressAssets } from '../apps/web/scripts/precompress-assets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const commands = { server: 'server.js', migrate: 'migrate.js', seed: 'seed.js', owner: 'owner.js' };
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
  // The web build writes the assets' .br/.gz copies itself; a build made before it did (or one
  // copied without them) gets them here, once: the server sends those copies as they are.
  precompressAssets(join(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client/assets'));
}
ensureBuilt({
  workspace: '@shop/api',
  marker: join(root, 'apps/api/dist/server.js'),
  sources: [join(root, 'apps/api/src'), packages],
  tool: 'esbuild',
});

// libuv's thread pool is sized once, before any code of the server runs (Node's module loader
// already uses it), so only the environment of a new process can size it. Eight threads: image
// renders (MEDIA_RENDER_CONCURRENCY at once, 1 by default) and sign-ins' argon2 hashes hold
// theirs for tens to hundreds of milliseconds; file reads, compression and token signatures need
// free ones meanwhile (docs/decisions/0026).
const threadPool = { UV_THREADPOOL_SIZE: '8' };
// The quick start (`npm install && npm start`, embedded database, no keys) is a demo: it takes
// test payments, and says so. The server itself never picks the simulator in production; this
// script names it, prints why, and every page shows the 'Test payments' banner. A shop on
// PostgreSQL or with Razorpay keys gets nothing chosen for it.
const demoPayments =
  command === 'server' &&
  !process.env.DATABASE_URL &&
  !process.env.PAYMENT_PROVIDER &&
  !process.env.RAZORPAY_KEY_ID
    ? { PAYMENT_PROVIDER: 'simulator' }
    : {};
if (demoPayments.PAYMENT_PROVIDER) {
  console.log(
    'Payments: the simulator (test payments, no money is taken). Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for real payments.',
  );
}
// Phone messages likewise: the embedded demo names the WhatsApp and SMS simulator (each message
// is written to DATA_DIR/messages/) and says so; without it a production shop sends nothing to
// phones and hides phone sign-in.
const demoMessaging =
  command === 'server' &&
  !process.env.DATABASE_URL &&
  !process.env.MESSAGING_PROVIDER &&
  !process.env.WHATSAPP_PHONE_NUMBER_ID &&
  !process.env.MSG91_AUTH_KEY
    ? { MESSAGING_PROVIDER: 'simulator' }
    : {};
if (demoMessaging.MESSAGING_PROVIDER) {
  console.log(
    'WhatsApp and SMS: the simulator (messages are written to DATA_DIR/messages/, none reach a phone). Set the WHATSAPP_* and MSG91_* settings to send them.',
  );
}
const child = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/api/dist', commands[command]), ...args],
  {
    cwd: root,
    stdio: 'inherit',
    env:
      command === 'server'
        ? {
            NODE_ENV: 'production',
            ...threadPool,
            ...demoPayments,
            ...demoMessaging,
            ...process.env,
          }
        : { ...threadPool, ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
