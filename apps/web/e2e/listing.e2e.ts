import type { Product } from '@shop/contracts/catalogue';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, viewports, waitForHydration } from './browser.ts';
import { seriousViolations } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const EMPTY_TEXT =
  'No products found - Try adjusting your filters or check back later for new arrivals.';

// ---------- page helpers ----------

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** Selling prices of the cards on screen, in order. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .locator('[data-testid="product-card"] [data-testid="price"]')
    .allInnerTexts();
  return texts.map(rupees);
}

async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-testid="product-card"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/product/', ''));
}

async function resultCount(page: Page): Promise<number> {
  return rupees(await page.getByTestId('result-count').innerText());
}

async function crumbs(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li');
  return (await items.allInnerTexts()).map((text) => text.replace(/^>\s*/, '').trim());
}

async function product(page: Page, id: string): Promise<Product> {
  const response = await page.request.get(`/api/product/${id}`);
  return ((await response.json()) as { data: Product }).data;
}

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/** The URL changes when the next page's data has arrived; then wait for it to be on screen. */
async function waitForListing(page: Page, urlPart: RegExp | ((url: URL) => boolean)) {
  await page.waitForURL(urlPart);
  await page.waitForFunction(
    () =>
      document.querySelector('[data-listing]')?.getAttribute('data-listing') ===
        location.pathname + location.search && !document.querySelector('[aria-busy="true"]'),
  );
}

// ---------- tests ----------

describe('listing heading, breadcrumb and title per mode', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`names each listing (${viewport})`, async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      const cases = [
        { path: '/products', heading: 'All Products', crumbs: ['Home', 'All Products'] },
        { path: '/products/all', heading: 'All Products', crumbs: ['Home', 'All Products'] },
        { path: '/products/bras', heading: 'Bras', crumbs: ['Home', 'Bras'] },
        {
          path: '/products/bras/t-shirt-bras',
          heading: 'T-Shirt Bras',
          crumbs: ['Home', 'Bras', 'T-Shirt Bras'],
        },
        {
          path: '/products?search=lace',
          heading: 'Search Results for "lace"',
          crumbs: ['Home', 'Search Results for "lace"'],
        },
        {
          path: '/products?q=lace',
          heading: 'Search Results for "lace"',
          crumbs: ['Home', 'Search Results for "lace"'],
        },
      ];
      for (const entry of cases) {
        await page.goto(entry.path);
        await waitForHydration(page);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(entry.heading);
        expect(await crumbs(page)).toEqual(entry.crumbs);
        expect(await page.title()).toBe(`${entry.heading} | Lacebloom`);
        const count = await resultCount(page);
        expect(count).toBeGreaterThan(0);
        expect(await page.locator('[data-testid="product-card"]').count()).toBe(Math.min(8, count));
        // Nothing sticks out sideways on a phone.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewports[viewport].width);
      }
      // The category crumb of a subcategory links back to its category.
      await page.goto('/products/bras/t-shirt-bras');
      const crumbLink = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', {
        name: 'Bras',
      });
      expect(await crumbLink.getAttribute('href')).toBe('/products/bras');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('answers 404 for an unknown category or subcategory slug', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    for (const path of [
      '/products/no-such-thing',
      '/products/bras/no-such-thing',
      // A real subcategory under the wrong category.
      '/products/panties/t-shirt-bras',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        "We couldn't find that page",
      );
    }
    // Letter case is forgiven by a permanent redirect to the canonical address.
    const response = await page.goto('/products/BRAS/T-Shirt-Bras?sort=newest');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/products/bras/t-shirt-bras');
    expect(param(page, 'sort')).toBe('newest');
    await context.close();
  });
});

