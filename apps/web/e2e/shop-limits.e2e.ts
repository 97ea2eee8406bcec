// What a shopper sees of a safety rule: while the payment simulator runs in production (as in these
// tests), every page says no money is taken. (The quantity stepper's stop at 10 of one size is a
// component test.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';

const BANNER = 'Test payments: no money is taken';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['phone', 'desktop'] as const)('shop limits (%s)', (viewport) => {
  it('says on every page that payments are only tests, in the server HTML and after hydration', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), viewport);
    for (const path of ['/', '/products/bras', '/cart', '/checkout']) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).toContain(BANNER);
      await page.goto(path);
      await waitForHydration(page);
      const banner = page.getByText(BANNER, { exact: true });
      expect(await banner.isVisible(), path).toBe(true);
      // Readable on a phone: on screen, within the page's width.
      const box = (await banner.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
  // The quantity stepper's stop at 10 of one size: test/components/product/quantity-stepper.test.tsx.
});
