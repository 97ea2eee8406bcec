// The GST tax invoice in a real browser, at 375 and 1280 px: a shopper pays an order, opens it in
// My Orders and downloads its invoice; the PDF's text names the shop's GSTIN, the invoice number,
// the HSN code, the CGST/SGST split and the total. The cart shows the GST its total includes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import type { ShopSettings } from '@shop/contracts/shop-settings';
import { pdfPages, shopperWithPaidOrder, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
let gstin: string;
const shots = '/tmp/shots-gst-invoices';
const patient = { timeout: 15_000 };
/** A registered Karnataka GSTIN (the shop's state), the same one the settings test saves. */
const SHOP_GSTIN = '29AAGCB7383J1Z4';

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
  // Tax invoices need the shop's GSTIN: entered here unless another file already did.
  const current = await api<{ settings: ShopSettings }>('GET', '/admin/settings', {
    token: owner.accessToken,
  });
  if (!current.data.settings.gstin) {
    const saved = await api('PATCH', '/admin/settings', {
      token: owner.accessToken,
      body: { ...current.data.settings, gstin: SHOP_GSTIN },
    });
    expect(saved.status).toBe(200);
  }
  gstin = (
    await api<{ settings: ShopSettings }>('GET', '/admin/settings', { token: owner.accessToken })
  ).data.settings.gstin;
});
afterAll(async () => {
  await browser?.close();
});

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const satisfies readonly (readonly [Viewport, number])[]) {
  describe(`the tax invoice (${viewport})`, () => {
    it('downloads from My Orders with the GSTIN, number, HSN, tax split and total', async () => {
      const order = await shopperWithPaidOrder(offset, { sort: 'price-asc', skip: 20 });
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, order);
        await page.goto('/profile?tab=orders');
        await waitForOrdersTab(page);
        const row = page.locator('li, article').filter({ hasText: order.orderNumber }).first();
        await row.waitFor(patient);
        await row.getByRole('button', { name: 'View details' }).click();
        const dialog = page.getByRole('dialog');
        const button = dialog.getByRole('button', { name: 'Download invoice' });
        await button.waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/my-orders-invoice-${viewport}.png` });

        const [download] = await Promise.all([
          page.waitForEvent('download', patient),
          button.click(),
        ]);
        const bytes = readFileSync((await download.path())!);
        writeFileSync(`${shots}/invoice-${viewport}.pdf`, bytes);
        const text = (await pdfPages(bytes)).join('\n');

        const documents = await api<{ kind: string; number: string; total: number }[]>(
          'GET',
          `/order/${order.orderId}/invoices`,
          { token: order.accessToken },
        );
        const invoice = documents.data.find((one) => one.kind === 'invoice')!;
        expect(download.suggestedFilename()).toBe(`${invoice.number.replace(/\//g, '_')}.pdf`);
        expect(invoice.number.length).toBeLessThanOrEqual(16);
        expect(text).toContain('Tax Invoice');
        expect(text).toContain(`GSTIN: ${gstin}`);
        expect(text).toContain(invoice.number);
        // The seeded products carry their category's HSN heading: chapter 61, 62 or 33.
        expect(text).toMatch(/\b(61|62|33)\d\d\b/);
        // Delivered in Karnataka, the shop's state: CGST and SGST, no IGST.
        expect(text).toContain('CGST');
        expect(text).toContain('SGST');
        expect(text).not.toContain('IGST');
        const total = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
          invoice.total,
        );
        expect(text).toContain(total);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('shows the GST the total includes in the cart', async () => {
      const order = await shopperWithPaidOrder(offset + 2, { sort: 'price-asc', skip: 20 });
      const { data } = await api<{ items: unknown[]; gstIncluded: number }>('GET', '/cart', {
        token: order.accessToken,
      });
      const { page, context } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, order);
        // The order emptied the cart: put one line back through the API and read the page.
        const { data: listed } = await api<{
          products: {
            _id: string;
            colors: {
              colorName: string;
              colorHex: string;
              images: string[];
              sizeStock: { size: string; stock: number }[];
            }[];
          }[];
        }>('GET', '/product/products?limit=5&sort=price-asc');
        const product = listed.products[0]!;
        const color = product.colors[0]!;
        const size = color.sizeStock.find((entry) => entry.stock > 0)!.size;
        expect(
          (
            await api('POST', '/cart', {
              token: order.accessToken,
              body: {
                product: product._id,
                size: size.toLowerCase(),
                color: { colorName: color.colorName, colorHex: color.colorHex },
                selectedImage: color.images[0],
                quantity: 1,
              },
            })
          ).status,
        ).toBeLessThan(300);
        const cart = await api<{ gstIncluded: number }>('GET', '/cart', {
          token: order.accessToken,
        });
        expect(cart.data.gstIncluded).toBeGreaterThan(0);
        expect(data.items).toEqual([]);
        await page.goto('/cart');
        await waitForHydration(page);
        const line = page.getByTestId('cart-gst');
        await line.waitFor(patient);
        const amount = new Intl.NumberFormat('en-IN', {
          style: 'currency',
          currency: 'INR',
        }).format(cart.data.gstIncluded);
        expect(await line.innerText()).toBe(`Inclusive of GST ${amount}`);
        await photograph(page, { path: `${shots}/cart-gst-${viewport}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    });
  });
}
