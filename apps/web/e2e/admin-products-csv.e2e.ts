// The products CSV in a real browser, at 1280 px: the owner exports the catalogue (the
// download holds a known product's rows), checks an edited file (one price changed, one bad row)
// and sees the planned update and the error with its row and column, then checks the corrected
// file, confirms it, and the storefront shows the new price.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { productCsvColumns, productCsvMessages } from '@shop/contracts/products-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-products-csv';
const patient = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** A product of plain cells (no commas or quotes), so its rows can be edited as text. */
async function knownProduct(slug: string) {
  const options = await api<{ categories: { _id: string; name: string }[] }>(
    'GET',
    '/admin/products/options',
    { token: owner.accessToken },
  );
  const { data } = await api<ProductList>('GET', '/product/products?limit=1');
  const created = await api<{ _id: string }>('POST', '/admin/products', {
    token: owner.accessToken,
    body: {
      name: `CSV Lace Brief ${slug.slice(-6)}`,
      slug,
      categoryId: options.data.categories[0]!._id,
      price: 599,
      originalPrice: 799,
      colors: [
        {
          colorName: 'Black',
          colorHex: '#1A1A1A',
          photos: [{ url: data.products[0]!.colors[0]!.images[0]!, alt: 'Front' }],
          sizeStock: [
            { size: 'S', stock: 4 },
            { size: 'M', stock: 6 },
          ],
        },
      ],
      isActive: true,
      countryOfOrigin: 'India',
      hsnCode: '621210',
      manufacturer: 'Lacebloom Retail Bengaluru',
    },
  });
  expect(created.status).toBe(201);
  return created.data._id;
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const viewport of ['desktop'] as Viewport[]) {
  describe(`products CSV (${viewport})`, () => {
    it('exports, dry-runs an edited file with its errors, and a confirmed import changes the storefront', async () => {
      const slug = `csv-lace-brief-${viewport}-${Date.now()}`;
      const id = await knownProduct(slug);
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/products');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor(patient);

        const downloading = page.waitForEvent('download', patient);
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/^lacebloom-products-.+\.csv$/);
        const exported = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
        const [header, ...lines] = exported.split('\n');
        expect(header).toBe(productCsvColumns.join(','));
        const rows = lines.filter((line) => line.startsWith(`${slug},`));
        expect(rows).toHaveLength(2);
        const price = productCsvColumns.indexOf('price');
        const category = productCsvColumns.indexOf('category');
        expect(rows[0]!.split(',')[price]).toBe('599');

        const repriced = rows.map((line) => {
          const cells = line.split(',');
          cells[price] = '549';
          return cells.join(',');
        });
        const badCells = repriced[0]!.split(',');
        badCells[0] = `${slug}-copy`;
        badCells[category] = 'Nowhere';
        const file = (body: string[]) => ({
          name: 'products.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from([header, ...body, ''].join('\n')),
        });

        await page.getByRole('button', { name: 'Import CSV' }).click();
        await page.getByLabel('CSV file').setInputFiles(file([...repriced, badCells.join(',')]));
        await page.getByRole('button', { name: 'Check file' }).click();
        const planned = page.getByRole('list', { name: 'Planned changes' });
        await planned.waitFor(patient);
        expect(await planned.textContent()).toContain('price: 599 → 549');
        const errorRow = page.getByRole('row', { name: /Nowhere/ });
        expect(await errorRow.textContent()).toBe(
          `4category${productCsvMessages.categoryUnknown('Nowhere')}`,
        );
        expect(await page.getByRole('button', { name: 'Confirm import' }).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/dry-run-${viewport}.png`, fullPage: true });

        await page.getByLabel('CSV file').setInputFiles(file(repriced));
        await page.getByRole('button', { name: 'Check file' }).click();
        await page.getByRole('button', { name: 'Confirm import' }).click();
        await page.getByText(/^Imported: 0 created, 1 updated/).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/imported-${viewport}.png`, fullPage: true });

        const storefront = await api<{ price: number }>('GET', `/product/${id}`);
        expect(storefront.data.price).toBe(549);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
