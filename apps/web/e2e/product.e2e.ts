import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@shop/contracts/catalogue';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration, type viewports } from './browser.ts';

type Viewport = keyof typeof viewports;

let browser: Browser;
let products: Product[];
/** The first product of the catalogue (seed: 'Everyday Lace T-Shirt Bra'). */
let first: Product;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
  const answer = (await (await fetch(`${baseURL()}/api/product/products?limit=100`)).json()) as {
    data: { products: Product[] };
  };
  products = answer.data.products;
  first = products[0]!;
});
afterAll(async () => {
  await browser?.close();
});

const firstInStock = (product: Product, colorIndex = 0) =>
  product.colors[colorIndex]!.sizeStock.find((entry) => entry.stock > 0)!.size;

async function openProduct(viewport: Viewport, product: Product = first) {
  const opened = await openPage(browser, baseURL(), viewport);
  await opened.page.goto(`/product/${product._id}`);
  await waitForHydration(opened.page);
  return opened;
}

const galleryImage = (page: Page) => page.getByTestId('gallery-image');
/** The image path the main picture shows, without the width query. */
const shownImage = async (page: Page) =>
  ((await galleryImage(page).getAttribute('src')) ?? '').replace(/\?.*$/, '');

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

describe.each(['phone', 'desktop'] as const)('product detail (%s)', (viewport) => {
  it('shows the product with the first colour and first in-stock size chosen', async () => {
    const { page, context, problems } = await openProduct(viewport);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(first.name);
    expect(await page.title()).toBe(`${first.name} | Lacebloom`);

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await breadcrumb.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe(
      '/products',
    );
    expect(await breadcrumb.locator('[aria-current="page"]').innerText()).toBe(first.name);

    const details = await page.locator('main').innerText();
    expect(details).toContain(first.subheading);
    expect(details).toContain(`${first.rating.toFixed(1)} out of 5 (${first.reviewCount} reviews)`);
    expect(details).toContain(first.description);
    expect(await page.getByTestId('price').first().innerText()).toBe(
      `₹${first.price.toLocaleString('en-IN')}`,
    );
    if (first.originalPrice) {
      const off = Math.round(((first.originalPrice - first.price) / first.originalPrice) * 100);
      expect(details).toContain(`${off}% OFF`);
      expect(await page.locator('main s').first().innerText()).toBe(
        `₹${first.originalPrice.toLocaleString('en-IN')}`,
      );
    }

    expect(await page.getByTestId('selected-color').innerText()).toBe(first.colors[0]!.colorName);
    const expectedSize = firstInStock(first);
    if (first.name === 'Everyday Lace T-Shirt Bra') expect(expectedSize).toBe('32C');
    expect(
      await page.locator(`button[data-size="${expectedSize}"]`).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.locator('button[data-size][aria-pressed="true"]').count()).toBe(1);

    // Every size at stock 0 is disabled and says so; every other one is enabled.
    for (const { size, stock } of first.colors[0]!.sizeStock) {
      const button = page.locator(`button[data-size="${size}"]`);
      expect(await button.isDisabled()).toBe(stock <= 0);
      expect((await button.innerText()).includes('Out of Stock')).toBe(stock <= 0);
    }
    expect(first.colors[0]!.sizeStock.some((entry) => entry.stock <= 0)).toBe(true);

    expect(await page.getByRole('button', { name: 'Add To Cart' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy It Now' }).isEnabled()).toBe(true);

    // The main picture is the LCP element: fetched eagerly and with high priority.
    expect(await galleryImage(page).getAttribute('loading')).toBe('eager');
    expect(await galleryImage(page).getAttribute('fetchpriority')).toBe('high');
    expect(await shownImage(page)).toBe(first.colors[0]!.images[0]);
    const box = (await page.getByTestId('gallery-main').boundingBox())!;
    if (viewport === 'desktop') expect(Math.round(box.height)).toBe(690);
    else expect(box.height / box.width).toBeCloseTo(4 / 3, 2);

    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('changes the colour name and gallery with the colour, and keeps quantity at least 1', async () => {
    const { page, context, problems } = await openProduct(viewport);
    const second = first.colors[1]!;
    await page.getByRole('button', { name: second.colorName, exact: true }).click();
    await expect.poll(() => page.getByTestId('selected-color').innerText()).toBe(second.colorName);
    await expect.poll(() => shownImage(page)).toBe(second.images[0]);
    expect(
      await page
        .getByRole('button', { name: second.colorName, exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // A size still in stock in the new colour stays chosen.
    const chosen = await page
      .locator('button[data-size][aria-pressed="true"]')
      .getAttribute('data-size');
    expect(second.sizeStock.find((entry) => entry.size === chosen)!.stock).toBeGreaterThan(0);

    const quantity = page.getByTestId('quantity');
    const decrease = page.getByRole('button', { name: 'Decrease quantity' });
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    expect(await quantity.innerText()).toBe('1');
    expect(await decrease.isDisabled()).toBe(true);
    await increase.click();
    await expect.poll(() => quantity.innerText()).toBe('2');
    expect(await decrease.isEnabled()).toBe(true);
    await decrease.click();
    await expect.poll(() => quantity.innerText()).toBe('1');
    expect(await decrease.isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Paging through the pictures (arrows that wrap round, four thumbnails, '+N'): a component
  // test, test/components/product/product-gallery.test.tsx. The zoom under the pointer is CSS.
  if (viewport === 'desktop') {
    it('zooms the main picture 1.25 times under the pointer', async () => {
      const { page, context, problems } = await openProduct(viewport);
      const image = galleryImage(page);
      const scale = () => image.evaluate((element) => getComputedStyle(element).scale);
      // The arrows sit on the picture: move the pointer off it first.
      await page.mouse.move(5, 5);
      await expect.poll(scale).toBe('none');
      await page.getByTestId('gallery-main').hover();
      await expect.poll(scale).toBe('1.25');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('opens and closes the size chart', async () => {
    const { page, context, problems } = await openProduct(viewport);
    expect(first.sizeChart).not.toBeNull();
    const dialog = page.getByRole('dialog', { name: 'Size Chart' });
    expect(await dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Size Chart' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('img').getAttribute('src')).toContain(first.sizeChart!.image);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Size Chart' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close size chart' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('product detail actions (desktop)', () => {
  it('lists the specifications in their order', async () => {
    const { page, context } = await openProduct('desktop');
    const labels = await page.getByTestId('specifications').locator('th').allInnerTexts();
    const expected = [...first.specifications]
      .sort((a, b) => a.order - b.order)
      .map((row) => row.label);
    expect(labels).toEqual(expected);
    expect(labels.length).toBeGreaterThan(1);
    await context.close();
  });

  it('copies the product link', async () => {
    const { page, context, problems } = await openProduct('desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.getByRole('button', { name: 'Copy product link' }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Product link copied to clipboard!' }).count(),
      )
      .toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL()}/product/${first._id}`,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks a signed-out shopper to log in for the wishlist', async () => {
    const { page, context } = await openProduct('desktop');
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: 'Please login to add items to wishlist' })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(1);
    await context.close();
  });

  it('adds only with an in-stock size chosen; a sold-out size cannot be chosen', async () => {
    const { page, context } = await openProduct('desktop');
    const soldOut = first.colors[0]!.sizeStock.find((entry) => entry.stock <= 0)!.size;
    await page.locator(`button[data-size="${soldOut}"]`).click({ force: true });
    expect(await page.locator(`button[data-size="${soldOut}"]`).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const add = page.getByRole('button', { name: 'Add To Cart' });
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    // The preselected in-stock size goes to the cart, not the sold-out one.
    await expect
      .poll(() =>
        page.locator('[data-toast-type="success"]').filter({ hasText: 'added to cart!' }).count(),
      )
      .toBe(1);
    expect(await page.locator('[data-toast-type="error"]').count()).toBe(0);
    await context.close();
  });

  it('shows up to 8 similar products without the product itself, and opens one at the top', async () => {
    const { page, context, problems } = await openProduct('desktop');
    const row = page.getByTestId('similar-products');
    await row.waitFor();
    expect(await page.getByRole('heading', { name: 'Similar Products' }).isVisible()).toBe(true);
    const hrefs = await row
      .getByTestId('product-card')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.length).toBeLessThanOrEqual(8);
    expect(hrefs).not.toContain(`/product/${first._id}`);
    // Its own subcategory comes first.
    const siblings = products.filter(
      (product) => product.subcategory === first.subcategory && product._id !== first._id,
    );
    expect(siblings.length).toBeGreaterThan(0);
    for (const sibling of siblings.slice(0, 8)) expect(hrefs).toContain(`/product/${sibling._id}`);

    // Four per view on desktop: the row scrolls when it holds more.
    const listWidth = (await row.boundingBox())!.width;
    const cardWidth = (await row.locator('li').first().boundingBox())!.width;
    expect(Math.round(listWidth / cardWidth)).toBe(4);

    const target = products.find((product) => hrefs[0] === `/product/${product._id}`)!;
    // Hold the next product's data back until the pending state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/product/${target._id}.data*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await row.getByTestId('product-card').first().click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Loading product details...' }).count(),
      )
      .toBe(1);
    release();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 5_000 })
      .toBe(target.name);
    expect(
      await page.getByRole('status').filter({ hasText: 'Loading product details...' }).count(),
    ).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByTestId('selected-color').innerText()).toBe(target.colors[0]!.colorName);
    expect(
      await page.locator('button[data-size][aria-pressed="true"]').getAttribute('data-size'),
    ).toBe(firstInStock(target));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows two similar products per view on a phone', async () => {
    const { page, context } = await openProduct('phone');
    const row = page.getByTestId('similar-products');
    await row.waitFor();
    const listWidth = (await row.boundingBox())!.width;
    const cardWidth = (await row.locator('li').first().boundingBox())!.width;
    expect(Math.round(listWidth / cardWidth)).toBe(2);
    await context.close();
  });
});

describe('product page for search engines and unknown ids', () => {
  it('serves Open Graph tags and a Product JSON-LD block with the CSP nonce', async () => {
    const response = await fetch(`${baseURL()}/product/${first._id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta property="og:title" content="${first.name}"/>`);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\/media\//);
    expect(html).toContain(`<meta property="og:url" content="`);

    const script = /<script type="application\/ld\+json" nonce="([^"]+)">([^<]*)<\/script>/.exec(
      html,
    );
    expect(script).not.toBeNull();
    const [, nonce, json] = script!;
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(json).toContain('"priceCurrency":"INR"');
    const ld = JSON.parse(json!) as {
      '@type': string;
      name: string;
      sku: string;
      image: string[];
      offers: { price: number; availability: string; priceCurrency: string };
      aggregateRating?: { ratingValue: number; reviewCount: number };
    };
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(first.name);
    expect(ld.sku).toBe(first._id);
    expect(ld.image[0]).toMatch(/^https?:\/\//);
    expect(ld.offers.price).toBe(first.price);
    expect(ld.offers.availability).toBe(
      first.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    );
    expect(ld.aggregateRating?.reviewCount).toBe(first.reviewCount);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-product'],
  ])('answers %s with 404 and Product Not Found', async (_what, id) => {
    const response = await fetch(`${baseURL()}/product/${id}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Product Not Found');

    const { page, context, problems } = await openPage(browser, baseURL(), 'phone');
    const answer = await page.goto(`/product/${id}`);
    expect(answer?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Product Not Found');
    const browse = page.getByRole('link', { name: 'Browse Products' });
    expect(await browse.getAttribute('href')).toBe('/products');
    await expectNoSeriousAxeViolations(page);
    // The browser reports the 404 document itself as a failed resource.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await context.close();
  });
});