describe('filters (desktop sidebar)', () => {
  it('each filter narrows the results and shows in the URL', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products/bras');
    await waitForHydration(page);
    const total = await resultCount(page);
    const sidebar = page.getByRole('complementary', { name: 'Product filters' });

    // Price band: every price on the page lies inside it.
    await sidebar.locator('[data-filter="price"][data-value="500-1000"]').click();
    await waitForListing(page, /price=500-1000/);
    const inBand = await resultCount(page);
    expect(inBand).toBeLessThan(total);
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThan(500);
      expect(price).toBeLessThanOrEqual(1000);
    }
    expect(await page.getByTestId('active-filter').allInnerTexts()).toEqual([
      'Price: ₹500 – ₹1,000',
    ]);
    expect(
      await sidebar
        .locator('[data-filter="price"][data-value="500-1000"]')
        .getAttribute('aria-current'),
    ).toBe('true');

    // Clicking the chosen value again unticks it.
    await sidebar.locator('[data-filter="price"][data-value="500-1000"]').click();
    await waitForListing(page, (url) => !url.searchParams.has('price'));
    expect(await resultCount(page)).toBe(total);

    // Size: every product shown has that size in stock.
    await sidebar.locator('[data-filter="size"][data-value="34B"]').click();
    await waitForListing(page, /size=34B/);
    const sized = await resultCount(page);
    expect(sized).toBeLessThan(total);
    for (const id of await cardIds(page)) {
      const found = await product(page, id);
      const stocked = found.colors.some((color) =>
        color.sizeStock.some((entry) => entry.size.toLowerCase() === '34b' && entry.stock > 0),
      );
      expect(stocked, found.name).toBe(true);
    }

    // Colour, on top of the size: narrower still, and both stay in the URL.
    await sidebar.locator('[data-filter="color"][data-value="Black"]').click();
    await waitForListing(page, /color=Black/);
    expect(param(page, 'size')).toBe('34B');
    expect(await resultCount(page)).toBeLessThanOrEqual(sized);
    for (const id of await cardIds(page)) {
      const found = await product(page, id);
      expect(
        found.colors.some((color) => /black/i.test(color.colorName)),
        found.name,
      ).toBe(true);
    }
    expect(await page.getByTestId('active-filter').allInnerTexts()).toEqual([
      'Size: 34B',
      'Colour: Black',
    ]);

    // Removing one chip keeps the other.
    await page.getByRole('link', { name: 'Remove filter Size: 34B' }).click();
    await waitForListing(page, (url) => !url.searchParams.has('size'));
    expect(param(page, 'color')).toBe('Black');

    // Tag (behind 'Show more' when the list is long): every product carries it.
    await page.goto('/products/bras?page=2');
    await waitForHydration(page);
    const tagLink = sidebar.locator('[data-filter="tag"][data-value="lace"]');
    if (!(await tagLink.isVisible())) {
      await sidebar.locator('section[aria-labelledby="filter-tag"] summary').click();
    }
    await tagLink.click();
    await waitForListing(page, /tag=lace/);
    // A filter change goes back to page 1.
    expect(param(page, 'page')).toBeNull();
    const tagged = await resultCount(page);
    expect(tagged).toBeLessThan(total);
    for (const id of await cardIds(page)) {
      const found = await product(page, id);
      expect(
        found.tags.map((tag) => tag.toLowerCase()),
        found.name,
      ).toContain('lace');
    }

    // 'Clear all' drops every filter.
    await sidebar.getByRole('link', { name: 'Clear all' }).click();
    await waitForListing(page, (url) => url.search === '');
    expect(await resultCount(page)).toBe(total);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a filtered address can be shared and reloaded', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products/bras?price=1000-2000&sort=price-desc');
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price > 1000 && price <= 2000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(await page.getByTestId('sort-select').inputValue()).toBe('price-desc');
    // Unknown values are ignored rather than failing the page.
    const response = await page.goto('/products/bras?price=lots&sort=cheapest&page=abc');
    expect(response?.status()).toBe(200);
    expect(await page.locator('[data-testid="product-card"]').count()).toBe(8);
    await context.close();
  });
});

