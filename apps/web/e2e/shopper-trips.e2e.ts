// What a shopper trips on, tried at 375 px and 1280 px: each block is one thing a new shopper ran
// into, checked the way she meets it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser } from './browser.ts';
import { checkPage, seriousViolations, type Viewport } from './page-checks.ts';
const widths = ['phone', 'desktop'] as const satisfies readonly Viewport[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Opens a page at a width, runs the check, and fails on any console error seen on the way. */
const onPage = (
  viewport: Viewport,
  path: string,
  check: (page: Page) => Promise<void>,
  options?: { beforeGoto?: (page: Page) => Promise<void> },
) => checkPage(browser, viewport, path, check, options);

// The contact form taking phone numbers typed the Indian way: a component test
// (test/components/content/contact-form.test.tsx).

/** The cards of FEATURED PRODUCTS a shopper can see, with their boxes on screen. */
async function shownFeaturedCards(page: Page) {
  return page.locator('[data-testid="featured-slot"]').evaluateAll((slots) =>
    slots
      .filter((slot) => getComputedStyle(slot).visibility === 'visible')
      .map((slot) => {
        const box = slot.getBoundingClientRect();
        return { left: box.left, right: box.right, width: box.width };
      }),
  );
}

describe('FEATURED PRODUCTS shows 4 cards from 1024 px, 3 from 768 px, 2 below', () => {
  it.each([
    ['phone', 375, 2, 140],
    ['desktop', 900, 3, 265],
    ['desktop', 1024, 4, 265],
    ['desktop', 1280, 4, 265],
  ] as const)('%s at %i px: %i readable cards', async (viewport, width, expected, cardWidth) => {
    await onPage(
      viewport,
      '/',
      async (page) => {
        await page.setViewportSize({ width, height: 900 });
        const section = page.locator('[data-section="featured-products"]');
        await section.scrollIntoViewIfNeeded();
        await expect
          .poll(() => page.locator('[data-testid="featured-slot"]').count(), { timeout: 15_000 })
          .toBeGreaterThan(expected);
        await expect.poll(async () => (await shownFeaturedCards(page)).length).toBe(expected);
        // Every shown card is whole on screen, side by side, and turned at most 45 degrees away
        // (with the ring's perspective a card at 45 degrees shows about half its width; the
        // fifth card of the old ring, at 60 degrees, showed a quarter).
        const cards = (await shownFeaturedCards(page)).sort((a, b) => a.left - b.left);
        for (const [index, card] of cards.entries()) {
          expect(card.left).toBeGreaterThanOrEqual(0);
          expect(card.right).toBeLessThanOrEqual(width);
          expect(card.width).toBeGreaterThan(cardWidth * 0.45);
          if (index > 0) expect(card.left).toBeGreaterThanOrEqual(cards[index - 1]!.right - 1);
        }
        // The shown cards sit evenly around the middle of the stage.
        const middle = (cards[0]!.left + cards.at(-1)!.right) / 2;
        expect(Math.abs(middle - width / 2)).toBeLessThan(width * 0.05);
      },
      // No auto-rotation, so the shown set holds still while it is measured.
      { beforeGoto: (page) => page.emulateMedia({ reducedMotion: 'reduce' }) },
    );
  });
});

interface ApiCategory {
  _id: string;
  name: string;
}
interface ApiSubcategory {
  name: string;
  category: { _id: string };
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${shopURL()}/api${path}`);
  return ((await response.json()) as { data: T }).data;
}

describe.each(widths)('category cards (%s)', (viewport) => {
  it('show whole subcategory chips and say how many more there are', async () => {
    const [categories, subcategories] = await Promise.all([
      api<ApiCategory[]>('/category'),
      api<ApiSubcategory[]>('/sub-category'),
    ]);
    await onPage(viewport, '/', async (page) => {
      const section = page.locator('[data-section="categories"]');
      await section.scrollIntoViewIfNeeded();
      const lists = section.getByTestId('category-chips');
      await expect.poll(() => lists.count()).toBeGreaterThan(0);
      let summarised = 0;
      for (const category of categories) {
        const names = subcategories
          .filter((subcategory) => subcategory.category._id === category._id)
          .map((subcategory) => subcategory.name);
        if (names.length === 0) continue;
        const list = section.getByRole('list', { name: `${category.name} styles` });
        const seen = await list.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [...element.children].map((child) => {
            const item = child.getBoundingClientRect();
            return {
              text: child.textContent ?? '',
              more: child.hasAttribute('data-testid'),
              // Wholly inside the list: nothing cut off at its right or bottom edge.
              inside: item.right <= box.right + 0.5 && item.bottom <= box.bottom + 0.5,
              cutText: child.scrollWidth > child.clientWidth + 1,
            };
          });
        });
        expect(
          seen.every((item) => item.inside),
          `${category.name} ${JSON.stringify(seen)}`,
        ).toBe(true);
        expect(seen.some((item) => item.cutText)).toBe(false);
        const chips = seen.filter((item) => !item.more).map((item) => item.text);
        expect(chips).toEqual(names.slice(0, chips.length));
        const more = seen.find((item) => item.more);
        if (chips.length < names.length) {
          expect(more?.text).toBe(`+${names.length - chips.length} more`);
          summarised += 1;
        } else {
          expect(more).toBeUndefined();
        }
        expect(chips.length).toBeGreaterThan(0);
      }
      // At 375 px the cards are too narrow for every chip of the larger categories.
      if (viewport === 'phone') expect(summarised).toBeGreaterThan(0);
    });
  });
});

/** Opens the search box a shopper uses at this width: the header's on desktop, the menu's on a phone. */
async function openSearch(page: Page, viewport: Viewport) {
  if (viewport === 'desktop') return page.locator('#header-search');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const input = page.getByTestId('mobile-menu').locator('#menu-search');
  await input.waitFor();
  return input;
}

/** Whether the element is wholly on screen and is what a tap at its middle reaches. */
const reachable = (element: Element) => {
  const box = element.getBoundingClientRect();
  const onScreen =
    box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return onScreen && hit !== null && element.contains(hit);
};

describe.each(widths)('search dropdown (%s)', (viewport) => {
  it('keeps View All Results in a footer in view however long the results', async () => {
    await onPage(viewport, '/about', async (page) => {
      // A short screen: five results no longer fit, and the results scroll between tabs and footer.
      await page.setViewportSize({ width: viewport === 'phone' ? 375 : 1280, height: 600 });
      const input = await openSearch(page, viewport);
      await input.fill('bra');
      const dropdown = page.getByTestId('search-dropdown');
      await dropdown.waitFor();
      const results = dropdown.getByTestId('search-results');
      await expect.poll(() => results.locator('a[href^="/product/"]').count()).toBe(5);
      expect(await results.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(
        true,
      );
      const viewAll = dropdown.getByRole('button', { name: 'View All Results' });
      expect(await viewAll.evaluate(reachable)).toBe(true);
      expect(await dropdown.getByRole('tab').first().evaluate(reachable)).toBe(true);
      await results.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      expect(await viewAll.evaluate(reachable)).toBe(true);
      // The search dropdown is never taller than 500 px.
      expect((await dropdown.boundingBox())!.height).toBeLessThanOrEqual(500);
      await viewAll.click();
      await page.waitForURL('**/products?search=bra');
    });
  });

  it('shows result names and tab labels whole', async () => {
    await onPage(viewport, '/about', async (page) => {
      const input = await openSearch(page, viewport);
      await input.fill('bra');
      const dropdown = page.getByTestId('search-dropdown');
      await dropdown.waitFor();
      await expect.poll(() => dropdown.locator('a[href^="/product/"]').count()).toBe(5);
      const cut = (element: Element) =>
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1;
      for (const tab of await dropdown.getByRole('tab').all()) {
        expect(await tab.evaluate(cut), await tab.innerText()).toBe(false);
        expect(await tab.evaluate(reachable)).toBe(true);
      }
      expect(await dropdown.getByRole('tab').last().innerText()).toMatch(
        /^subcategories\s\(\d+\)$/i,
      );
      const names = dropdown.locator('a[href^="/product/"] span.font-medium');
      expect(await names.count()).toBe(5);
      for (const name of await names.all()) {
        expect(await name.evaluate(cut), await name.innerText()).toBe(false);
      }
      await dropdown.getByRole('tab').last().click();
      for (const link of await dropdown.getByRole('tabpanel').getByRole('link').all()) {
        expect(await link.evaluate(cut), await link.innerText()).toBe(false);
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

describe('search button in the phone header', () => {
  it('opens the search box under the header, ready to type (phone)', async () => {
    await onPage('phone', '/about', async (page) => {
      const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
      expect(await button.evaluate(reachable)).toBe(true);
      expect(await page.locator('#phone-search').count()).toBe(0);
      await button.tap();
      const input = page.locator('#phone-search');
      await expect.poll(() => input.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('phone-search');
      // Typed straight away, no tap into the box first.
      await page.keyboard.type('lace');
      await page.getByTestId('search-dropdown').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/products?search=lace');
      await expect.poll(() => input.count()).toBe(0);

      // The same button closes it again.
      await button.tap();
      await expect.poll(() => input.isVisible()).toBe(true);
      await page.getByRole('banner').getByRole('button', { name: 'Close search' }).tap();
      await expect.poll(() => input.count()).toBe(0);
    });
  });

  it('is not there on desktop, where the header has its search box (desktop)', async () => {
    await onPage('desktop', '/about', async (page) => {
      expect(
        await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).count(),
      ).toBe(0);
      expect(await page.locator('#header-search').isVisible()).toBe(true);
    });
  });
});

/** Holds back the page data of client navigations matching `pattern` until released. */
async function holdPageData(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Stops the page's clock (installed before the page loaded): from here time moves by runFor. */
async function holdClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading page' });
/** The finished bar goes 300 ms (of the page's clock) after the page arrives. */
async function expectBarGone(page: Page) {
  // The fade's timer starts once React has committed the new page: step the clock until then.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return progressBar(page).count();
    })
    .toBe(0);
}

const productWait = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Loading product details...' });

describe.each(widths)('navigation progress (%s)', (viewport) => {
  it('shows a bar while a product loads, and the product loading text once it keeps her waiting', async () => {
    await onPage(
      viewport,
      '/products/bras',
      async (page) => {
        const card = page.getByTestId('product-card').first();
        const href = (await card.getAttribute('href'))!;
        const held = await holdPageData(page, `**${href}.data*`);
        await holdClock(page);
        expect(await progressBar(page).count()).toBe(0);
        const asked = page.waitForRequest(`**${href}.data*`);
        await card.click();
        await asked;
        // The bar shows at once, at the very top, across the screen.
        await expect.poll(() => progressBar(page).count()).toBe(1);
        const bar = (await progressBar(page).boundingBox())!;
        expect(bar.y).toBe(0);
        expect(bar.width).toBe(viewport === 'phone' ? 375 : 1280);
        expect(await progressBar(page).getAttribute('aria-busy')).toBe('true');
        // A quick answer would not need the words; a slow one gets them.
        await page.clock.runFor(300);
        expect(await productWait(page).count()).toBe(0);
        await expect
          .poll(async () => {
            await page.clock.runFor(50);
            return productWait(page).count();
          })
          .toBe(1);
        expect(await productWait(page).evaluate(reachable)).toBe(true);

        held.release();
        await page.waitForURL(`**${href}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await productWait(page).count()).toBe(0);
        // The bar fills, then goes.
        await expect.poll(() => progressBar(page).getAttribute('aria-busy')).toBe('false');
        await expectBarGone(page);
      },
      { beforeGoto: (page) => page.clock.install() },
    );
  });

  it('shows the bar on other pages too, without the product text', async () => {
    await onPage(
      viewport,
      '/products/bras',
      async (page) => {
        const held = await holdPageData(page, '**/products/panties.data*');
        await holdClock(page);
        const asked = page.waitForRequest('**/products/panties.data*');
        if (viewport === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByTestId('mobile-menu').getByRole('link', { name: 'Panties' }).click();
        } else {
          await page.getByRole('navigation', { name: 'Categories' }).getByText('Panties').click();
        }
        await asked;
        await expect.poll(() => progressBar(page).count()).toBe(1);
        await page.clock.runFor(1_000);
        expect(await productWait(page).count()).toBe(0);
        held.release();
        await page.waitForURL('**/products/panties');
        await expectBarGone(page);
      },
      { beforeGoto: (page) => page.clock.install() },
    );
  });
});

