import type { Browser, Page } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';
import { seriousViolations } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A size of a product's first colour with only a few left, so one order can take them all. */
async function lowStockVariant(offset: number) {
  const response = await fetch(`${baseURL()}/api/product/products?limit=100&sort=price-desc`);
  const { data } = (await response.json()) as { data: ProductList };
  const variants = data.products.flatMap((product) => {
    const color = product.colors[0]!;
    const entry = color.sizeStock.find((candidate) => candidate.stock >= 1 && candidate.stock <= 6);
    return entry ? [{ product, color, size: entry.size, stock: entry.stock }] : [];
  });
  return variants[offset]!;
}

async function placeOrder(
  token: string,
  variant: Awaited<ReturnType<typeof lowStockVariant>>,
): Promise<{ orderNumber: string }> {
  // An order is made of the shopper's server cart: the line goes into it first.
  const added = await fetch(`${baseURL()}/api/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      product: variant.product._id,
      quantity: variant.stock,
      size: variant.size.toLowerCase(),
      color: { colorName: variant.color.colorName, colorHex: variant.color.colorHex },
      selectedImage: variant.color.images[0],
    }),
  });
  expect(added.status).toBeLessThan(300);
  const response = await fetch(`${baseURL()}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      items: [
        {
          product: variant.product._id,
          quantity: variant.stock,
          size: variant.size.toLowerCase(),
          color: { colorName: variant.color.colorName, colorHex: variant.color.colorHex },
        },
      ],
      shippingAddress: {
        name: 'Meera Iyer',
        addressLine1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        phone: '9876543210',
      },
      paymentMethod: 'razorpay',
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { orderNumber: string } }).data;
}

/** The size's button on the product page, once the page has its data. */
async function sizeButton(page: Page, productId: string, size: string) {
  await page.goto(`/product/${productId}`);
  await waitForHydration(page);
  const button = page.locator(`button[data-size="${size}"]`);
  await button.waitFor();
  return button;
}

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const) {
  describe(`my orders (${viewport})`, () => {
    it('cancels a pending order, and its stock is back on the product page', async () => {
      const variant = await lowStockVariant(offset);
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/about');
      await waitForHydration(page);
      await signUpThroughDialog(page, newShopper());
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 })
        .toMatch(/\S+/);
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;

      const available = await sizeButton(page, variant.product._id, variant.size);
      expect(await available.isDisabled()).toBe(false);

      // The order takes every one left of that size: the product page says so.
      const { orderNumber } = await placeOrder(token, variant);
      const soldOut = await sizeButton(page, variant.product._id, variant.size);
      await expect.poll(() => soldOut.isDisabled()).toBe(true);
      expect(await soldOut.innerText()).toContain('Out of Stock');

      await page.goto('/profile?tab=orders');
      await waitForOrdersTab(page);
      const row = page.locator('li, article').filter({ hasText: orderNumber }).first();
      await row.waitFor();
      // Placed and not paid: it says so, and offers to pay.
      expect(await row.getByText('Awaiting payment', { exact: true }).isVisible()).toBe(true);
      await row.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog');
      const submit = dialog.getByRole('button', { name: 'Cancel order' });
      // A reason is required.
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Reason').fill('Ordered the wrong size');
      await submit.click();
      await expect
        .poll(() => page.getByText('Order cancelled successfully').isVisible())
        .toBe(true);
      // The badge, not the 'or the order is cancelled' of an order awaiting payment.
      await expect.poll(() => row.getByText('CANCELLED', { exact: true }).isVisible()).toBe(true);
      expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // The units came back: the size can be chosen again.
      const back = await sizeButton(page, variant.product._id, variant.size);
      await expect.poll(() => back.isDisabled()).toBe(false);
      expect(await back.innerText()).not.toContain('Out of Stock');
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
