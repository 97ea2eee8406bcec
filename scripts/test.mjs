#!/usr/bin/env node
// `npm test`: type checks, lint, then every suite — the whole API suite on a real PostgreSQL (what
// production runs), the part of it that exercises what differs on the embedded PGlite, the browser
// journeys — each stage with its duration, and one closing line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  chownSync,
  chmodSync,
  rmSync,
  readdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);
const reportsDir = mkdtempSync(join(tmpdir(), 'shop-test-reports-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
const stageTimes = [];

/**
 * The API tests that also run on PGlite: what differs between the two databases (the driver, the
 * single connection, migrations, start-up, the upkeep) and the money path (orders, payments,
 * refunds, stock, cash on delivery), which must hold on both. Everything else runs once, on
 * PostgreSQL. A file whose tests run the embedded database whatever TEST_DATABASE_URL says (the
 * servers started on a data folder in startup and graceful-stop, the data folder's lock, PGlite's
 * write-ahead log and upkeep, the order conditions on an in-memory PGlite) would only repeat in
 * this run what the PostgreSQL run already did on the same database, so it is not listed here.
 */
const PGLITE_SUITE = [
  'test/db/migrate.test.ts',
  'test/db/prepared.test.ts',
  'test/readiness.test.ts',
  'test/crash-recovery.test.ts',
  'test/production-server.test.ts',
  // Skipped on PostgreSQL: `npm start` on the embedded database is checked here only.
  'test/runtime-install.test.ts',
  'test/throttle-bursts.test.ts',
  'test/cart.test.ts',
  'test/orders.test.ts',
  'test/orders-from-cart.test.ts',
  'test/cash-on-delivery.test.ts',
  'test/prepared-money-path.test.ts',
  'test/refunds.test.ts',
  'test/stock.test.ts',
  'test/owners.test.ts',
  'test/observability.test.ts',
];

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  stageTimes.push([label, Date.now() - started]);
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function vitestArgs(dir, report, extraArgs) {
  return [
    'run',
    '--root',
    dir,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
}

const reportOf = (label) => join(reportsDir, `${label.replace(/\W+/g, '-')}.json`);

/** Adds a finished run's test counts (from its JSON report) to the totals. */
function countReport(label, report) {
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) failures.push(`${label}: no tests ran`);
  } else {
    totals.failed += 1;
  }
}

function vitest(label, dir, env = {}, extraArgs = []) {
  // The run reports test counts; `extraArgs` may name files or folders to run (vitest's filters).
  const report = reportOf(label);
  run(label, bin('vitest'), vitestArgs(dir, report, extraArgs), {
    env: { ...process.env, ...env },
  });
  countReport(label, report);
}

/**
 * A vitest run in the background, its output kept in a file and printed once it ends (so two
 * stages' lines do not interleave). Answers a function that waits for it and prints it.
 */
function vitestInBackground(label, dir, env = {}, extraArgs = []) {
  const report = reportOf(label);
  const logPath = join(reportsDir, `${label.replace(/\W+/g, '-')}.log`);
  const log = openSync(logPath, 'w');
  const started = Date.now();
  console.log(`\n=== ${label} (started in the background; its output follows when it ends) ===`);
  const child = spawn(bin('vitest'), vitestArgs(dir, report, extraArgs), {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  const ended = new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code));
  });
  return async () => {
    const code = await ended;
    closeSync(log);
    stageTimes.push([label, Date.now() - started]);
    console.log(`\n=== ${label} (ran alongside the browser tests) ===`);
    process.stdout.write(readFileSync(logPath, 'utf8'));
    if (code !== 0) failures.push(label);
    countReport(label, report);
  };
}

/**
 * Builds the browser tests' seed template (the demo shop, its database and its pictures rendered:
 * apps/api/test/seed-template-cli.ts) in the background. Started before the type check: the checks
 * before the test stages keep one core busy, and rendering the pictures takes the other. Answers a
 * function that waits for it and prints its line (on failure its output: the browser tests' own
 * setup then tries again and fails with it).
 */