interface ApiProduct {
  _id: string;
  name: string;
  colors: { colorName: string; images: string[] }[];
}

describe.each(widths)('product gallery (%s)', (viewport) => {
  it("shows '+N' on the fourth thumbnail of a colour with more than 4 pictures", async () => {
    const { products } = await api<{ products: ApiProduct[] }>('/product/products?limit=100');
    const product = products.find((entry) => entry.colors[0]!.images.length > 4)!;
    const images = product.colors[0]!.images;
    await onPage(viewport, `/product/${product._id}`, async (page) => {
      const thumbnails = page.getByTestId('gallery-thumbnail');
      expect(await thumbnails.count()).toBe(4);
      const hidden = images.length - 4;
      const tile = thumbnails.nth(3);
      await tile.scrollIntoViewIfNeeded();
      const more = tile.getByTestId('gallery-more');
      expect(await more.isVisible()).toBe(true);
      expect(await more.innerText()).toBe(`+${hidden}`);
      expect(await tile.getAttribute('aria-label')).toBe(
        `Show image 4 of ${images.length} (${hidden} more)`,
      );
      expect(await tile.evaluate(reachable)).toBe(true);

      const shown = async () =>
        ((await page.getByTestId('gallery-image').getAttribute('src')) ?? '').replace(/\?.*$/, '');
      await tile.click();
      await expect.poll(shown).toBe(images[3]);
      expect(await tile.getAttribute('aria-current')).toBe('true');
      // The tile stands for the fourth picture and every one after it.
      await page.getByRole('button', { name: 'Next image' }).click();
      await expect.poll(shown).toBe(images[4]);
      expect(await tile.getAttribute('aria-current')).toBe('true');
      expect(await page.getByTestId('gallery-position').innerText()).toBe(`5 / ${images.length}`);
    });
  });
});

