/**
 * Does a flood of costly anonymous requests stall the shop? Against the compiled server on a
 * fresh embedded database, each round sends at once IMAGES (24) image requests for widths never
 * rendered (`/media/products/...?w=1900`, `w=1893`, ... each picture once), in the second
 * scenario with RESETS (300) password resets carrying made-up tokens (in the form of a mailed
 * link, from one address), and 100 ms later PROBES (3)
 * home page loads (`GET /`, compressed) and PROBES sign-ins (`POST /api/auth/login`, argon2id).
 * Reports p50, p99 and the slowest of the probes per scenario, beside the same probes on a quiet
 * server, and how long the flood took to be answered. Goal: home page and sign-in p99 ≤ 1 s.
 *
 * Runs twice: right after the server started (a fresh data folder: its pictures are still being
 * rendered), then once every picture has its renditions (SETTLED=0 skips that; a build without
 * a render queue has nothing to wait for).
 *
 *   npm run bench:image-flood   (ROUNDS=4 IMAGES=24 RESETS=300 PROBES=3 SETTLED=1
 *                                SCENARIOS=quiet,images,resets UV_THREADPOOL_SIZE=8
 *                                NODE_ENV=production)
 *   BENCH_SHOP_SERVER=/other/build/apps/api/dist/server.js compares another build
 *
 * The compiled server must be built first (`npm run build`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  callShop,
  freePort,
  startBenchServer,
  stopBenchServer,
  waitForRenditions,
} from './shop-process.ts';

const rounds = Number(process.env.ROUNDS ?? 4);
const imageCount = Number(process.env.IMAGES ?? 24);
const resetCount = Number(process.env.RESETS ?? 300);
const probes = Number(process.env.PROBES ?? 3);
const settledPhase = process.env.SETTLED !== '0';
const chosenScenarios = (process.env.SCENARIOS ?? 'quiet,images,resets').split(',');
/** Chromium's Accept for images. */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

interface Timed {
  ms: number;
  status: number;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const statusCounts = (results: Timed[]) =>
  Object.entries(
    results.reduce<Record<string, number>>((counts, { status }) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');

/** Files under a folder, counted recursively (0 when it does not exist). */

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-image-flood-'));
  const startedAt = performance.now();
  // As `npm start` runs it (scripts/start.mjs): UV_THREADPOOL_SIZE=4 measures Node's default.
  const threadPool = process.env.UV_THREADPOOL_SIZE ?? '8';
  const shop = await startBenchServer(['shop', String(port), dataDir], {
    UV_THREADPOOL_SIZE: threadPool,
    // As `npm start` runs it too: React renders pages with its production build (the
    // development one spends several times the CPU per home page).
    NODE_ENV: process.env.NODE_ENV ?? 'production',
  });
  console.log(`Server up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  try {
    const shopper = {
      firstName: 'Bench',
      lastName: 'Shopper',
      email: `bench.flood.${Date.now()}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    };
    await callShop(base, 'POST', '/api/auth/signup', shopper);
    const listing = await callShop(base, 'GET', '/api/product/products?limit=100');
    const pictures: string[] = listing.data.products.flatMap(
      (product: { colors: { images: string[] }[] }) =>
        product.colors.flatMap((colour) => colour.images),
    );
    let nextPicture = 0;
    /** A picture not asked for before in this run, at a width never asked for before. */
    const unrenderedWidth = (index: number) => {
      const picture = pictures[nextPicture % pictures.length]!;
      const lap = Math.floor(nextPicture / pictures.length);
      nextPicture += 1;
      return `${base}${picture}?w=${1900 - index * 7 - lap * 3}`;
    };

    const home = () =>
      timed(`${base}/`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    const signIn = () =>
      timed(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shopper.email, password: shopper.password }),
      });
    const image = (url: string) => timed(url, { headers: { accept: IMAGE_ACCEPT } });
    const reset = () =>
      timed(`${base}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          // In the form of a mailed link (32 random bytes, base64url): a token of any other form
          // is refused before any database work, so only these reach the throttle.
          token: randomBytes(32).toString('base64url'),
          password: 'made-up-password-1',
        }),
      });
    // Warm-up: the first page render and sign-in of a process cost more than the rest.
    await home();
    await signIn();

    const scenarios = [
      { key: 'quiet', name: 'quiet', images: 0, resets: 0 },
      { key: 'images', name: `${imageCount} unrendered widths`, images: imageCount, resets: 0 },
      {
        key: 'resets',
        name: `${imageCount} widths + ${resetCount} reset tokens`,
        images: imageCount,
        resets: resetCount,
      },
    ].filter((scenario) => chosenScenarios.includes(scenario.key));
    const runPhase = async (phase: string) => {
      const rows = [];
      for (const scenario of scenarios) {
        const homes: Timed[] = [];
        const signIns: Timed[] = [];
        const images: Timed[] = [];
        const resets: Timed[] = [];
        const floodMs: number[] = [];
        for (let round = 0; round < rounds; round += 1) {
          const floodStarted = performance.now();
          const flood = Promise.all([
            ...Array.from({ length: scenario.images }, (_, index) => image(unrenderedWidth(index))),
            ...Array.from({ length: scenario.resets }, reset),
          ]).then((results) => {
            floodMs.push(performance.now() - floodStarted);
            return results;
          });
          await sleep(100);
          const [homeResults, signInResults, floodResults] = await Promise.all([
            Promise.all(Array.from({ length: probes }, home)),
            Promise.all(Array.from({ length: probes }, signIn)),
            flood,
          ]);
          homes.push(...homeResults);
          signIns.push(...signInResults);
          images.push(...floodResults.slice(0, scenario.images));
          resets.push(...floodResults.slice(scenario.images));
          await sleep(1000);
        }
        const ms = (value: number) => Math.round(value);
        rows.push({
          phase,
          scenario: scenario.name,
          'home p50': ms(
            percentile(
              homes.map((r) => r.ms),
              50,
            ),
          ),
          'home p99': ms(
            percentile(
              homes.map((r) => r.ms),
              99,
            ),
          ),
          'home max': ms(Math.max(...homes.map((r) => r.ms))),
          'sign-in p50': ms(
            percentile(
              signIns.map((r) => r.ms),
              50,
            ),
          ),
          'sign-in p99': ms(
            percentile(
              signIns.map((r) => r.ms),
              99,
            ),
          ),
          'sign-in max': ms(Math.max(...signIns.map((r) => r.ms))),
          'flood answered (max ms)': floodMs.length ? ms(Math.max(...floodMs)) : '',
          answers: [
            statusCounts(homes) && `home ${statusCounts(homes)}`,
            `sign-in ${statusCounts(signIns)}`,
            images.length ? `images ${statusCounts(images)}` : '',
            resets.length ? `resets ${statusCounts(resets)}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        });
      }
      return rows;
    };

    console.log(
      `${rounds} rounds per scenario, ${probes} home pages and ${probes} sign-ins per round, ` +
        `UV_THREADPOOL_SIZE=${threadPool}; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}\n`,
    );
    const rows = await runPhase('fresh start');
    if (settledPhase) {
      const waited = await waitForRenditions(dataDir);
      if (waited !== undefined) {
        console.log(
          `All renditions stored ${((performance.now() - startedAt) / 1000).toFixed(0)} s ` +
            `after the server was started (${waited.toFixed(0)} s of waiting)\n`,
        );
        rows.push(...(await runPhase('settled')));
      }
    }
    console.table(rows);
  } finally {
    await stopBenchServer(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
