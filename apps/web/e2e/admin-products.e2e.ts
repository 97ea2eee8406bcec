// The back office's products in a real browser, at 1280 px: the owner creates a product
// with two colours and their sizes (the GST rule shown beside the price on the way), uploads six
// photos to a colour (one refused for its size, with the message shown) and describes them,
// activates it, finds it on the storefront with the uploaded photo; a shopper orders it; the owner's delete then deactivates it, the
// storefront answers 404 and the shopper's order still shows it.
import { mkdirSync } from 'node:fs';
import type { ProductList } from '@shop/contracts/catalogue';
import { productRuleMessages } from '@shop/domain/products';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { uploadMessages } from '@shop/domain/media-uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { newShopper } from './account-helpers.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
let photo: string;
const shots = '/tmp/shots-admin-products';
const photoShots = '/tmp/shots-products-photos';
const patient = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  mkdirSync(photoShots, { recursive: true });
  owner = await signInOwner();
  const { data } = await api<ProductList>('GET', '/product/products?limit=1');
  photo = data.products[0]!.colors[0]!.images[0]!;
});
afterAll(async () => {
  await browser?.close();
});

/** A small photo of one shade, made for this run (no fixtures in the repository). */
function photoOf(shade: number) {
  const background = { r: 120 + shade * 20, g: 40 + shade * 9, b: 70 + shade * 13 };
  return sharp({ create: { width: 400, height: 500, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A shopper's order of one piece of the product, placed through the API. */
async function orderOf(productId: string, colorName: string, colorHex: string, size: string) {
  const signup = await api<{ accessToken: string }>('POST', '/auth/signup', {
    body: newShopper(),
  });
  expect(signup.status).toBe(201);
  const token = signup.data.accessToken;
  const line = {
    product: productId,
    quantity: 1,
    size: size.toLowerCase(),
    color: { colorName, colorHex },
    selectedImage: photo,
  };
  expect((await api('POST', '/cart', { token, body: line })).status).toBeLessThan(300);
  const placed = await api<{ orderId: string }>('POST', '/order', {
    token,
    body: {
      items: [line],
      shippingAddress: {
        name: 'Meera Iyer',
        addressLine1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        phone: '9876543210',
      },
      paymentMethod: 'razorpay',
    },
  });
  expect(placed.status).toBe(201);
  return { token, orderId: placed.data.orderId };
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const viewport of ['desktop'] as Viewport[]) {
  describe(`products (${viewport})`, () => {
    it('lists the catalogue with filters in the URL', async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/products?active=true&sort=price-desc');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor(patient);
        const rows = page.getByRole('link', { name: /.+/ }).filter({ visible: true });
        await expect.poll(() => page.getByText('Loading products...').count(), patient).toBe(0);
        expect(await rows.count()).toBeGreaterThan(3);
        expect(await page.getByLabel('Sort').inputValue()).toBe('price-desc');
        expect(await page.getByLabel('Shown in the shop').inputValue()).toBe('true');
        // Ticking a product offers the bulk actions.
        await page
          .getByRole('checkbox', { name: /^Select (?!every)/ })
          .filter({ visible: true })
          .first()
          .check();
        await page.getByRole('heading', { name: '1 product ticked' }).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/products-${viewport}.png`, fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    // Photos are rendered into their sizes on upload: on a busy machine that alone can take a minute.
    it('creates a product with two colours, shows it in the shop, and deactivates it when deleted after an order', async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      const name = `Garden Lace Balconette ${viewport} ${Date.now()}`;
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/products/new');
        await waitForHydration(page);
        await page.getByLabel('Name', { exact: true }).waitFor(patient);

        await page.getByLabel('Name', { exact: true }).fill(name);
        await page.getByLabel('Subheading').fill('Scalloped lace, light padding');
        await page.getByLabel('Description').fill('A balconette for long days.');
        await page.getByLabel('Tags').fill('lace, balconette');
        const category = page.getByLabel('Category', { exact: true });
        const categories = await category.locator('option').allTextContents();
        await category.selectOption({ label: categories.find((text) => text === 'Bras')! });
        const subcategory = page.getByLabel('Subcategory', { exact: true });
        const subcategories = await subcategory.locator('option').allTextContents();
        await subcategory.selectOption({ label: subcategories[1]! });
        // A price in the GST gap is refused beside the field, with the reason.
        await page.getByLabel('Price with GST (₹)').fill('2799');
        await page.getByLabel('MRP (₹)').fill('2999');

        await page.getByRole('button', { name: 'Add a specification' }).click();
        await page.locator('#spec-0-label').fill('Fabric');
        await page.locator('#spec-0-description').fill('Nylon lace, cotton lining');

        await page.locator('#color-0-name').fill('Rosewood');
        await page.locator('#color-0-hex').fill('#8A3B4A');
        // Six photos at once: five upload, the one over 20 MB is refused with the reason.
        const photos = page.getByRole('group', { name: 'Photos of Rosewood' });
        const huge = Buffer.alloc(21 * 1024 * 1024, 7);
        huge.set([0xff, 0xd8, 0xff, 0xe0]);
        const offset = viewport === 'phone' ? 0 : 5;
        await page.getByLabel('Add photos of Rosewood').setInputFiles([
          ...(await Promise.all(
            [0, 1, 2, 3, 4].map(async (index) => ({
              name: `rosewood-${viewport}-${index + 1}.jpg`,
              mimeType: 'image/jpeg',
              buffer: await photoOf(index + offset),
            })),
          )),
          { name: 'rosewood-huge.jpg', mimeType: 'image/jpeg', buffer: huge },
        ]);
        const thumbnails = photos.getByRole('list', { name: /in the order shoppers see them/ });
        await expect
          .poll(() => thumbnails.getByRole('listitem').count(), { timeout: 60_000 })
          .toBe(5);
        const uploads = photos.getByRole('list', { name: 'Uploads' });
        await uploads.getByText(uploadMessages.tooLarge).waitFor(patient);
        expect(await uploads.getByRole('listitem').textContent()).toContain('rosewood-huge.jpg');
        for (const index of [1, 2, 3, 4, 5]) {
          await photos
            .getByLabel(`Alt text of photo ${index} (required)`)
            .fill(`Rosewood balconette, view ${index}`);
        }
        // The main photo's focal point, picked on the image.
        const focal = photos.getByRole('button', { name: /^Focal point of photo 1/ });
        const box = (await focal.boundingBox())!;
        await focal.click({ position: { x: box.width * 0.5, y: box.height * 0.3 } });
        expect(await focal.getAttribute('aria-label')).toMatch(/50% across, 30% down/);
        const uploaded = await thumbnails
          .locator('img')
          .evaluateAll((images) =>
            images.map((image) => image.getAttribute('src')!.split('?')[0]!),
          );
        expect(uploaded).toHaveLength(5);
        expect(uploaded.every((src) => /^\/media\/uploads\/[0-9a-f-]{36}$/.test(src))).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await photos.scrollIntoViewIfNeeded();
        await photograph(page, {
          path: `${photoShots}/product-photos-${viewport}.png`,
          fullPage: true,
        });
        await page.locator('#color-0-size-0').fill('34B');
        await page.locator('#color-0-stock-0').fill('6');
        await page.getByRole('button', { name: 'Add a size' }).first().click();
        await page.locator('#color-0-size-1').fill('36B');
        await page.locator('#color-0-stock-1').fill('4');

        await page.getByRole('button', { name: 'Add a colour' }).click();
        await page.locator('#color-1-name').fill('Ivory');
        await page.locator('#color-1-hex').fill('#FFFFF0');
        await page.locator('#color-1-size-0').fill('34B');
        await page.locator('#color-1-stock-0').fill('3');
        await page.getByLabel('HSN code').fill('621210');
        await page.getByLabel(/Active/).check();

        await page.getByRole('button', { name: 'Create product' }).click();
        await page.getByText(productRuleMessages.gstGap).waitFor(patient);
        expect(await page.getByLabel('Price with GST (₹)').getAttribute('aria-invalid')).toBe(
          'true',
        );
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/product-new-${viewport}.png`, fullPage: true });

        await page.getByLabel('Price with GST (₹)').fill('1899');
        await page.getByRole('button', { name: 'Create product' }).click();
        await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/, patient);
        const productId = page.url().split('/').pop()!;
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        expect(await page.locator('#color-1-name').inputValue()).toBe('Ivory');
        // The saved photos come back in order, with their alt texts.
        await expect
          .poll(
            () =>
              page
                .getByRole('group', { name: 'Photos of Rosewood' })
                .locator('img')
                .evaluateAll((images) =>
                  images.map((image) => image.getAttribute('src')!.split('?')[0]!),
                ),
            patient,
          )
          .toEqual(uploaded);
        expect(await page.getByLabel('Alt text of photo 5 (required)').inputValue()).toBe(
          'Rosewood balconette, view 5',
        );
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/product-edit-${viewport}.png`, fullPage: true });

        // On the storefront at once.
        await page.getByRole('link', { name: 'View in the shop' }).click();
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        const shown = await api<{
          colors: { colorName: string; images: string[]; sizeStock: unknown[] }[];
        }>('GET', `/product/${productId}`);
        expect(shown.data.colors.map((color) => color.colorName)).toEqual(['Rosewood', 'Ivory']);
        expect(shown.data.colors[0]!.images).toEqual(uploaded);
        // The storefront shows the uploaded main photo.
        await page.locator(`img[src^="${uploaded[0]}"]`).first().waitFor(patient);
        expect(shown.data.colors[0]!.sizeStock).toEqual([
          { size: '34B', stock: 6 },
          { size: '36B', stock: 4 },
        ]);

        // A shopper orders it; the owner's delete then only deactivates it.
        const shopper = await orderOf(productId, 'Rosewood', '#8A3B4A', '34B');
        await page.goto(`/admin/products/${productId}`);
        await waitForHydration(page);
        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Deactivate (in past orders)' }).click();
        await page.getByText(productRuleMessages.deactivatedInstead).waitFor(patient);
        expect(await page.getByLabel(/Active/).isChecked()).toBe(false);

        expect((await api('GET', `/product/${productId}`)).status).toBe(404);
        await page.goto(`/product/${productId}`);
        await page.getByRole('heading', { name: 'Product Not Found' }).waitFor(patient);
        const order = await api('GET', `/order/${shopper.orderId}`, { token: shopper.token });
        expect(order.status).toBe(200);
        expect(JSON.stringify(order.data)).toContain(name);
        expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
}
