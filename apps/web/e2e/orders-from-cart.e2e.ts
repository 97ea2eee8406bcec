import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Product, ProductList } from '@shop/contracts/catalogue';
import type { OrderPage } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shots = process.env.SHOT_DIR ?? '/tmp/shots';
/** Server work (sign-up's password hashing, payments) takes its time on a busy machine. */
const patient = { timeout: 15_000 };
const CART_CHANGED = 'Your cart has changed. Please review your order.';
const CART_EMPTY = 'Your cart is empty';

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

interface Variant {
  productId: string;
  name: string;
  colorName: string;
  colorHex: string;
  image: string;
  size: string;
  stock: number;
}

/**
 * Sizes of every colour but the first, whose stock is in [min, max]. The first colour is the one
 * product pages preselect (other suites buy it), so these sizes are this file's alone.
 */
async function variants(min: number, max: number): Promise<Variant[]> {
  const response = await fetch(`${baseURL()}/api/product/products?limit=100&sort=newest`);
  const { data } = (await response.json()) as { data: ProductList };
  return data.products.flatMap((product) =>
    product.colors.slice(1).flatMap((color) =>
      color.sizeStock
        .filter((entry) => entry.stock >= min && entry.stock <= max)
        .map((entry) => ({
          productId: product._id,
          name: product.name,
          colorName: color.colorName,
          colorHex: color.colorHex,
          image: color.images[0] ?? product.images[0]!,
          size: entry.size,
          stock: entry.stock,
        })),
    ),
  );
}

/** The size's stock now, as the product page would show it. */
async function stockOf(variant: Variant): Promise<number> {
  const response = await fetch(`${baseURL()}/api/product/${variant.productId}`);
  const { data } = (await response.json()) as { data: Product };
  const color = data.colors.find((entry) => entry.colorName === variant.colorName)!;
  return color.sizeStock.find((entry) => entry.size === variant.size)!.stock;
}

