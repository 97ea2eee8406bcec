import type { Product } from '@shop/contracts/catalogue';
import { toSizeChartData, type SizeChart } from '@shop/contracts/fit';
import { braSisterSizes, inchesOf, type SizeChartData } from '@shop/domain/size-charts';
import { findBraSize, type BraFinderInput } from '@shop/domain/size-finder';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { photograph, type Viewport } from './page-checks.ts';
import { shopURL } from './shop.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shots = process.env.SHOT_DIR ?? '/tmp/shots';

async function api<T>(path: string): Promise<T> {
  const answer = (await (await fetch(`${baseURL()}/api${path}`)).json()) as { data: T };
  return answer.data;
}

interface Case {
  product: Product;
  chart: SizeChartData;
}

/** A bra whose chart is a bra chart, with the chart as the domain reads it. */
let bra: Case;

beforeAll(async () => {
  browser = await launchBrowser();
  const { products } = await api<{ products: Product[] }>('/product/products?limit=100');
  for (const product of products) {
    if (!product.sizeChartId || !product.colors[0]) continue;
    const chart = await api<SizeChart>(`/size-chart/${product.sizeChartId}`);
    if (chart.kind === 'bra') {
      bra = { product, chart: toSizeChartData(chart) };
      return;
    }
  }
  throw new Error('the seed has no bra with a bra size chart');
});
afterAll(async () => {
  await browser?.close();
});

const stockOf = (product: Product, size: string) =>
  product.colors[0]!.sizeStock.find((entry) => entry.size === size)?.stock ?? 0;
/** The size the page chooses on its own: the first colour's first size in stock. */
const firstInStock = (product: Product) =>
  product.colors[0]!.sizeStock.find((entry) => entry.stock > 0)!.size;

/**
 * A question whose answer is in stock in the first colour and is not the size the page chooses
 * by itself, so the preselection the test sees is the finder's.
 */
function questionFor(method: 'tape' | 'feel'): { question: BraFinderInput; size: string } {
  const { product, chart } = bra;
  for (const row of chart.rows) {
    if (!('underbustCm' in row)) continue;
    if (row.size === firstInStock(product) || stockOf(product, row.size) === 0) continue;
    const middle = (range: readonly [number, number]) => (range[0] + range[1]) / 2;
    let question: BraFinderInput;
    if (method === 'tape') {
      question = {
        method,
        unit: 'in',
        underbust: inchesOf(middle(row.underbustCm)),
        bust: inchesOf(middle(row.bustCm)),
      };
    } else {
      // Her bra is the sister one band up and one cup down; its band rides up: one band down,
      // one cup up, which is this row's size.
      const worn = braSisterSizes(chart, row.size)[1];
      if (!worn) continue;
      question = { method, wornSize: worn, band: 'rides_up', cups: 'fine' };
    }
    const answer = findBraSize(chart, question);
    if (answer.size === row.size) return { question, size: row.size };
  }
  throw new Error(`no in-stock size of ${product.name} to find by ${method}`);
}

/** The shopper's taps, counted: a phone taps, a desktop clicks; a field is tapped, then typed. */
function tapper(page: Page, viewport: Viewport) {
  let taps = 0;
  return {
    count: () => taps,
    tap: async (target: Locator) => {
      taps += 1;
      if (viewport === 'phone') await target.tap();
      else await target.click();
    },
    fill: async (target: Locator, text: string) => {
      taps += 1;
      if (viewport === 'phone') await target.tap();
      else await target.click();
      await page.keyboard.type(text);
    },
  };
}

async function openBra(viewport: Viewport) {
  const opened = await openPage(browser, baseURL(), viewport);
  await opened.page.goto(`/product/${bra.product._id}`);
  await waitForHydration(opened.page);
  return opened;
}

const sizeButton = (page: Page, size: string) => page.locator(`button[data-size="${size}"]`);