/** The chart's smallest print is 21 px on its 1200 px original. */
const chartPrint = (shownWidth: number) => (21 * shownWidth) / 1200;

describe.each(widths)('size chart (%s)', (viewport) => {
  it('reads without pinch-zoom: zoomed in a frame that pans, or fitted on a wide screen', async () => {
    const { products } = await api<{ products: ApiProduct[] }>('/product/products?limit=1');
    await onPage(viewport, `/product/${products[0]!._id}`, async (page) => {
      await page.getByRole('button', { name: 'Size Chart', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Size Chart' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const frame = dialog.getByTestId('size-chart-frame');
      const chart = dialog.getByRole('img', { name: /^Size chart for / });
      // The chart's first request resizes and encodes it on the server: on a busy machine that
      // takes longer than the poll's default second.
      await expect
        .poll(() => chart.evaluate((img: HTMLImageElement) => img.complete), { timeout: 10_000 })
        .toBe(true);
      const shownWidth = async () => (await chart.boundingBox())!.width;
      const zoom = dialog.getByRole('button', { name: /^(Zoom in|Fit to screen)$/ });
      expect(await seriousViolations(page)).toEqual([]);

      if (viewport === 'phone') {
        // Opens zoomed: small print at about 13 px, in a frame that pans sideways and down.
        expect(await zoom.innerText()).toBe('Fit to screen');
        expect(chartPrint(await shownWidth())).toBeGreaterThanOrEqual(12);
        const pans = await frame.evaluate((element) => {
          const before = element.scrollLeft;
          element.scrollBy({ left: 200, top: 100, behavior: 'instant' });
          return element.scrollLeft > before && element.scrollWidth > element.clientWidth;
        });
        expect(pans).toBe(true);
        // The page itself never gets wider than the phone: nothing to pinch.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          375,
        );
        const frameBox = (await frame.boundingBox())!;
        expect(frameBox.x).toBeGreaterThanOrEqual(0);
        expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(375);
        // The whole chart at a glance is one tap away, and back.
        await zoom.click();
        await expect.poll(() => zoom.innerText()).toBe('Zoom in');
        expect(await shownWidth()).toBeLessThanOrEqual(frameBox.width);
        await zoom.click();
        await expect.poll(shownWidth).toBeGreaterThan(frameBox.width);
      } else {
        // Fitted, the desktop dialog is wide enough to read; Zoom in enlarges it further.
        expect(await zoom.innerText()).toBe('Zoom in');
        expect(chartPrint(await shownWidth())).toBeGreaterThanOrEqual(12);
        expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        );
        const fitted = await shownWidth();
        await zoom.click();
        await expect.poll(() => zoom.getAttribute('aria-pressed')).toBe('true');
        await expect.poll(shownWidth).toBe(1200);
        expect(fitted).toBeLessThan(1200);
        expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
          true,
        );
      }
    });
  });
});
