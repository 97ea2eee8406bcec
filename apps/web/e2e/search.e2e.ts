import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, viewports, waitForHydration } from './browser.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NO_RESULTS = 'No products found matching your search.';

const cards = (page: Page) => page.locator('[data-testid="product-card"]');
const count = async (page: Page) =>
  Number((await page.getByTestId('result-count').innerText()).replace(/\D/g, ''));

describe('/search', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows matching products as cards linking to their pages (${viewport})`, async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/search?q=lace');
      await waitForHydration(page);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        'Search Results for "lace"',
      );
      expect(await page.title()).toBe('Search Results for "lace" | Lacebloom');
      const total = await count(page);
      expect(total).toBeGreaterThan(8);
      expect(await cards(page).count()).toBe(8);
      const names = await cards(page).locator('h3').allInnerTexts();
      expect(names.some((name) => /lace/i.test(name))).toBe(true);
      const hrefs = await cards(page).evaluateAll((anchors) =>
        anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
      );
      expect(hrefs.every((href) => /^\/product\/[0-9a-f-]{36}$/.test(href))).toBe(true);
      expect(await page.locator('main').getByRole('searchbox').inputValue()).toBe('lace');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewports[viewport].width);

      // More than a page of results pages like the listing.
      await page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('link', { name: 'Next' })
        .click();
      await page.waitForURL(/page=2/);
      expect(new URL(page.url()).searchParams.get('q')).toBe('lace');
      const firstPage = hrefs[0];
      await expect.poll(() => cards(page).first().getAttribute('href')).not.toBe(firstPage);
      expect(await cards(page).count()).toBe(Math.min(8, total - 8));

      await cards(page).first().click();
      await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`says so when nothing matches (${viewport})`, async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/search?q=zzqqxxnothing');
      await waitForHydration(page);
      expect(await page.getByTestId('empty-search').innerText()).toBe(NO_RESULTS);
      expect(await cards(page).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('accepts q, query and search as the parameter', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    const totals: number[] = [];
    for (const key of ['q', 'query', 'search']) {
      await page.goto(`/search?${key}=silk`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        'Search Results for "silk"',
      );
      totals.push(await count(page));
    }
    expect(totals[0]).toBeGreaterThan(0);
    expect(new Set(totals).size).toBe(1);
    await context.close();
  });

  it('shows a search form without a query, and searching from it works (also for two letters)', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/search');
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Search');
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByTestId('empty-search').count()).toBe(0);

    const box = page.locator('main').getByRole('searchbox', { name: 'Search products' });
    await box.fill('bralette');
    await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=bralette$/);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    const names = await cards(page).locator('h3').allInnerTexts();
    // Ranked by relevance: the best matches come first (near spellings may follow).
    expect(names[0]).toMatch(/bralette/i);

    // The header's 3-letter minimum is for its live dropdown; a submitted short query still runs.
    await box.fill('xl');
    await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\?q=xl$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Search Results for "xl"');
    expect(await page.getByTestId('result-count').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await openPage(browser, baseURL(), viewport);
      for (const path of ['/search?q=lace', '/search', '/search?q=zzqqxxnothing']) {
        await page.goto(path);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id);
        expect(serious, `${viewport} ${path}`).toEqual([]);
      }
      await context.close();
    }
  });
});