async function api(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function addToCart(token: string, variant: Variant, quantity: number) {
  const response = await api(token, '/cart', {
    method: 'POST',
    body: {
      product: variant.productId,
      size: variant.size,
      color: { colorName: variant.colorName, colorHex: variant.colorHex },
      selectedImage: variant.image,
      quantity,
    },
  });
  expect(response.status).toBe(200);
}

/** The cart's lines as the server holds them: [size, quantity] pairs. */
async function cartLines(token: string): Promise<[string, number][]> {
  const response = await api(token, '/cart');
  const { data } = (await response.json()) as {
    data: { items: { size: string; quantity: number }[] };
  };
  return data.items.map((item) => [item.size.toLowerCase(), item.quantity]);
}

async function ordersOf(token: string): Promise<OrderPage> {
  const response = await api(token, '/order?page=1&limit=10');
  return ((await response.json()) as { data: OrderPage }).data;
}

/** Another shopper, signed up through the API, who orders `quantity` of the size (left unpaid: it holds the stock). */
async function anotherShopperOrders(variant: Variant, quantity: number) {
  const shopper = newShopper();
  const signup = await fetch(`${baseURL()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(shopper),
  });
  expect(signup.status).toBe(201);
  const {
    data: { accessToken },
  } = (await signup.json()) as { data: { accessToken: string } };
  await addToCart(accessToken, variant, quantity);
  const placed = await api(accessToken, '/order', {
    method: 'POST',
    body: {
      items: [
        {
          product: variant.productId,
          quantity,
          size: variant.size.toLowerCase(),
          color: { colorName: variant.colorName, colorHex: variant.colorHex },
        },
      ],
      shippingAddress: {
        name: 'Asha Rao',
        addressLine1: '4 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        pinCode: '700016',
        phone: '9876543211',
      },
      paymentMethod: 'razorpay',
    },
  });
  expect(placed.status).toBe(201);
}

/** Collects console and page errors of a tab, as openPage does for the first one. */
function watch(page: Page, problems: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  noteDialogs(page, problems);
}

/** A window.alert would stop the page: none is expected, and none may hang the test either. */
function noteDialogs(page: Page, problems: string[]) {
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.accept();
  });
}

/** Signs a new shopper up on a quiet page; her session token, once stored. */
async function signUp(page: Page): Promise<string> {
  await page.goto('/about');
  await waitForHydration(page);
  await signUpThroughDialog(page, newShopper());
  let token: string | null = null;
  await expect
    .poll(async () => (token = await page.evaluate(() => localStorage.getItem('token'))), patient)
    .toMatch(/\S+/);
  return token!;
}

async function openCheckout(page: Page) {
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByLabel('Full name').waitFor();
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').fill('Karnataka');
  await page.getByLabel('PIN code').fill('560001');
  await page.getByLabel('Phone').fill('9876543210');
}

/** Whether the element is wholly in the viewport and not under the sticky header. */
function inView(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return (
      box.height > 0 &&
      Math.round(box.top) >= Math.round(header) &&
      box.bottom <= window.innerHeight
    );
  });
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place Order' });
const banner = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A second tab of the same browser context: the same shopper, the same session. */
async function secondTab(context: BrowserContext, problems: string[]) {
  const page = await context.newPage();
  watch(page, problems);
  return page;
}

for (const [viewport, index] of [
  ['phone', 0],
  ['desktop', 1],
] as const satisfies readonly (readonly [Viewport, number])[]) {
  describe(`orders come from the cart (${viewport})`, () => {
    it('a stale tab hears the cart changed and shows it as it is; an emptied cart orders nothing', async () => {
      // Plenty in stock: two units are bought in this test.
      const variant = (await variants(12, 60))[index]!;
      const { page: first, context, problems } = await openPage(browser, baseURL(), viewport);
      noteDialogs(first, problems);
      const token = await signUp(first);
      await addToCart(token, variant, 1);

      // Both tabs open the checkout with the one line.
      await openCheckout(first);
      const second = await secondTab(context, problems);
      await openCheckout(second);
      await expect
        .poll(() => summary(second).getByText('1 x', { exact: false }).count(), patient)
        .toBe(1);

      // In the first tab she raises the quantity on the cart page: the second tab is stale.
      await first.goto('/cart');
      await waitForHydration(first);
      const line = first.getByTestId('cart-line').filter({ hasText: variant.name });
      await line.getByRole('button', { name: 'Increase quantity' }).click();
      await expect.poll(() => cartLines(token), patient).toEqual([[variant.size.toLowerCase(), 2]]);
      expect(await summary(second).getByText('1 x', { exact: false }).count()).toBe(1);

      // The stale tab's order is refused, said in the banner, and its summary reloads.
      await placeOrderButton(second).click();
      await expect.poll(() => banner(second, CART_CHANGED).isVisible(), patient).toBe(true);
      // Where she pressed the button (the foot of the page on a phone) she sees it, below the header.
      expect(await inView(banner(second, CART_CHANGED))).toBe(true);
      await expect
        .poll(() => summary(second).getByText('2 x', { exact: false }).count(), patient)
        .toBe(1);
      expect(await summary(second).getByText('1 x', { exact: false }).count()).toBe(0);
      await expect.poll(() => placeOrderButton(second).isEnabled(), patient).toBe(true);
      expect(await seriousViolations(second)).toEqual([]);
      await photograph(second, {
        path: `${shots}/orders-from-cart-409-${viewport}.png`,
        fullPage: viewport === 'desktop',
      });
      expect((await ordersOf(token)).orders).toEqual([]);

      // The first tab places the order and pays for it: the ordered line leaves the cart.
      await openCheckout(first);
      await expect
        .poll(() => summary(first).getByText('2 x', { exact: false }).count(), patient)
        .toBe(1);
      await placeOrderButton(first).click();
      await first.getByRole('dialog').getByRole('button', { name: /^Pay / }).click(patient);
      await first.waitForURL('**/order-success/**', patient);
      await expect.poll(() => cartLines(token), patient).toEqual([]);

      // The second tab still shows the line; ordering it is refused, and the tab reloads the
      // emptied cart, which leaves the checkout for the empty bag.
      expect(await summary(second).getByText('2 x', { exact: false }).count()).toBe(1);
      await placeOrderButton(second).click();
      await second.waitForURL('**/cart', patient);
      await expect
        .poll(() => second.getByText(CART_EMPTY, { exact: true }).isVisible(), patient)
        .toBe(true);
      expect(await second.getByTestId('cart-count').first().innerText()).toBe('0');
      await photograph(second, {
        path: `${shots}/orders-from-cart-emptied-${viewport}.png`,
        fullPage: viewport === 'desktop',
      });
      const { orders } = await ordersOf(token);
      expect(orders.map((order) => order.paymentStatus)).toEqual(['paid']);
      expect(orders[0]!.items.map((item) => item.quantity)).toEqual([2]);

      // Only the browser's own notes of the refused answers.
      expect(problems.filter((problem) => !/\b40[09]\b/.test(problem))).toEqual([]);
      await context.close();
    });

    it('a line added in another tab while she pays stays in the cart once the order is paid', async () => {
      const [ordered, addedLater] = [
        (await variants(12, 60))[index + 4]!,
        (await variants(12, 60))[index + 6]!,
      ];
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      noteDialogs(page, problems);
      const token = await signUp(page);
      await addToCart(token, ordered, 1);
      await openCheckout(page);
      await expect
        .poll(() => summary(page).getByText('1 x', { exact: false }).count(), patient)
        .toBe(1);
      await placeOrderButton(page).click();
      const payButton = page.getByRole('dialog').getByRole('button', { name: /^Pay / });
      await payButton.waitFor(patient);
      // Another tab adds a line while the payment window is open.
      await addToCart(token, addedLater, 1);
      await payButton.click(patient);
      await page.waitForURL('**/order-success/**', patient);
      await expect
        .poll(() => page.getByTestId('cart-count').first().innerText(), patient)
        .toBe('1');
      expect(await cartLines(token)).toEqual([[addedLater.size.toLowerCase(), 1]]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('a line whose stock fell below its quantity says so, and blocks ordering until lowered', async () => {
      // Few in stock: another shopper can take all but one (at most 10 of a size per order).
      const variant = (await variants(2, 11))[index]!;
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      noteDialogs(page, problems);
      const token = await signUp(page);
      await addToCart(token, variant, 2);

      // Another shopper orders all but one after she added hers.
      await anotherShopperOrders(variant, (await stockOf(variant)) - 1);
      expect(await stockOf(variant)).toBe(1);

      await page.goto('/cart');
      await waitForHydration(page);
      const line = page.getByTestId('cart-line').filter({ hasText: variant.name });
      await expect
        .poll(() => line.getByTestId('stock-shortfall').textContent(), patient)
        .toBe('Only 1 left');
      expect(await line.getByTestId('quantity').textContent()).toBe('2');
      expect(await seriousViolations(page)).toEqual([]);
      await photograph(page, {
        path: `${shots}/orders-from-cart-only-1-left-cart-${viewport}.png`,
        fullPage: viewport === 'desktop',
      });

      // The checkout says it too and will not place the order.
      await openCheckout(page);
      await expect
        .poll(() => summary(page).getByTestId('stock-shortfall').textContent(), patient)
        .toBe('Only 1 left');
      expect(await placeOrderButton(page).isDisabled()).toBe(true);
      await summary(page).scrollIntoViewIfNeeded();
      await photograph(page, {
        path: `${shots}/orders-from-cart-only-1-left-checkout-${viewport}.png`,
        fullPage: viewport === 'desktop',
      });

      // She lowers the quantity to the one left: the message goes and she can order.
      await page.goto('/cart');
      await waitForHydration(page);
      await line.getByRole('button', { name: 'Decrease quantity' }).click();
      await expect.poll(() => cartLines(token), patient).toEqual([[variant.size.toLowerCase(), 1]]);
      await expect.poll(() => line.getByTestId('stock-shortfall').count(), patient).toBe(0);
      expect(await line.getByTestId('quantity').textContent()).toBe('1');

      await openCheckout(page);
      await expect
        .poll(() => summary(page).getByText('1 x', { exact: false }).count(), patient)
        .toBe(1);
      expect(await summary(page).getByTestId('stock-shortfall').count()).toBe(0);
      expect(await placeOrderButton(page).isEnabled()).toBe(true);
      await placeOrderButton(page).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click(patient);
      await page.waitForURL('**/order-success/**', patient);
      expect(await stockOf(variant)).toBe(0);

      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
