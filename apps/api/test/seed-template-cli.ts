/**
 * `node --import tsx apps/api/test/seed-template-cli.ts <DATA_DIR>`: puts the seeded demo shop
 * into a server's empty DATA_DIR (its embedded database and the seed's pictures) before the
 * server starts, which then finds nothing to migrate or seed. The browser tests' global setup
 * runs it.
 *
 * The template is kept between runs under the system's temporary folder, named by a hash of the
 * code that makes it (the API's sources, the contracts and the domain: migrations, seed data and
 * the services the seed writes through), and used for an hour at most: the seed's dates count
 * from when it ran (discount codes' windows, products' ages), so a template older than that would
 * be another shop than a fresh seed.
 */
import { createHash } from 'node:crypto';
import { cp, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.ts';
import { createMediaService } from '../src/features/media/media.service.ts';
import { createLocalMediaStore } from '../src/features/media/media-store.ts';
import { buildSeedTemplate, templateDataDir } from './seed-template.ts';

const MAX_AGE_MS = 60 * 60 * 1000;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const sources = [
  'apps/api/src',
  'packages/contracts/src',
  'packages/domain/src',
  'apps/api/test/seed-template.ts',
  'apps/api/test/seed-template-cli.ts',
];

async function filesUnder(dir: string): Promise<string[]> {
  if ((await stat(dir)).isFile()) return [dir];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of sources) {
    for (const file of await filesUnder(join(repoRoot, dir))) {
      hash
        .update(relative(repoRoot, file))
        .update('\0')
        .update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Renders every planned width and format of the seed's pictures into the template, as a server
 * does in the background after its first start (media.renderMissing). Done once here, each shop
 * copied from the template starts with them all, instead of each server spending minutes of CPU
 * rendering the same files while the browser tests wait on its pages.
 */
async function renderVariants(mediaDir: string) {
  const media = createMediaService({
    store: createLocalMediaStore(mediaDir),
    renderConcurrency: 2,
  });
  try {
    await media.renderMissing();
    await media.idle();
  } finally {
    await media.close();
  }
}

/**
 * Puts the template's media folder into a server's: each file hard-linked (a copy where links
 * cannot be made). Safe to share, because the local media store never changes a stored file in
 * place: it writes a new file and renames it over the old, and removes by unlinking.
 */
async function linkTree(from: string, to: string) {
  for (const file of await filesUnder(from)) {
    const target = join(to, relative(from, file));
    await mkdir(dirname(target), { recursive: true });
    await link(file, target).catch(() => cp(file, target));
  }
}

/** A template in `dir`, complete and made within the hour. */
async function fresh(dir: string): Promise<boolean> {
  const made = await stat(join(dir, 'ready')).catch(() => undefined);
  return made !== undefined && Date.now() - made.mtimeMs < MAX_AGE_MS;
}

/**
 * The cached template's folder: reused when made from this code within the hour, else new. It
 * holds the seed's pictures and the seeded database as a closed PGlite data directory, which a
 * plain file copy duplicates.
 */
async function cachedTemplate(): Promise<{ dir: string; built: boolean }> {
  const cacheRoot = join(tmpdir(), 'shop-seed-template-cache');
  const dir = join(cacheRoot, await sourceHash());
  if (await fresh(dir)) return { dir, built: false };
  // Built aside and renamed into place, so a run at the same time never reads half a template.
  await mkdir(cacheRoot, { recursive: true });
  const building = `${dir}.${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  const template = await buildSeedTemplate(building, undefined);
  if (template.kind !== 'pglite') throw new Error('the browser tests run on PGlite');
  // Opening a data directory with the tarball writes the database there (see openDatabase's
  // loadDataDir); closed, it is a folder like any server's.
  const database = await openDatabase({
    dataDir: join(building, 'pglite'),
    loadDataDir: await templateDataDir(template),
  });
  await database.close();
  await renderVariants(join(building, 'media'));
  await writeFile(join(building, 'ready'), '');
  // Another run may have put a fresh one in place meanwhile, and be copying it: keep that one.
  if (await fresh(dir)) {
    await rm(building, { recursive: true, force: true });
    return { dir, built: true };
  }
  await rm(dir, { recursive: true, force: true });
  await rename(building, dir);
  await pruneStale(cacheRoot);
  return { dir, built: true };
}

/**
 * Removes templates (and folders of builds that never finished) untouched for twice the time a
 * template is used: with its rendered pictures each holds about 200 MB, and one is made for each
 * version of the code. Twice, so a run still copying one made just under the hour ago keeps it.
 */
async function pruneStale(cacheRoot: string) {
  for (const entry of await readdir(cacheRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(cacheRoot, entry.name);
    const made = await stat(join(path, 'ready')).catch(() => stat(path));
    if (Date.now() - made.mtimeMs > 2 * MAX_AGE_MS) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

// `--template-only` makes (or finds) the template and copies it nowhere: `npm test` runs it in the
// background from its first stage, so the browser tests find the template ready.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-template-cli.ts <DATA_DIR> | --template-only');
const started = performance.now();
const { dir, built } = await cachedTemplate();
if (dataDir !== '--template-only') {
  await cp(join(dir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  await linkTree(join(dir, 'media'), join(dataDir, 'media'));
}
console.log(
  `seed template ${built ? 'built' : 'reused'}${dataDir === '--template-only' ? '' : ' and copied'} in ${Math.round(performance.now() - started)} ms`,
);
