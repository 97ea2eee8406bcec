// The back office's stock desk in a real browser, at 375 px: the owner opens a bra's
// colour × size grid, types +12 in one size and =0 in another, saves, reads both in the history,
// and the storefront's product page shows the counted size out of stock; the low-stock list.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { StockGrid, StockProductRow } from '@shop/contracts/stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-stock';
const patient = { timeout: 15_000 };

/**
 * The `index`-th bra (by name) with two colours and two sizes in stock in its first colour, as
 * the grid answers it: each width works on a product of its own.
 */
async function braFor(index: number) {
  const list = await api<{ products: StockProductRow[] }>('GET', '/admin/stock?q=bra&limit=50', {
    token: owner.accessToken,
  });
  expect(list.status).toBe(200);
  const found: StockGrid[] = [];
  for (const product of list.data.products.filter((row) => row.isActive)) {
    const grid = await api<StockGrid>('GET', `/admin/stock/${product._id}`, {
      token: owner.accessToken,
    });
    const first = grid.data.colors[0]!.colorName;
    const inStock = grid.data.cells.filter((cell) => cell.colorName === first && cell.stock > 0);
    if (grid.data.bands && grid.data.colors.length >= 2 && inStock.length >= 2) {
      found.push(grid.data);
    }
    if (found.length > index) break;
  }
  const grid = found[index]!;
  expect(grid).toBeDefined();
  return grid;
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const [viewport, index] of [['phone', 3]] as (readonly [Viewport, number])[]) {
  describe(`the stock desk (${viewport})`, () => {
    it('saves +12 and =0, explains both in the history, and the shop sells none of the counted size', async () => {
      const grid = await braFor(index);
      const first = grid.colors[0]!.colorName;
      const second = grid.colors[1]!.colorName;
      const counted = grid.cells.find((cell) => cell.colorName === first && cell.stock > 0)!;
      const delivered = grid.cells.find((cell) => cell.colorName === second)!;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin');
        await waitForHydration(page);
        if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
        await page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link', { name: 'Stock' })
          .click();
        await page.getByRole('heading', { name: 'Stock', level: 1 }).waitFor(patient);
        await page.getByLabel('Product', { exact: true }).fill(grid.product.name);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL(/q=/, patient);
        const picked = page
          .getByRole('link', { name: grid.product.name, exact: true })
          .filter({ visible: true })
          .first();
        await picked.waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/products-${viewport}.png`, fullPage: true });
        await picked.click();
        await page.getByRole('heading', { name: grid.product.name, level: 1 }).waitFor(patient);

        const plus = page.getByLabel(`${delivered.colorName} ${delivered.size}: change`);
        const count = page.getByLabel(`${counted.colorName} ${counted.size}: change`);
        await plus.fill('+12');
        await count.fill('=0');
        // A mistyped cell says how to write an edit, and the grid still saves once it is fixed.
        await count.fill('0x');
        await page.getByText('Write +12 to add').first().waitFor(patient);
        await count.fill('=0');

        if (viewport === 'phone') {
          // The grid scrolls sideways; the colour column stays put.
          const table = page.locator('table').first();
          const scrolls = await table.evaluate(
            (element) => element.parentElement!.scrollWidth > element.parentElement!.clientWidth,
          );
          expect(scrolls).toBe(true);
          const sticky = await page
            .getByRole('rowheader', { name: first })
            .evaluate((element) => getComputedStyle(element).position);
          expect(sticky).toBe('sticky');
        }
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/grid-${viewport}.png`, fullPage: true });

        await page.getByRole('button', { name: 'Save 2 changes' }).click();
        const saved = page.getByRole('status').filter({ hasText: 'Saved' });
        await saved.waitFor(patient);
        expect(await saved.textContent()).toContain(
          `${counted.colorName} ${counted.size}: ${counted.stock} → 0 (=0, Count)`,
        );
        expect(await saved.textContent()).toContain(
          `${delivered.colorName} ${delivered.size}: ${delivered.stock} → ${delivered.stock + 12} (+12, Delivery)`,
        );

        // The history explains both numbers: what changed, to what, why and who.
        const history = page.getByRole('list', { name: 'Stock movements, newest first' });
        const countEntry = history
          .getByRole('listitem')
          .filter({ hasText: `${counted.colorName} ${counted.size}` })
          .filter({ hasText: 'Count' })
          .first();
        await countEntry.waitFor(patient);
        expect(await countEntry.textContent()).toContain(`-${counted.stock}→ 0`);
        expect(await countEntry.textContent()).toContain(owner.email);
        const deliveryEntry = history
          .getByRole('listitem')
          .filter({ hasText: `${delivered.colorName} ${delivered.size}` })
          .filter({ hasText: 'Delivery' })
          .first();
        expect(await deliveryEntry.textContent()).toContain(`+12→ ${delivered.stock + 12}`);
        // The grid shows the new numbers.
        await expect
          .poll(async () => {
            const numbers = await page.locator('[id$="-now"]').allTextContents();
            return numbers.some((text) => text.startsWith(`${delivered.stock + 12} free`));
          }, patient)
          .toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/saved-${viewport}.png`, fullPage: true });

        // The storefront sells none of the counted size at once.
        await page.goto(`/product/${grid.product._id}`);
        await waitForHydration(page);
        const size = page.locator(`button[data-size="${counted.size}"]`);
        await size.waitFor(patient);
        expect(await size.isDisabled()).toBe(true);
        expect(await size.textContent()).toContain('Out of Stock');

        // The low-stock list reads the same way at this width.
        await page.goto('/admin/stock/low');
        await page.getByRole('heading', { name: 'Low stock', level: 1 }).waitFor(patient);
        await page
          .getByText(/Sold out/)
          .filter({ visible: true })
          .first()
          .waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/low-${viewport}.png`, fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  });
}
