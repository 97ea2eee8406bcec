// Offers without a code in a real browser, at 375 and 1280 px: the owner creates '3 for ₹999' on
// the Panties category in the back office; a shopper sees the badge on the product page, follows
// it to the offer's page, adds two pieces and reads the server's 'Add 1 more' in her bag, adds a
// third and sees the group and the ₹999 total, then pays ₹999 in the Razorpay simulator.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { newShopper } from './account-helpers.ts';
import { fitsWidth, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { photograph, seriousViolations, type Viewport } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-offers';
const patient = { timeout: 30_000 };
/** The whole story (back office, product, offer page, bag, checkout, payment) in one test. */
const journey = 240_000;
/** Offers this file created, ended afterwards so no other journey's bag is grouped by them. */
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  for (const id of created) {
    await api('POST', `/admin/offers/${id}/end`, { token: owner.accessToken });
  }
  await browser?.close();
});

/**
 * A panty whose three pieces cost more than ₹999 at list price, its first colour's first size in
 * stock holding at least 3 (the size the product page starts on); the `offset`-th, so the two
 * widths' orders share no stock.
 */
async function pantyForThree(offset: number) {
  const { data: categories } = await api<{ _id: string; slug: string }[]>('GET', '/category');
  const panties = categories.find((category) => category.slug === 'panties')!._id;
  const list = await api<ProductList>('GET', `/product/category/${panties}?limit=100`);
  const fit = list.data.products.filter((product) => {
    const first = product.colors[0]?.sizeStock.find((entry) => entry.stock > 0);
    return product.price * 3 > 999 && product.price < 999 && (first?.stock ?? 0) >= 3;
  });
  expect(fit.length).toBeGreaterThan(offset);
  return { categoryId: panties, product: fit[offset]! };
}

const money = (text: string | null) => (text ?? '').replace(/\s/g, '');

