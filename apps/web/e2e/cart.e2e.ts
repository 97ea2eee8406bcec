import type { Browser, Page } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { newShopper, signInDialog, signUpThroughDialog } from './account-helpers.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A product whose first colour has a size with at least 3 in stock. */
async function stockedProduct(): Promise<{ _id: string; name: string; price: number }> {
  const response = await fetch(`${baseURL()}/api/product/products?limit=40`);
  const { data } = (await response.json()) as { data: ProductList };
  return data.products.find((product) =>
    product.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
  )!;
}

const cartBadge = (page: Page) => page.locator('[data-testid="cart-count"]').first();

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`cart (${viewport})`, () => {
    it('keeps a guest cart, merges it on sign-up, and takes NEW10 off', async () => {
      const product = await stockedProduct();
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto(`/product/${product._id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await page.getByText(`${product.name} added to cart!`).waitFor();
      await expect.poll(() => cartBadge(page).innerText()).toBe('1');
      expect(await page.evaluate(() => localStorage.getItem('guestSessionId'))).toMatch(
        /^session_\d+_[0-9a-f]{32}$/,
      );

      await page.goto('/cart');
      await waitForHydration(page);
      await expect
        .poll(() => page.getByText('Guest Mode: Your cart will be saved temporarily.').isVisible())
        .toBe(true);
      const line = page.getByTestId('cart-line');
      await expect.poll(() => line.count()).toBe(1);
      await line.getByRole('button', { name: 'Increase quantity' }).click();
      await expect.poll(() => line.getByTestId('quantity').innerText()).toBe('2');
      await expect
        .poll(async () => (await page.getByTestId('cart-subtotal').innerText()).replace(/\s/g, ''))
        .toBe(`₹${(product.price * 2).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
      // Decreasing to nothing removes the line.
      await line.getByRole('button', { name: 'Decrease quantity' }).click();
      await line.getByRole('button', { name: 'Decrease quantity' }).click();
      await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);

      await page.goto(`/product/${product._id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await page.getByText(`${product.name} added to cart!`).waitFor();
      await page.goto('/cart');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Proceed to Buy' }).click();
      await expect.poll(() => signInDialog(page).isVisible()).toBe(true);
      await signUpThroughDialog(page, newShopper());
      await expect
        .poll(() => page.getByText('Guest Mode: Your cart will be saved temporarily.').count())
        .toBe(0);
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('guestSessionId')))
        .toBe(null);

      await page.getByLabel('Coupon or voucher').fill('new10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => page.getByText(/Discount applied successfully! You saved/).isVisible())
        .toBe(true);
      const tenth = Math.round(product.price * 10) / 100;
      // The code's own line: 'NEW10 −₹129.90', two decimals and a real minus sign.
      await expect
        .poll(async () => (await page.getByTestId('discount-line').innerText()).replace(/\s/g, ''))
        .toBe(`NEW10\u2212₹${tenth.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
      await page.getByRole('button', { name: 'Remove NEW10' }).click();
      await expect.poll(() => page.getByTestId('discount-line').count()).toBe(0);

      await page.getByLabel('Coupon or voucher').fill('FESTIVE20');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => page.getByText('This discount code has expired').isVisible())
        .toBe(true);
      expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
      await context.close();
    });
  });
}

describe('a guest cart id from an older storefront', () => {
  it('is replaced by a fresh random id, which keeps the new cart', async () => {
    const product = await stockedProduct();
    const { page, context, problems } = await openPage(browser, baseURL(), 'phone');
    // What the storefront used to make with Math.random: the shop refuses it now.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('guestSessionId', 'session_1763900000_k3j9x0a1b');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestSessionId'))).toBe(null);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByText(`${product.name} added to cart!`).waitFor();
    const id = await page.evaluate(() => localStorage.getItem('guestSessionId'));
    expect(id).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    await page.goto('/cart');
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('guestSessionId'))).toBe(id);
    // The old id never reached the shop, so nothing was refused.
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('cart when the shop cannot be reached', () => {
  it('rolls the optimistic line back and says why', async () => {
    const product = await stockedProduct();
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    // As if the server were stopped: every cart call fails at the network.
    await page.route('**/api/cart/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect
      .poll(() => page.locator('[data-toast-type="error"]').first().textContent())
      .toContain('Network error');
    await expect.poll(() => cartBadge(page).innerText()).toBe('0');
    await context.close();
  });
});
