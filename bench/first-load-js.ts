/**
 * First-load JavaScript of the storefront's pages, from the client build alone (no server, no
 * browser): for each page, the scripts a first visit loads — the client entry, the root route and
 * the page's route with every chunk they import statically, followed through the chunks' own
 * `import` statements — each counted once and gzipped at level 6. Chunks reached only through
 * `import()` are left out: a page loads them when it needs them. The route manifest is left out
 * too: with lazy route discovery the page carries the part it needs inline.
 * bench/wire-js.ts (and Lighthouse) count what the wire carries instead: the server's brotli 11
 * copies plus each response's headers (about 0.55 KB a script).
 * The goal (ARCHITECTURE.md) is at most 150 KB a page; the shop keeps home, listing and product,
 * and the shopper's own pages (cart, checkout, profile, order, wishlist), at or under 135 KB. A page over its budget makes the run fail.
 *
 *   npm run build -w @shop/web && npm run bench:first-load-js    (VERBOSE=1 lists the chunks)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const buildDir = resolve('apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
const verbose = process.env.VERBOSE === '1';

interface ManifestRoute {
  module: string;
  imports?: string[];
}
interface Manifest {
  url?: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const assets = join(buildDir, 'assets');
const manifestFile = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
if (!manifestFile) throw new Error(`no React Router manifest in ${assets}: build the storefront`);
const manifestSource = readFileSync(join(assets, manifestFile), 'utf8');
const manifest = JSON.parse(
  manifestSource.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, ''),
) as Manifest;

const gzipSizes = new Map<string, number>();
function gzipSize(url: string): number {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(buildDir, url)), { level: 6 }).length;
    gzipSizes.set(url, size);
  }
  return size;
}

/** The chunks a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`). */
function staticImports(url: string): string[] {
  const source = readFileSync(join(buildDir, url), 'utf8');
  const directory = url.slice(0, url.lastIndexOf('/') + 1);
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)].map(
    (match) => directory + match[1]!.slice(2),
  );
}

/** Every script a first visit of these routes loads, each once. */
function firstLoad(routeIds: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of ['root', ...routeIds]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    queue.push(route.module, ...(route.imports ?? []));
  }
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return seen;
}

/** Every storefront page (the route table of apps/web/app/routes.ts, documents only). */
const pages: Record<string, string> = {
  home: 'routes/home',
  'listing /products/…': 'products-category',
  'product /product/:id': 'routes/product',
  'search /search': 'routes/search',
  'cart /cart': 'routes/cart',
  'checkout /checkout': 'routes/checkout',
  'profile /profile': 'routes/profile',
  'order-success /order-success/:id': 'routes/order-success',
  'wishlist /wishlist': 'routes/wishlist',
  'login /login': 'login',
  'blogs /blogs': 'routes/blogs',
  'about /about': 'routes/about',
  'faq /faq': 'routes/faq',
  'contact /contact': 'routes/contact',
  'reset-password /reset-password': 'routes/reset-password',
  'verify-email /verify-email': 'routes/verify-email',
  'google callback': 'routes/google-callback',
  'not found': 'routes/not-found',
};
/**
 * ARCHITECTURE.md: every storefront page at most 150 KB; home, listing and product 135 KB, and
 * so are the shopper's own pages the server renders for her (cart, checkout, account, order,
 * wishlist: decision 0055).
 */
const budgetKb = (page: string) =>
  /^(home|listing|product|cart|checkout|profile|order-success|wishlist) /.test(`${page} `)
    ? 135
    : 150;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = Object.entries(pages).map(([page, routeId]) => {
  const scripts = [...firstLoad([routeId])];
  const total = scripts.reduce((sum, url) => sum + gzipSize(url), 0);
  if (verbose) {
    console.log(`${page}:`);
    for (const url of scripts.sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`  ${kb(gzipSize(url)).padStart(6)} KB  ${url}`);
    }
  }
  const budget = budgetKb(page);
  return {
    page,
    scripts: scripts.length,
    'JS KB (gzip 6)': kb(total),
    budget: `${budget} KB${total / 1024 > budget ? ' OVER' : ''}`,
  };
});
console.log('First-load JavaScript from the client build (gzip level 6):');
console.table(rows);
if (rows.some((row) => row.budget.endsWith('OVER'))) process.exitCode = 1;
