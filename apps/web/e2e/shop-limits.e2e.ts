// What a shopper sees of two safety rules: while the payment simulator runs in production (as in
// these tests), every page says no money is taken; and the quantity stepper stops at 10 of one
// size, whatever the stock.
import type { Product } from '@shop/contracts/catalogue';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';

const BANNER = 'Test payments: no money is taken';

let browser: Browser;
let products: Product[];
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
  const answer = (await (await fetch(`${baseURL()}/api/product/products?limit=100`)).json()) as {
    data: { products: Product[] };
  };
  products = answer.data.products;
});
afterAll(async () => {
  await browser?.close();
});

/** A product, colour and size with more than 10 in stock. */
function plentiful() {
  for (const product of products) {
    for (const color of product.colors) {
      const entry = color.sizeStock.find((candidate) => candidate.stock > 10);
      if (entry) return { product, color, size: entry.size };
    }
  }
  throw new Error('the seed needs a size with more than 10 in stock');
}

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

  it('stops the quantity stepper at 10 of one size when more are in stock', async () => {
    const { product, color, size } = plentiful();
    const { page, context, problems } = await openPage(browser, baseURL(), viewport);
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: color.colorName, exact: true }).click();
    await page.locator(`button[data-size="${size}"]`).click();
    const quantity = page.getByTestId('quantity');
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    for (let clicks = 0; clicks < 12 && (await increase.isEnabled()); clicks += 1) {
      await increase.click();
    }
    await expect.poll(() => quantity.innerText()).toBe('10');
    expect(await increase.isDisabled()).toBe(true);
    expect(await increase.getAttribute('title')).toBe('You can add at most 10 of one size');
    expect(problems).toEqual([]);
    await context.close();
  });
});
