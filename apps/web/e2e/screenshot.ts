/**
 * Screenshots of storefront pages at phone and desktop widths, to look at before calling a screen
 * done:  node --import tsx apps/web/e2e/screenshot.ts http://127.0.0.1:3000 / /products/bras
 * PNGs go to SHOT_DIR (default /tmp/shots). FULL=1 takes whole pages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, openPage, viewports } from './browser.ts';

const [baseURL, ...paths] = process.argv.slice(2);
if (!baseURL || paths.length === 0) {
  console.error('usage: screenshot.ts BASE_URL PATH [PATH...]');
  process.exit(2);
}
const outDir = process.env.SHOT_DIR ?? '/tmp/shots';
mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
for (const viewport of Object.keys(viewports) as (keyof typeof viewports)[]) {
  const { page, context, problems } = await openPage(browser, baseURL, viewport);
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.WAIT_MS ?? 500));
    const name = `${viewport}-${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
    await page.screenshot({ path: join(outDir, name), fullPage: process.env.FULL === '1' });
    console.log(join(outDir, name), problems.length ? `console: ${problems.join(' | ')}` : '');
    problems.length = 0;
  }
  await context.close();
}
await browser.close();
