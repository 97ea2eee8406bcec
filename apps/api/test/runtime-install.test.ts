// What a deployment gets, seen from outside: the repository's tracked files, the two builds
// (apps/api/dist, apps/web/build) and `npm install --omit=dev` run the shop with `npm start`, with
// none of the build tools installed; and where the build tools are installed, a missing server
// build is made before the command runs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './shop-processes.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const apiBuild = join(repoRoot, 'apps/api/dist');
const webBuild = join(repoRoot, 'apps/web/build');
/** Tools that only build or test the shop: a runtime install must not bring them. */
const BUILD_TOOLS = ['tsx', 'esbuild', 'vite', 'vitest', '@react-router/dev'];

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * A clean environment, as an operator's shell has: not the test runner's (NODE_ENV=test,
 * TEST_DATABASE_URL ...), not the npm variables of the `npm test` running this file, and no
 * node_modules/.bin of this repository on PATH, so only what the copy installed can be found.
 */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const path = [
    dirname(process.execPath),
    ...(process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin')
      .split(delimiter)
      .filter((entry) => !entry.includes(`${sep}node_modules${sep}`)),
  ].join(delimiter);
  const env: NodeJS.ProcessEnv = { PATH: path, HOME: process.env.HOME ?? tmpdir(), ...extra };
  // Where npm takes packages from, when this machine sets it through the environment.
  for (const key of ['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig']) {
    if (process.env[key]) env[key] = process.env[key];
  }
  return env;
}

/** Spawns a command in its own process group, keeping its output. */
function spawnCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => {
    child.once('exit', (code) => {
      children.delete(child);
      done(code);
    });
  });
  return { child, exited, output: () => output };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Runs a command to its end (killed after `timeoutMs`): its exit code and output. */
async function runCommand(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
) {
  const run = spawnCommand(command, args, cwd, env);
  const timer = setTimeout(() => killGroup(run.child, 'SIGKILL'), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  return { code, output: run.output() };
}

/** Stops a process group (SIGTERM, SIGKILL after 15 s) and waits for its exit. */
async function stop(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child, 'SIGTERM');
  const gone = await Promise.race([
    exited.then(() => true),
    new Promise((done) => setTimeout(() => done(false), 15_000)),
  ]);
  if (!gone) {
    killGroup(child, 'SIGKILL');
    await exited;
  }
}

/** Copies the files git tracks (as they are in the work tree) into `dir`. */
function copyTrackedFiles(dir: string) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    // A tracked file deleted in the work tree is not part of what would be deployed.
    if (existsSync(join(repoRoot, file))) cpSync(join(repoRoot, file), join(dir, file));
  }
  return files;
}

/**
 * Gives the copy this repository's installed packages without installing them again: each
 * node_modules folder (the root's and each workspace's) becomes a folder of links to this
 * repository's packages, except the workspace links (node_modules/@shop/*), which npm made
 * relative and are recreated as they are, so they point at the copy's own workspaces. Nothing
 * the copy builds can then be taken from this repository's sources.
 */
function linkInstalledPackages(copy: string) {
  const link = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      // npm's record of this install and tools' caches: nothing the copy needs, or may write to.
      if (['.package-lock.json', '.cache', '.vite'].includes(entry.name)) continue;
      const source = join(from, entry.name);
      const target = join(to, entry.name);
      if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
      else if (entry.isDirectory() && entry.name.startsWith('@')) link(source, target);
      else symlinkSync(source, target);
    }
  };
  const places = [
    '.',
    ...['apps', 'packages'].flatMap((group) =>
      readdirSync(join(repoRoot, group)).map((name) => join(group, name)),
    ),
  ];
  for (const place of places) {
    const installed = join(repoRoot, place, 'node_modules');
    if (existsSync(installed) && lstatSync(installed).isDirectory()) {
      link(installed, join(copy, place, 'node_modules'));
    }
  }
}

/** Waits until `GET /api/health/ready` answers 200; throws with the process's output otherwise. */
async function waitReady(
  url: string,
  run: ReturnType<typeof spawnCommand>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null || run.child.signalCode !== null) {
      throw new Error(`the shop exited before it was ready:\n${run.output()}`);
    }
    try {
      if ((await fetch(`${url}/api/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the shop was not ready after ${timeoutMs} ms:\n${run.output()}`);
}

afterAll(async () => {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((done) => {
          child.once('exit', () => done());
          killGroup(child, 'SIGTERM');
          setTimeout(() => {
            killGroup(child, 'SIGKILL');
            done();
          }, 15_000);
        }),
    ),
  );
  for (const dir of tempDirs) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}, 60_000);