describe.each(['phone', 'desktop'] as const)('the size finder (%s)', (viewport) => {
  it('with a tape: from the product page to her size chosen in at most six taps', async () => {
    const { size, question } = questionFor('tape');
    if (question.method !== 'tape') throw new Error('a tape question');
    const { page, context, problems } = await openBra(viewport);
    const shopper = tapper(page, viewport);
    expect(await sizeButton(page, size).getAttribute('aria-pressed')).toBe('false');

    await shopper.tap(page.getByRole('button', { name: 'Find my size' }));
    const finder = page.getByRole('dialog', { name: 'Find my size' });
    await shopper.tap(finder.getByRole('button', { name: 'I have a tape' }));
    await shopper.fill(
      finder.getByLabel('Under-bust (inches)', { exact: true }),
      String(question.underbust),
    );
    await shopper.fill(finder.getByLabel('Bust (inches)', { exact: true }), String(question.bust));
    await expect.poll(() => finder.getByTestId('finder-size').innerText()).toBe(size);
    const expected = findBraSize(bra.chart, question);
    expect(await finder.getByTestId('finder-reason').innerText()).toBe(expected.reason);
    for (const sister of expected.sisterSizes) {
      const stock = stockOf(bra.product, sister);
      expect(await finder.getByTestId('finder-sisters').innerText()).toContain(
        `${sister} · ${stock > 0 ? `${stock} in stock` : 'Out of stock'}`,
      );
    }
    await photograph(finder, { path: `${shots}/finder-tape-${viewport}.png` });
    await shopper.tap(finder.getByRole('button', { name: `Choose ${size}` }));

    await expect.poll(() => sizeButton(page, size).getAttribute('aria-pressed')).toBe('true');
    expect(await finder.isVisible()).toBe(false);
    expect(shopper.count()).toBeLessThanOrEqual(6);
    // Saved in this browser (she is signed out): the page says so, and a new visit chooses it.
    await expect.poll(() => page.getByTestId('my-size').innerText()).toBe(`Your size: ${size}`);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => sizeButton(page, size).getAttribute('aria-pressed')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without a tape: from the product page to her size chosen in at most six taps', async () => {
    const { size, question } = questionFor('feel');
    if (question.method !== 'feel') throw new Error('a feel question');
    const { page, context, problems } = await openBra(viewport);
    const shopper = tapper(page, viewport);

    await shopper.tap(page.getByRole('button', { name: 'Find my size' }));
    const finder = page.getByRole('dialog', { name: 'Find my size' });
    await shopper.tap(finder.getByRole('button', { name: 'No tape: start from my bra' }));
    await shopper.fill(finder.getByLabel('The size you wear now'), question.wornSize);
    await shopper.tap(
      finder.getByRole('group', { name: 'The band' }).getByRole('button', { name: 'Rides up' }),
    );
    await shopper.tap(
      finder.getByRole('group', { name: 'The cups' }).getByRole('button', { name: 'Fit fine' }),
    );
    await expect.poll(() => finder.getByTestId('finder-size').innerText()).toBe(size);
    expect(await finder.getByTestId('finder-confidence').innerText()).toBe(
      'A clear fit in this chart',
    );
    await photograph(finder, { path: `${shots}/finder-feel-${viewport}.png` });
    await shopper.tap(finder.getByRole('button', { name: `Choose ${size}` }));

    await expect.poll(() => sizeButton(page, size).getAttribute('aria-pressed')).toBe('true');
    expect(shopper.count()).toBeLessThanOrEqual(6);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the size chart shows its table beside the picture, and the listing filters by her size', async () => {
    const { page, context, problems } = await openBra(viewport);
    await page.getByRole('button', { name: 'Size Chart' }).click();
    const overlay = page.getByRole('dialog', { name: 'Size Chart' });
    const table = overlay.getByTestId('size-chart-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(bra.chart.rows.length);
    expect(await table.locator('thead').textContent()).toContain('Under-bust (in)');
    await overlay.getByRole('button', { name: 'cm' }).click();
    expect(await table.locator('thead').textContent()).toContain('Under-bust (cm)');
    await photograph(page, { path: `${shots}/overlay-${viewport}.png` });
    await overlay.getByRole('button', { name: 'Close size chart' }).click();

    const mine = firstInStock(bra.product);
    await page.evaluate((size) => window.localStorage.setItem('lacebloom-my-size', size), mine);
    await page.goto('/products');
    await waitForHydration(page);
    // On a phone the filters sit behind their button (and stay open after a choice).
    const choose = async (link: Locator, next: string) => {
      if (viewport === 'phone') {
        const button = page.getByRole('button', { name: 'Filters' });
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      }
      await link.click();
      await page.waitForSelector(`[data-listing="${next}"]`);
    };
    const size = encodeURIComponent(mine);
    await choose(
      page.getByRole('link', { name: `In my size (${mine})` }),
      `/products?size=${size}`,
    );
    await choose(
      page.getByRole('link', { name: 'Include sister sizes' }),
      `/products?size=${size}&sisterSizes=true`,
    );
    await expect.poll(() => page.getByTestId('size-match').count()).toBeGreaterThan(0);
    const matches = await page.getByTestId('size-match').allInnerTexts();
    expect(
      matches.every((text) => text === 'In your size' || text.startsWith('In your sister size ')),
    ).toBe(true);
    await photograph(page.locator('#listing-filters'), {
      path: `${shots}/listing-filters-${viewport}.png`,
    });
    await photograph(page.getByTestId('product-grid'), {
      path: `${shots}/listing-cards-${viewport}.png`,
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the size guide answers through the API on the default chart and saves her size', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), viewport);
    await page.goto('/size-guide');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'No tape: start from my bra' }).click();
    await page.getByLabel('The size you wear now').fill('34B');
    await page.getByRole('button', { name: 'Digs in' }).click();
    await page.getByRole('button', { name: 'Fit fine' }).click();
    const answer = page.getByTestId('finder-answer');
    await expect
      .poll(() => answer.getByTestId('finder-reason').innerText())
      .toMatch(/^You wear 34B;/);
    const size = await answer.getByTestId('finder-size').innerText();
    await photograph(page, { path: `${shots}/size-guide-${viewport}.png`, fullPage: true });
    await answer.getByRole('button', { name: `Save ${size} as my size` }).click();
    await expect
      .poll(() => page.getByRole('status').last().innerText())
      .toBe(`Saved: your size is ${size}.`);
    expect(await page.evaluate(() => window.localStorage.getItem('lacebloom-my-size'))).toBe(size);
    expect(problems).toEqual([]);
    await context.close();
  });
});