function seedTemplateInBackground() {
  const logPath = join(reportsDir, 'seed-template.log');
  const log = openSync(logPath, 'w');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/test/seed-template-cli.ts', '--template-only'],
    { cwd: root, stdio: ['ignore', log, log] },
  );
  const ended = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  return async () => {
    const code = await ended;
    closeSync(log);
    const output = readFileSync(logPath, 'utf8').trim();
    console.log(`\n=== browser tests' seed template (built in the background) ===\n${output}`);
    if (code !== 0) console.log(`(exited with ${code}; the browser tests' setup builds it again)`);
  };
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** Starts a throwaway PostgreSQL cluster; answers its URL and a stop function. */
async function startPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => {} };
  const pgBin = findPostgresBin();
  if (!pgBin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  const asRoot = process.getuid?.() === 0;
  const wrap = (args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) return undefined;
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  const [initCmd, initArgs] = wrap([
    join(pgBin, 'initdb'),
    '-D',
    dir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  if (spawnSync(initCmd, initArgs, { stdio: 'ignore' }).status !== 0) return undefined;
  const [startCmd, startArgs] = wrap([
    join(pgBin, 'pg_ctl'),
    '-D',
    dir,
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`,
    '-w',
    'start',
  ]);
  if (spawnSync(startCmd, startArgs, { stdio: 'ignore' }).status !== 0) return undefined;
  const stop = () => {
    const [stopCmd, stopArgs] = wrap([join(pgBin, 'pg_ctl'), '-D', dir, '-m', 'fast', 'stop']);
    spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/** Chromium for the browser tests: found, installed through apt when we may, or named as missing. */
function ensureChromium() {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return true;
  if (!process.env.CHROME_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing it with apt-get (Debian package "chromium")...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return true;
  }
  console.error(
    `\n!!! Chromium not found at ${path}: the browser tests cannot run.\n` +
      '!!! Install it (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.\n',
  );
  return false;
}

/**
 * One test layout in every workspace: tests live in its `test/` tree (unit tests mirroring the
 * source), browser journeys in apps/web/e2e; a test file inside a source tree is refused.
 */
function checkTestLayout() {
  console.log('\n=== test layout ===');
  const sourceTrees = [
    'apps/api/src',
    'apps/web/app',
    'packages/domain/src',
    'packages/contracts/src',
  ];
  const misplaced = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name)) misplaced.push(path);
    }
  };
  for (const tree of sourceTrees) if (existsSync(join(root, tree))) walk(tree);
  if (misplaced.length > 0) {
    failures.push('test layout');
    console.error(
      `Tests belong in the workspace's test/ tree, not beside the source:\n  ${misplaced.join('\n  ')}`,
    );
  }
}

checkTestLayout();
const seedTemplate = seedTemplateInBackground();
run('type check', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('format', bin('prettier'), ['--check', '.', '--log-level=warn']);
// Features talk through services: the import rule of .dependency-cruiser.cjs.
run('feature boundaries', bin('depcruise'), [
  'apps/api/src',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
]);

vitest('domain unit tests', 'packages/domain');
vitest('web unit tests', 'apps/web');
// The production-server test and the browser tests use this build.
const built = run('storefront build', 'npm', ['run', 'build', '-w', '@shop/web']);
// Tests that start real server processes run the compiled server, as production does.
run('API build', 'npm', ['run', 'build', '-w', '@shop/api']);
const postgres = await startPostgres();
if (postgres) {
  try {
    vitest('API on PostgreSQL', 'apps/api', { TEST_DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
} else {
  // The API suite's full run is on PostgreSQL: without it most API tests would not run at all.
  failures.push('API on PostgreSQL: PostgreSQL is not installed');
  console.error(
    '\n!!! PostgreSQL is not installed, so the API suite cannot run. Install it with:\n' +
      '!!!   apt-get install -y postgresql\n' +
      '!!! (or set TEST_DATABASE_URL to a PostgreSQL you own).\n',
  );
}
// The PGlite subset runs alongside the browser tests, one file at a time: the browser files spend
// most of their time waiting on page loads, which leaves a core's worth of room, and the subset
// then ends well before them instead of adding its minutes after the PostgreSQL run.
const pglite = vitestInBackground(
  'API on PGlite (what differs, and the money path)',
  'apps/api',
  {},
  [...PGLITE_SUITE, '--maxWorkers=1'],
);

// Waited for before the browser tests start their servers, which would otherwise build it again.
await seedTemplate();
if (!built) {
  failures.push('browser tests: no storefront build');
} else if (ensureChromium()) {
  vitest('browser tests (Chromium)', 'apps/web', {}, ['--config', 'vitest.e2e.config.ts']);
} else {
  failures.push('browser tests: Chromium missing');
}
await pglite();

rmSync(reportsDir, { recursive: true, force: true });
console.log('\nStage times:');
for (const [label, ms] of stageTimes) {
  console.log(`  ${label.padEnd(52)} ${(ms / 60_000).toFixed(1).padStart(5)} min`);
}
if (failures.length > 0) console.log(`\nFailed stages: ${failures.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
