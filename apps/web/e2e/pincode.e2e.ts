// PIN codes as a shopper meets them at 375 and 1280 px: the product page's 'Check delivery' box
// (its answer, the PIN remembered across a reload without moving the page) and the checkout,
// where a typed PIN fills city and state and a PIN the courier does not serve blocks the order.
import type { Browser, Page } from 'playwright-core';
import type { Product, ProductList } from '@shop/contracts/catalogue';
import { deliveryByText, deliveryEstimate, deliveryMessages } from '@shop/domain/delivery-estimate';
import { ZONE_TERMS } from '@shop/domain/delivery-zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, settled, waitForHydration } from './browser.ts';
import { newShopper } from './account-helpers.ts';
import { seriousViolations, photograph } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shotDir = process.env.SHOT_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown }) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.message}`);
  return body.data;
}

let stocked: Product[] | undefined;
async function stockedProduct(index: number) {
  if (!stocked) {
    const list = await api<ProductList>('/product/products?limit=100', {});
    stocked = list.products.filter((product) =>
      product.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
    );
  }
  return stocked[(60 + index) % stocked.length]!;
}

async function shoot(page: Page, name: string) {
  if (shotDir) await photograph(page, { path: `${shotDir}/${name}.png` });
}

/** Where the box and what follows it sit: a late answer must move neither. */
async function boxLayout(page: Page) {
  return page.getByTestId('delivery-check').evaluate((box) => {
    const next = box.nextElementSibling ?? box;
    return {
      height: Math.round(box.getBoundingClientRect().height),
      nextTop: Math.round(next.getBoundingClientRect().top + window.scrollY),
    };
  });
}

/** The delivery line the shop promises for an order placed now, from Bengaluru to Mumbai. */
const mumbaiPromise = () => deliveryByText(deliveryEstimate(new Date(), ZONE_TERMS.metro.transit));

let tests = 0;

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`PIN codes (${viewport})`, () => {
    it('checks delivery on the product page and remembers the PIN across a reload', async () => {
      tests += 1;
      const product = await stockedProduct(tests);
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto(`/product/${product._id}`);
      await waitForHydration(page);
      const box = page.getByTestId('delivery-check');
      await box.getByRole('heading', { name: 'Check delivery' }).waitFor();
      const empty = await boxLayout(page);

      await box.getByLabel('PIN code').fill('400001');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText(mumbaiPromise(), { exact: true }).waitFor();
      await expect.poll(() => box.getByText('Mumbai, Maharashtra').isVisible()).toBe(true);
      // Cash on delivery is the owner's choice and off: the box does not offer it.
      expect(await box.getByText(deliveryMessages.codAvailable).count()).toBe(0);
      expect(await boxLayout(page)).toEqual(empty);
      await box.scrollIntoViewIfNeeded();
      await shoot(page, `${viewport}-delivery-box`);

      // Not served: the Nicobar islands. Not a PIN at all: the directory has no 999999.
      await box.getByLabel('PIN code').fill('744301');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText(deliveryMessages.notDeliverable, { exact: true }).waitFor();
      await shoot(page, `${viewport}-delivery-box-not-served`);
      await box.getByLabel('PIN code').fill('999999');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText(deliveryMessages.invalidPin, { exact: true }).waitFor();
      await box.getByLabel('PIN code').fill('4000');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText(deliveryMessages.invalidPin, { exact: true }).waitFor();

      // A late answer never overwrites a newer one: the Nicobar answer is held back while she
      // asks about Mumbai; when it lands at last, the box still answers for Mumbai.
      let releaseLate = () => {};
      const held = new Promise<void>((resolve) => (releaseLate = resolve));
      const asked = new Promise<void>((resolve) => {
        void page.route('**/api/pincode/744301', async (route) => {
          resolve();
          const response = await route.fetch();
          await held;
          await route.fulfill({ response });
        });
      });
      await box.getByLabel('PIN code').fill('744301');
      await box.getByRole('button', { name: 'Check' }).click();
      await asked;
      await box.getByLabel('PIN code').fill('400001');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText(mumbaiPromise(), { exact: true }).waitFor();
      const lateLanded = page.waitForEvent('requestfinished', (request) =>
        request.url().endsWith('/api/pincode/744301'),
      );
      releaseLate();
      await lateLanded;
      await settled(page);
      expect(await box.getByText(deliveryMessages.notDeliverable).count()).toBe(0);
      expect(await box.getByText(mumbaiPromise(), { exact: true }).isVisible()).toBe(true);
      expect(await box.getByLabel('PIN code').inputValue()).toBe('400001');
      await page.unrouteAll();

      // The last PIN answered is remembered; after a reload it is checked again by itself.
      await box.getByLabel('PIN code').fill('400001');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText(mumbaiPromise(), { exact: true }).waitFor();
      await page.reload();
      await waitForHydration(page);
      await page
        .getByTestId('delivery-check')
        .getByText(mumbaiPromise(), { exact: true })
        .waitFor();
      expect(await page.getByTestId('delivery-check').getByLabel('PIN code').inputValue()).toBe(
        '400001',
      );
      expect(await boxLayout(page)).toEqual(empty);
      expect(await seriousViolations(page)).toEqual([]);
      // The one console line is Chromium's note of the 404 that answered 999999, as it should.
      expect(problems).toEqual([
        'Failed to load resource: the server responded with a status of 404 (Not Found)',
      ]);
      await context.close();
    });

    it('fills city and state from a typed PIN at checkout and blocks a PIN not served', async () => {
      tests += 1;
      const shopper = newShopper();
      const session = await api<{ accessToken: string; refreshToken: string }>('/auth/signup', {
        method: 'POST',
        body: shopper,
      });
      const product = await stockedProduct(tests);
      const color = product.colors[0]!;
      await api('/cart', {
        method: 'POST',
        token: session.accessToken,
        body: {
          product: product._id,
          size: color.sizeStock.find((entry) => entry.stock >= 3)!.size,
          color: { colorName: color.colorName, colorHex: color.colorHex },
          selectedImage: color.images[0] ?? product.images[0],
          quantity: 1,
        },
      });
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await context.addInitScript(
        ([token, refreshToken]) => {
          if (localStorage.getItem('token')) return;
          localStorage.setItem('token', token!);
          localStorage.setItem('refreshToken', refreshToken!);
        },
        [session.accessToken, session.refreshToken],
      );
      await page.goto('/checkout');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Place Order' }).waitFor();

      const field = (label: string) => page.getByLabel(label, { exact: true }).first();
      await field('Address line 1').fill('7 Nariman Point');
      await field('PIN code').fill('400001');
      await expect.poll(() => field('City').inputValue()).toBe('Mumbai');
      expect(await field('State').inputValue()).toBe('Maharashtra');
      // She may still write the city her way.
      await field('City').fill('Mumbai South');
      await settled(page);
      expect(await field('City').inputValue()).toBe('Mumbai South');
      await shoot(page, `${viewport}-checkout-autofill`);

      await field('PIN code').fill('744301');
      await expect.poll(() => field('City').inputValue()).toBe('Nicobar');
      expect(await field('State').inputValue()).toBe('Andaman and Nicobar Islands');
      const pinMessage = page.getByText(deliveryMessages.notDeliverable, { exact: true }).first();
      await pinMessage.waitFor();
      expect(await field('PIN code').getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('alert').getByText(deliveryMessages.notDeliverable).waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await field('PIN code').scrollIntoViewIfNeeded();
      await shoot(page, `${viewport}-checkout-not-deliverable`);
      const orders = await api<{ orders: unknown[] }>('/order', { token: session.accessToken });
      expect(orders.orders).toEqual([]);

      // A served PIN lifts the block.
      await field('PIN code').fill('560025');
      await expect.poll(() => field('City').inputValue()).toBe('Bengaluru');
      expect(await page.getByText(deliveryMessages.notDeliverable, { exact: true }).count()).toBe(
        0,
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