describe('sorting', () => {
  it('orders prices and dates as chosen, and resets the page', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products?page=2');
    await waitForHydration(page);
    const select = page.getByTestId('sort-select');
    expect(await select.inputValue()).toBe('recommended');
    expect(await select.locator('option').allInnerTexts()).toEqual([
      'Recommended',
      'Price: Low to High',
      'Price: High to Low',
      'Newest First',
    ]);

    await select.selectOption('price-asc');
    await waitForListing(page, /sort=price-asc/);
    expect(param(page, 'page')).toBeNull();
    const ascending = await cardPrices(page);
    expect(ascending).toHaveLength(8);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    // Page 2 continues where page 1 ended.
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Next' })
      .click();
    await waitForListing(page, /page=2/);
    const next = await cardPrices(page);
    expect(Math.min(...next)).toBeGreaterThanOrEqual(Math.max(...ascending));

    await select.selectOption('price-desc');
    await waitForListing(page, /sort=price-desc/);
    const descending = await cardPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0);

    await select.selectOption('newest');
    await waitForListing(page, /sort=newest/);
    const dates = await page
      .locator('[data-testid="product-grid"] > li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-created-at') ?? ''));
    expect(dates).toHaveLength(8);
    const times = dates.map((date) => Date.parse(date));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    await select.selectOption('recommended');
    await waitForListing(page, (url) => !url.searchParams.has('sort'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('pagination', () => {
  it('moves between pages with Back, numbers and Next', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products');
    await waitForHydration(page);
    const total = await resultCount(page);
    const pages = Math.ceil(total / 8);
    expect(pages).toBeGreaterThan(4);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    // 1 2 3 ... N, with Back not offered on the first page.
    const items = () => pager.locator('li').allTextContents();
    expect(await items()).toEqual([
      'Back',
      'Page 1',
      'Page 2',
      'Page 3',
      '...',
      `Page ${pages}`,
      'Next',
    ]);
    expect(await pager.getByRole('link', { name: 'Back' }).count()).toBe(0);
    const first = await cardIds(page);

    await pager.getByRole('link', { name: 'Next' }).click();
    await waitForListing(page, /page=2/);
    const second = await cardIds(page);
    expect(second).toHaveLength(8);
    expect(second.some((id) => first.includes(id))).toBe(false);
    expect(await pager.locator('[aria-current="page"]').innerText()).toContain('2');

    await pager.getByRole('link', { name: `Page ${pages}` }).click();
    await waitForListing(page, new RegExp(`page=${pages}`));
    expect(await pager.getByRole('link', { name: 'Next' }).count()).toBe(0);
    expect(await page.locator('[data-testid="product-card"]').count()).toBe(
      total - (pages - 1) * 8,
    );
    expect(await items()).toEqual([
      'Back',
      'Page 1',
      '...',
      `Page ${pages - 2}`,
      `Page ${pages - 1}`,
      `Page ${pages}`,
      'Next',
    ]);

    await pager.getByRole('link', { name: 'Back' }).click();
    await waitForListing(page, new RegExp(`page=${pages - 1}`));

    await pager.getByRole('link', { name: 'Page 1' }).click();
    await waitForListing(page, (url) => !url.searchParams.has('page'));
    expect(await cardIds(page)).toEqual(first);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is hidden on a single page, and a page past the end goes to the last one', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products/bras/t-shirt-bras');
    expect(await resultCount(page)).toBeLessThanOrEqual(8);
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

    await page.goto('/products/bras?page=999&sort=price-asc');
    const url = new URL(page.url());
    const last = Math.ceil((await resultCount(page)) / 8);
    expect(url.searchParams.get('page')).toBe(String(last));
    expect(url.searchParams.get('sort')).toBe('price-asc');
    expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('works without JavaScript: the page links are real links', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products/bras?size=34B');
    const first = await cardIds(page);
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Next' })
      .click();
    await page.waitForURL(/page=2/);
    expect(param(page, 'size')).toBe('34B');
    const second = await cardIds(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
    await context.close();
  });
});

describe('changing category', () => {
  it('drops the page and filters (desktop header link)', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products/bras?page=2&size=34B&sort=price-desc');
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'PANTIES' })
      .click();
    await waitForListing(page, /\/products\/panties$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Panties');
    expect(await page.getByTestId('active-filter').count()).toBe(0);
    expect(await page.getByTestId('sort-select').inputValue()).toBe('recommended');
    expect(
      await page
        .getByRole('navigation', { name: 'Pagination' })
        .locator('[aria-current="page"]')
        .innerText(),
    ).toContain('1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes the phone filter panel and clears filters (breadcrumb to the category)', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/products/bras/t-shirt-bras');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    const panel = page.locator('#listing-filters');
    expect(await panel.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => panel.isVisible()).toBe(true);

    // A choice applies at once, and the panel stays open for the next one.
    await panel.locator('[data-filter="size"][data-value="34B"]').click();
    await waitForListing(page, /size=34B/);
    expect(await panel.isVisible()).toBe(true);
    expect(await toggle.innerText()).toContain('1');
    await panel.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => panel.isVisible()).toBe(true);

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Bras' })
      .click();
    await waitForListing(page, /\/products\/bras$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Bras');
    expect(await panel.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('active-filter').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('empty state', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`offers Clear Filters, keeping the category (${viewport})`, async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/products/bras?color=no-such-colour&sort=newest');
      await waitForHydration(page);
      expect(await page.getByTestId('empty-listing').innerText()).toBe(EMPTY_TEXT);
      expect(await page.locator('[data-testid="product-card"]').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Clear Filters', exact: true }).click();
      await waitForListing(page, (url) => !url.searchParams.has('color'));
      expect(new URL(page.url()).pathname).toBe('/products/bras');
      expect(await page.locator('[data-testid="product-card"]').count()).toBe(8);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`offers View All Products in search mode (${viewport})`, async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/products?search=zzqqxxnothing');
      await waitForHydration(page);
      expect(await page.getByTestId('empty-listing').innerText()).toBe(EMPTY_TEXT);
      expect(await page.getByRole('link', { name: 'Clear Filters', exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'View All Products' }).click();
      await waitForListing(page, (url) => url.pathname === '/products' && url.search === '');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('All Products');
      expect(await page.locator('[data-testid="product-card"]').count()).toBe(8);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on a listing (desktop and phone)', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await openPage(browser, baseURL(), viewport);
      await page.goto('/products/bras?size=34B');
      await waitForHydration(page);
      if (viewport === 'phone') {
        await page.getByRole('button', { name: /^Filters/ }).click();
        await expect.poll(() => page.locator('#listing-filters').isVisible()).toBe(true);
      }
      expect(await seriousViolations(page), viewport).toEqual([]);
      await page.goto('/products?search=zzqqxxnothing');
      expect(await seriousViolations(page), `${viewport} empty`).toEqual([]);
      await context.close();
    }
  });

  it('fetches at most two card images with high priority', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/products');
    expect(await page.locator('main img[fetchpriority="high"]').count()).toBe(2);
    expect(await page.locator('main img[loading="lazy"]').count()).toBe(6);
    await context.close();
  });
});