for (const [offset, viewport] of (['phone', 'desktop'] as Viewport[]).entries()) {
  describe(`offers (${viewport})`, () => {
    it(
      'the owner creates 3 for ₹999 on panties; a shopper buys three for ₹999',
      async () => {
        const stamp = `${viewport}-${Date.now() % 1_000_000}`;
        const slug = `e2e-3-panties-${stamp}`;
        const name = `E2E any 3 panties ${stamp}`;
        const { product } = await pantyForThree(offset);

        // ----- the owner, in the back office -----
        const admin = await openPage(browser, shopURL(), viewport);
        await signInBrowser(admin.page, owner);
        const page = admin.page;
        await page.goto('/admin/offers');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor(patient);
        await page.getByRole('link', { name: 'New offer' }).click();
        await page.getByRole('heading', { name: 'New offer' }).waitFor(patient);
        await page.getByLabel('Name', { exact: true }).fill(name);
        await page.getByLabel('Badge', { exact: true }).fill('3 for ₹999');
        await page.getByLabel('Page address').fill(slug);
        await page.getByLabel('Pieces in a group (N)').fill('3');
        // Without its price, the bundle is refused with the domain's reason, on the field.
        await page.getByRole('button', { name: 'Create offer' }).click();
        await page.getByText('A bundle price is an amount above ₹0').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/offer-new-${viewport}.png`, fullPage: true });
        await page.getByLabel('Group price (₹)').fill('999');
        await page.getByLabel('Panties', { exact: true }).check();
        // Above the seeded offer on the same category, so the badge shoppers see is this one's.
        await page.getByLabel('Priority').fill('900');
        await page.getByRole('button', { name: 'Create offer' }).click();
        await page.getByRole('status').getByText('Offer created').waitFor(patient);
        await page.getByRole('heading', { name }).waitFor(patient);
        const offerId = page.url().split('/').pop()!;
        created.push(offerId);
        expect(await page.getByRole('button', { name: 'End offer' }).isVisible()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/offer-${viewport}.png`, fullPage: true });
        await page.getByRole('link', { name: '← Offers' }).click();
        const list = page.getByLabel('Offers', { exact: true }).filter({ visible: true });
        await list.getByText(name).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/offers-${viewport}.png`, fullPage: true });
        await admin.context.close();

        // ----- the shopper -----
        const signup = await api<{ accessToken: string; refreshToken: string }>(
          'POST',
          '/auth/signup',
          { body: newShopper() },
        );
        expect(signup.status).toBe(201);
        const shop = await openPage(browser, shopURL(), viewport);
        const cart = shop.page;
        await signInBrowser(cart, signup.data);
        await cart.goto(`/product/${product._id}`);
        await waitForHydration(cart);
        // The product's own badge comes first; similar products below carry theirs.
        const badge = cart.getByRole('link', { name: 'Offer: 3 for ₹999' }).first();
        await badge.waitFor(patient);
        expect(await seriousViolations(cart)).toEqual([]);
        await badge.scrollIntoViewIfNeeded();
        await photograph(cart, { path: `${shots}/product-${viewport}.png` });

        // The badge leads to the offer's page: the product is among what is eligible.
        await badge.click();
        await cart.waitForURL(`**/offers/${slug}`, patient);
        await cart.getByRole('heading', { name, level: 1 }).waitFor(patient);
        await cart.getByRole('link', { name: product.name }).first().waitFor(patient);
        expect(await cart.getByTestId('offer-badge').count()).toBeGreaterThan(0);
        expect(await seriousViolations(cart)).toEqual([]);
        expect(await fitsWidth(cart)).toBe(true);
        await photograph(cart, { path: `${shots}/offer-page-${viewport}.png`, fullPage: true });

        // Two pieces: the bag says what is missing, in the server's words.
        await cart.goto(`/product/${product._id}`);
        await waitForHydration(cart);
        await cart.getByRole('button', { name: 'Increase quantity' }).click();
        await cart.getByRole('button', { name: 'Add To Cart' }).click();
        await cart.getByText(`${product.name} added to cart!`).waitFor(patient);
        await cart.goto('/cart');
        await waitForHydration(cart);
        await expect.poll(() => cart.getByTestId('cart-line').count(), patient).toBe(1);
        const suggestion = cart.getByTestId('offer-suggestion').filter({ hasText: /Add 1 more/ });
        await suggestion.first().waitFor(patient);
        expect(await suggestion.first().innerText()).toMatch(/Add 1 more .* to get 3 for ₹999/);
        expect(await cart.getByTestId('offer-line').count()).toBe(0);
        await photograph(cart, { path: `${shots}/cart-two-${viewport}.png`, fullPage: true });

        // A third: the group is applied and the bag costs ₹999, every figure the server's.
        await cart.getByRole('button', { name: 'Increase quantity' }).click();
        await expect
          .poll(() => cart.getByTestId('cart-total').innerText().then(money), patient)
          .toBe('₹999.00');
        const group = cart.getByTestId('offer-line');
        expect(await group.count()).toBe(1);
        const off = Math.round((product.price * 3 - 999) * 100) / 100;
        expect(money(await group.innerText())).toContain(
          money(`3 for ₹999 · 3 pieces−₹${off.toLocaleString('en-IN')}`),
        );
        expect(await cart.getByTestId('offer-suggestion').count()).toBe(0);
        expect(await seriousViolations(cart)).toEqual([]);
        expect(await fitsWidth(cart)).toBe(true);
        await photograph(cart, { path: `${shots}/cart-three-${viewport}.png`, fullPage: true });

        // Checkout shows the same group and total, and the simulator takes ₹999.
        await cart.getByRole('button', { name: 'Proceed to Buy' }).click();
        await cart.waitForURL('**/checkout', patient);
        await waitForHydration(cart);
        await expect
          .poll(() => cart.getByTestId('checkout-total').innerText().then(money), patient)
          .toBe('₹999.00');
        expect(money(await cart.getByTestId('offer-line').innerText())).toContain('3for₹999');
        await cart.getByLabel('Full name').fill('Meera Iyer');
        await cart.getByLabel('Address line 1').fill('12 MG Road');
        await cart.getByLabel('City').fill('Bengaluru');
        await cart.getByLabel('State').fill('Karnataka');
        await cart.getByLabel('PIN code').fill('560001');
        await cart.getByLabel('Phone').fill('9876543210');
        expect(await seriousViolations(cart)).toEqual([]);
        await photograph(cart, { path: `${shots}/checkout-${viewport}.png`, fullPage: true });
        await cart.getByRole('button', { name: 'Place Order' }).click();
        const pay = cart.getByRole('dialog').getByRole('button', { name: /^Pay / });
        await pay.waitFor(patient);
        expect(money(await pay.innerText())).toBe('Pay₹999.00');
        await pay.click();
        await cart.waitForURL('**/order-success/**', patient);
        await expect
          .poll(() => cart.getByText('Payment Successful').isVisible(), patient)
          .toBe(true);
        expect(shop.problems).toEqual([]);
        await shop.context.close();
        // Ended, so the next width's shopper sees that width's own offer.
        expect(
          (await api('POST', `/admin/offers/${offerId}/end`, { token: owner.accessToken })).status,
        ).toBe(200);
        created.splice(created.indexOf(offerId), 1);
      },
      journey,
    );
  });
}
