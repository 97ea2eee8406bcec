import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';
import { photograph } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shots = process.env.SHOT_DIR ?? '/tmp/shots';

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Money as a shopper in India reads it, written here independently of the shop's formatter:
 * ₹1,708.20, ₹1,13,829.30; a discount −₹134.85 (U+2212).
 */
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const written = (paise: number) =>
  paise < 0 ? `\u2212${rupees.format(-paise / 100)}` : rupees.format(paise / 100);
const indianAmount = /^\u2212?₹(\d{1,3}|\d{1,2},(\d{2},)*\d{3})\.\d{2}$/;

/** A bra whose preselected size has at least 3 in stock and of which 2 cost ₹1,499 or more. */
async function braForTwoCodes(offset: number) {
  const categories = (await (await fetch(`${baseURL()}/api/category`)).json()) as {
    data: { _id: string; slug: string }[];
  };
  const bras = categories.data.find((category) => category.slug === 'bras')!._id;
  const response = await fetch(`${baseURL()}/api/product/category/${bras}?limit=50`);
  const { data } = (await response.json()) as { data: ProductList };
  const fits = data.products.filter((product) => {
    const first = product.colors[0]?.sizeStock.find((entry) => entry.stock > 0);
    return first !== undefined && first.stock >= 3 && product.price * 2 >= 1499;
  });
  return fits[offset]!;
}

/** The label and amount of each row of a summary's description list, as the shopper reads them. */
async function rows(summary: Locator): Promise<[string, string][]> {
  return summary
    .locator('dl > div')
    .evaluateAll((divs) =>
      divs.map((div) => [
        (div.querySelector('dt')?.textContent ?? '').trim(),
        (div.querySelector('dd')?.textContent ?? '').trim(),
      ]),
    ) as Promise<[string, string][]>;
}

const moneyRows = (all: [string, string][]) => all.filter(([, value]) => value.includes('₹'));

async function shot(page: Page, name: string) {
  await photograph(page, { path: join(shots, `money-${name}.png`), fullPage: true });
}

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const) {
  describe(`money on cart, checkout and order pages (${viewport})`, () => {
    it('shows each code on its own line and the same figures the same way everywhere', async () => {
      const bra = await braForTwoCodes(offset);
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/');
      await waitForHydration(page);
      await signUpThroughDialog(page, newShopper());
      await page.getByText('Registration successful!').waitFor();

      await page.goto(`/product/${bra._id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await page.getByText(`${bra.name} added to cart!`).waitFor();
      await page.goto('/cart');
      await waitForHydration(page);
      const line = page.getByTestId('cart-line');
      await expect.poll(() => line.count()).toBe(1);
      await line.getByRole('button', { name: 'Increase quantity' }).click();
      await expect.poll(() => line.getByTestId('quantity').innerText()).toBe('2');

      for (const code of ['BRA15', 'WELCOME200']) {
        await page.getByLabel('Coupon or voucher').fill(code);
        await page.getByRole('button', { name: 'Apply' }).click();
        await expect
          .poll(() => page.getByRole('button', { name: `Remove ${code}` }).isVisible())
          .toBe(true);
      }

      // What the shop should say, worked out here in paise: 15% of the bras (at most ₹500),
      // rounded half up to the paisa, and ₹200 off.
      const subtotal = Math.round(bra.price * 100) * 2;
      const bra15 = Math.min(Math.floor((subtotal * 15 + 50) / 100), 50_000);
      const welcome = 20_000;
      const expected: [string, string][] = [
        ['Subtotal', written(subtotal)],
        ['BRA15', written(-bra15)],
        ['WELCOME200', written(-welcome)],
        ['Total', written(subtotal - bra15 - welcome)],
      ];

      const cartSummary = page.getByRole('complementary', { name: 'Order summary' });
      await expect.poll(async () => moneyRows(await rows(cartSummary))).toEqual(expected);
      expect(await page.getByTestId('line-total').innerText()).toBe(written(subtotal));
      await shot(page, `${viewport}-cart`);

      await page.getByRole('button', { name: 'Proceed to Buy' }).click();
      await page.waitForURL('**/checkout');
      await waitForHydration(page);
      const checkoutSummary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect.poll(async () => moneyRows(await rows(checkoutSummary))).toEqual(expected);
      await shot(page, `${viewport}-checkout`);

      // The confirmation page counts down to a redirect; its clock is stopped once there.
      await page.clock.install();
      await page.getByLabel('Full name').fill('Meera Iyer');
      await page.getByLabel('Address line 1').fill('12 MG Road');
      await page.getByLabel('City').fill('Bengaluru');
      await page.getByLabel('State').fill('Karnataka');
      await page.getByLabel('PIN code').fill('560001');
      await page.getByLabel('Phone').fill('9876543210');
      await page.getByRole('button', { name: 'Place Order' }).click();
      const payment = page.getByRole('dialog');
      const total = written(subtotal - bra15 - welcome);
      await payment.getByRole('button', { name: `Pay ${total}` }).waitFor();
      await shot(page, `${viewport}-payment`);
      await payment.getByRole('button', { name: `Pay ${total}` }).click();
      await page.waitForURL('**/order-success/**');
      await page.clock.pauseAt(Date.now() + 1_000);
      await waitForHydration(page);
      await expect.poll(() => page.getByTestId('total-paid').isVisible()).toBe(true);
      const success = page.locator('section').filter({ has: page.getByTestId('total-paid') });
      await expect
        .poll(async () => moneyRows(await rows(success)))
        .toEqual([...expected.slice(0, 3), ['Total Paid', total]]);
      await shot(page, `${viewport}-order-success`);

      await page.goto('/profile?tab=orders');
      await waitForHydration(page);
      const card = page.getByTestId('order-card').first();
      await card.waitFor();
      expect(await card.getByText(total, { exact: true }).count()).toBeGreaterThan(0);
      await card.getByRole('button', { name: 'View details' }).click();
      const details = page.getByRole('dialog');
      await expect.poll(async () => moneyRows(await rows(details))).toEqual(expected.slice(0, 3));
      expect(await details.getByText(`Total ${total}`).count()).toBeGreaterThan(0);
      await shot(page, `${viewport}-order-details`);

      // Every figure on My Orders (the list and the open detail) is written the one way.
      for (const text of await page.getByText(/₹/).allInnerTexts()) {
        for (const amount of text.match(/\u2212?₹[\d,]+(\.\d+)?/g) ?? []) {
          expect(amount).toMatch(indianAmount);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
      // A whole trip (sign-up, cart, checkout, payment, two order pages) on a shared 2-core machine.
    }, 150_000);
  });
}
