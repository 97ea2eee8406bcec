/**
 * Lighthouse 12, mobile preset, three runs each on home, a listing and a product page of the
 * production server; prints the medians. Goal (ARCHITECTURE.md): performance ≥ 95, LCP ≤ 2.0 s,
 * CLS ≤ 0.05, TBT ≤ 150 ms, first-load JavaScript ≤ 150 KB gzipped a page.
 *
 *   npm run build && npm run bench:lighthouse        (RUNS=3 by default)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../apps/web/e2e/browser.ts';
import { waitForRenditions } from './shop-process.ts';

const runs = Number(process.env.RUNS ?? 3);
const port = 4300;
const baseURL = `http://127.0.0.1:${port}`;

async function startShop(dataDir: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PAYMENT_PROVIDER: 'simulator',
    },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return server;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error('server did not start');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const server = await startShop(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: chromiumArgs,
  });
  try {
    // A fresh shop renders every picture in the background for minutes: measure it settled
    // (SETTLED=0 measures at once).
    if (process.env.SETTLED !== '0') {
      const waited = await waitForRenditions(dataDir);
      if (waited !== undefined) console.log(`Waited ${waited.toFixed(0)} s for the renditions`);
    }
    const list = (await (await fetch(`${baseURL}/api/product/products?limit=1`)).json()) as any;
    const pages = {
      home: '/',
      listing: '/products/bras',
      product: `/product/${list.data.products[0]._id}`,
    };
    // One visit each first, so every image variant is rendered and cached as in steady state.
    for (const path of Object.values(pages)) {
      await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
    }
    const rows: Record<string, string | number>[] = [];
    for (const [name, path] of Object.entries(pages)) {
      const samples: {
        score: number;
        lcp: number;
        cls: number;
        tbt: number;
        fcp: number;
        js: number;
      }[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${baseURL}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
        });
        const lhr = result!.lhr;
        const requests = (lhr.audits['network-requests']?.details as any)?.items ?? [];
        const jsBytes = requests
          .filter((item: any) => item.resourceType === 'Script')
          .reduce((sum: number, item: any) => sum + (item.transferSize ?? 0), 0);
        samples.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          js: jsBytes,
        });
      }
      rows.push({
        page: `${name} ${path.length > 30 ? path.slice(0, 30) + '…' : path}`,
        performance: median(samples.map((s) => s.score)),
        'LCP s': (median(samples.map((s) => s.lcp)) / 1000).toFixed(2),
        CLS: median(samples.map((s) => s.cls)).toFixed(3),
        'TBT ms': Math.round(median(samples.map((s) => s.tbt))),
        'FCP s': (median(samples.map((s) => s.fcp)) / 1000).toFixed(2),
        'JS KB (gzip)': (median(samples.map((s) => s.js)) / 1024).toFixed(1),
      });
    }
    console.log(`Lighthouse 12, mobile preset, median of ${runs} runs:`);
    console.table(rows);
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
