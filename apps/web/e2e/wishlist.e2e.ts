import type { Browser } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';

let browser: Browser;
const baseURL = () => inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function products(count: number) {
  const response = await fetch(`${baseURL()}/api/product/products?limit=40`);
  const { data } = (await response.json()) as { data: ProductList };
  // Products whose first colour has size M in stock, so moving to the cart needs no choice.
  return data.products
    .filter((product) => product.colors[0]!.sizeStock.some((entry) => entry.stock > 0))
    .slice(0, count);
}

describe('wishlist', () => {
  it('asks a guest to sign in', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/wishlist');
    await waitForHydration(page);
    await expect
      .poll(() => page.getByText('Please login to view your wishlist').isVisible())
      .toBe(true);
    await context.close();
  });

  it('asks a guest to sign in from the heart on a listing card', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/products/bras');
    await waitForHydration(page);
    await page
      .getByRole('button', { name: /^Add .+ to wishlist$/ })
      .first()
      .click();
    await page.getByText('Please login to add items to wishlist').waitFor();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('saves with the heart, moves an item to the cart, and clears after asking', async () => {
    const [first, second] = await products(2);
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/');
    await waitForHydration(page);
    await signUpThroughDialog(page, newShopper());
    await expect
      .poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible())
      .toBe(true);

    for (const product of [first!, second!]) {
      await page.goto(`/product/${product._id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Add to wishlist' }).click();
      await page.getByText(`${product.name} added to wishlist!`).waitFor();
    }
    await expect
      .poll(() => page.locator('[data-testid="wishlist-count"]').first().innerText())
      .toBe('2');

    await page.goto('/wishlist');
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('wishlist-item').count()).toBe(2);
    await page.getByRole('button', { name: `Move to Cart ${first!.name}` }).click();
    await page.getByText(`${first!.name} - Item moved to cart!`).waitFor();
    await expect.poll(() => page.getByTestId('wishlist-item').count()).toBe(1);
    await expect
      .poll(() => page.locator('[data-testid="cart-count"]').first().innerText())
      .toBe('1');

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to clear your entire wishlist?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Clear Wishlist' }).click();
    await page.getByText('Wishlist cleared!').waitFor();
    await expect.poll(() => page.getByText('Your wishlist is empty').isVisible()).toBe(true);
    await context.close();
  });
});
