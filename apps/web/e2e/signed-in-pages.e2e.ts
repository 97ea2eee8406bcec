// The shopper's own pages arrive whole (decision 0055): the server renders her cart from the
// session cookie, with JavaScript off too, the page does not move when it hydrates, and tabs
// still follow a sign-out made in another one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, viewports, waitForHydration } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ListedProduct {
  _id: string;
  name: string;
  images: string[];
  colors: {
    colorName: string;
    colorHex: string;
    images: string[];
    sizeStock: { size: string; stock: number }[];
  }[];
}

/** Two lines put in her cart through the API with the token the storefront stored. */
async function addTwoLines(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const list = (await (await fetch('/api/product/products?limit=40')).json()) as {
      data: { products: ListedProduct[] };
    };
    const names: string[] = [];
    for (const product of list.data.products) {
      const color = product.colors.find((c) => c.sizeStock.some((s) => s.stock > 0));
      const size = color?.sizeStock.find((s) => s.stock > 0);
      if (!color || !size) continue;
      const response = await fetch('/api/cart', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          product: product._id,
          size: size.size,
          color: { colorName: color.colorName, colorHex: color.colorHex },
          selectedImage: color.images[0] ?? product.images[0],
          quantity: 1,
        }),
      });
      if (response.ok) names.push(product.name);
      if (names.length === 2) break;
    }
    return names;
  });
}

/** Cart lines naming a product. */
const line = (page: Page, name: string) => page.getByTestId('cart-line').filter({ hasText: name });

/** The top of each cart line and of the footer, to see that nothing moved. */
const positions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="cart-line"], footer')].map((element) =>
      Math.round(element.getBoundingClientRect().top + window.scrollY),
    ),
  );

describe('a signed-in shopper', () => {
  it('gets her cart in the server HTML, and it stays put when the page hydrates', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/about');
    await waitForHydration(page);
    await signUpThroughDialog(page, newShopper());
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 })
      .not.toBe(null);
    const names = await addTwoLines(page);
    expect(names).toHaveLength(2);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lb_session')?.httpOnly).toBe(true);

    // Without JavaScript: only the server's HTML.
    const noScript = await browser.newContext({
      baseURL: baseURL(),
      viewport: viewports.desktop,
      javaScriptEnabled: false,
    });
    await noScript.addCookies(cookies);
    const plain = await noScript.newPage();
    await plain.goto('/cart');
    for (const name of names) await expect.poll(() => line(plain, name).count()).toBe(1);
    expect(await plain.getByText('Guest Mode').count()).toBe(0);
    expect(await plain.getByText('Loading your bag').count()).toBe(0);
    const before = await positions(plain);
    // Her (empty) wishlist and its suggestions: the footer's place without JavaScript.
    await plain.goto('/wishlist');
    expect(await plain.getByText('Your wishlist is empty').count()).toBe(1);
    expect(await plain.getByText('You Might Also Like').count()).toBe(1);
    const wishlistBefore = await positions(plain);
    await noScript.close();

    // With JavaScript, once hydrated and settled: the same lines in the same places.
    await page.goto('/cart');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Guest Mode').count()).toBe(0);
    // Every line and the footer: the suggestions below the lines are in the server's HTML too.
    expect(await positions(page)).toEqual(before);
    await page.goto('/wishlist');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await positions(page)).toEqual(wishlistBefore);
    await context.close();
  });

  it('signed out in one tab, is followed by the other, whose cart reloads as a guest', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 900 },
    });
    const first = await context.newPage();
    await first.goto('/about');
    await waitForHydration(first);
    await signUpThroughDialog(first, newShopper());
    await expect
      .poll(() => first.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 })
      .not.toBe(null);
    const names = await addTwoLines(first);

    const second = await context.newPage();
    await second.goto('/cart');
    await waitForHydration(second);
    await expect.poll(() => line(second, names[0]!).count()).toBe(1);

    await first.goto('/profile');
    await waitForHydration(first);
    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => second.getByRole('button', { name: 'Sign in' }).first().isVisible())
      .toBe(true);
    await expect.poll(() => line(second, names[0]!).count()).toBe(0);
    // The cookie went with the sign-out: a fresh load is a guest's.
    expect((await context.cookies()).some((cookie) => cookie.name === 'lb_session')).toBe(false);
    await second.reload();
    await waitForHydration(second);
    await expect.poll(() => line(second, names[0]!).count()).toBe(0);
    await context.close();
  });
});
