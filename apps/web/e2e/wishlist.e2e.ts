import type { Browser } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';
import { photograph } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function catalogue() {
  const response = await fetch(`${baseURL()}/api/product/products?limit=100`);
  return ((await response.json()) as { data: ProductList }).data.products;
}

/** Products in one colour and one size, in stock: moving one to the cart needs no choice. */
async function products(count: number) {
  return (await catalogue())
    .filter(
      (product) =>
        product.colors.length === 1 &&
        product.colors[0]!.sizeStock.length === 1 &&
        product.colors[0]!.sizeStock[0]!.stock > 0,
    )
    .slice(0, count);
}

/** A product in more than one colour, each with more than one size in stock. */
async function productWithChoices(offset: number) {
  return (await catalogue()).filter(
    (product) =>
      product.colors.length > 1 &&
      product.colors.every(
        (color) => color.sizeStock.filter((entry) => entry.stock > 0).length > 1,
      ),
  )[offset]!;
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
      .poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible(), {
        timeout: 15_000,
      })
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

  for (const [viewport, offset] of [
    ['phone', 0],
    ['desktop', 1],
  ] as const) {
    it(`asks for colour and size before moving a product that has a choice (${viewport})`, async () => {
      const product = await productWithChoices(offset);
      const second = product.colors[1]!;
      const size = second.sizeStock.filter((entry) => entry.stock > 0).at(-1)!.size;
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/about');
      await waitForHydration(page);
      await signUpThroughDialog(page, newShopper());
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 })
        .toMatch(/\S+/);
      await page.goto(`/product/${product._id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Add to wishlist' }).click();
      await page.getByText(`${product.name} added to wishlist!`).waitFor();

      await page.goto('/wishlist');
      await waitForHydration(page);
      await page.getByRole('button', { name: `Move to Cart ${product.name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Choose colour and size' }).waitFor();
      const move = dialog.getByRole('button', { name: 'Move to Cart' });
      // Nothing is picked for her.
      expect(await move.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: second.colorName }).click();
      expect(await move.isDisabled()).toBe(true);
      await dialog.locator(`button[data-size="${size}"]`).click();
      await photograph(page, { path: `/tmp/shots/wishlist-choose-${viewport}.png` });
      await move.click();
      await page.getByText(`${product.name} - Item moved to cart!`).waitFor();
      await expect.poll(() => page.getByTestId('wishlist-item').count()).toBe(0);

      // The bag has the colour and size she chose.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const cart = (await (
        await fetch(`${baseURL()}/api/cart`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: { items: { color: { colorName: string }; size: string }[] } };
      expect(cart.data.items).toHaveLength(1);
      expect(cart.data.items[0]!.color.colorName).toBe(second.colorName);
      expect(cart.data.items[0]!.size.toLowerCase()).toBe(size.toLowerCase());
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