// These run the embedded database only, whatever the suite's database: the PostgreSQL pass of
// the suite would repeat them unchanged.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('installing the shop', () => {
  it(
    'runs with only the runtime packages and the two builds: `npm install --omit=dev`, then `npm start`',
    { timeout: 360_000 },
    async () => {
      // `npm test` builds both before the API suite; by hand: `npm run build -w @shop/api` and
      // `npm run build -w @shop/web`.
      for (const marker of [join(apiBuild, 'server.js'), join(webBuild, 'server/index.js')]) {
        if (!existsSync(marker)) {
          throw new Error(`${marker} is missing: build the API and the storefront first`);
        }
      }
      const copy = tempDir('shop-runtime-install-');
      copyTrackedFiles(copy);
      cpSync(apiBuild, join(copy, 'apps/api/dist'), { recursive: true, preserveTimestamps: true });
      cpSync(webBuild, join(copy, 'apps/web/build'), { recursive: true, preserveTimestamps: true });
      // The sources are newer than the builds, as after an update of the checkout: with no build
      // tools installed, `npm start` still runs the builds it has, and builds nothing.
      const anHourAgo = new Date(Date.now() - 3_600_000);
      for (const marker of ['apps/api/dist/server.js', 'apps/web/build/server/index.js']) {
        utimesSync(join(copy, marker), anHourAgo, anHourAgo);
      }

      const install = await runCommand(
        'npm',
        ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'],
        copy,
        cleanEnv({}),
        240_000,
      );
      expect(install.code, install.output).toBe(0);

      // The runtime install has none of the build and test tools, in any node_modules folder.
      const modules = [
        'node_modules',
        ...['apps', 'packages'].flatMap((group) =>
          readdirSync(join(copy, group)).map((name) => join(group, name, 'node_modules')),
        ),
      ];
      const found = modules.flatMap((folder) =>
        BUILD_TOOLS.filter((tool) => existsSync(join(copy, folder, tool))).map((tool) =>
          join(folder, tool),
        ),
      );
      expect(found).toEqual([]);
      // The workspaces it links are the copy's own.
      expect(realpathSync(join(copy, 'node_modules/@shop/api'))).toBe(
        realpathSync(join(copy, 'apps/api')),
      );

      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = tempDir('shop-runtime-install-data-');
      const shop = spawnCommand(
        'npm',
        ['start'],
        copy,
        cleanEnv({
          PORT: String(port),
          HOST: '127.0.0.1',
          // The embedded database in a new data folder: no DATABASE_URL, the demo seeded.
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          // Production takes test payments only when told to by name.
          PAYMENT_PROVIDER: 'simulator',
          LOG_LEVEL: 'warn',
        }),
      );
      try {
        await waitReady(url, shop, 180_000);

        const products: any = await (await fetch(`${url}/api/product/products`)).json();
        expect(products.data.products, shop.output()).toHaveLength(12);
        expect(products.data.products[0].name).toBeTruthy();

        const page = await fetch(`${url}/`);
        expect(page.status, shop.output()).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        const html = await page.text();
        expect(html).toContain('</html>');
        // The storefront's own scripts are served from the copied build.
        const script = /\/assets\/root-[\w-]+\.js/.exec(html)?.[0];
        expect(script, html).toBeTruthy();
        expect((await fetch(`${url}${script}`)).status).toBe(200);

        // It ran the builds it was given: nothing was built, no build tool was looked for.
        expect(shop.output()).not.toContain('Building');
      } finally {
        await stop(shop.child, shop.exited);
      }
    },
  );

  it(
    'builds the server first when its build is missing and the build tools are installed',
    { timeout: 240_000 },
    async () => {
      const copy = tempDir('shop-build-on-start-');
      copyTrackedFiles(copy);
      linkInstalledPackages(copy);
      // The copy's workspace packages are its own, not this repository's.
      expect(realpathSync(join(copy, 'node_modules/@shop/domain'))).toBe(
        realpathSync(join(copy, 'packages/domain')),
      );
      expect(existsSync(join(copy, 'node_modules/esbuild'))).toBe(true);
      expect(existsSync(join(copy, 'apps/api/dist'))).toBe(false);

      // `npm run migrate` goes through the same start script as `npm start`, which makes the
      // server's build first the same way; the migration is the quicker command to finish.
      const dataDir = tempDir('shop-build-on-start-data-');
      const migrate = await runCommand(
        'npm',
        ['run', 'migrate'],
        copy,
        cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
        180_000,
      );
      expect(migrate.code, migrate.output).toBe(0);
      const building = migrate.output.indexOf('Building @shop/api...');
      expect(building, migrate.output).toBeGreaterThanOrEqual(0);
      // Built first, then the command ran from that build.
      expect(migrate.output.indexOf('Built the API server')).toBeGreaterThan(building);
      expect(migrate.output).toMatch(/Applied \d+ migrations?\./);
      const dist = join(copy, 'apps/api/dist');
      expect(existsSync(join(dist, 'server.js'))).toBe(true);

      // The build was made from the copy's sources only (its source maps name every file it
      // bundled), never from this repository's.
      const copyRoot = realpathSync(copy) + sep;
      const bundled = new Set<string>();
      for (const map of readdirSync(dist).filter((name) => name.endsWith('.js.map'))) {
        for (const source of JSON.parse(readFileSync(join(dist, map), 'utf8')).sources) {
          bundled.add(resolve(realpathSync(dist), source));
        }
      }
      expect(bundled.size).toBeGreaterThan(0);
      expect([...bundled].filter((file) => !file.startsWith(copyRoot))).toEqual([]);
      expect([...bundled].some((file) => file.startsWith(join(copyRoot, 'packages/domain')))).toBe(
        true,
      );
    },
  );
});
