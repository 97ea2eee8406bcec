// Cash on delivery as a shopper meets it once the owner turned it on: the second option at
// checkout with its fee in the total, the order placed without a payment window, and confirmed
// on the order page with the code from the email. The product page's delivery box says so too.
import type { Browser } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { deliveryMessages } from '@shop/domain/delivery-estimate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL, shopDataDir } from './shop.ts';
import { lastMail, newShopper } from './account-helpers.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, cashOnDeliveryForThisFile } from './owner-helpers.ts';
import { photograph } from './page-checks.ts';

let browser: Browser;
cashOnDeliveryForThisFile();

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A signed-up shopper with one piece of a stocked product in her cart. */
async function shopperWithCart(offset: number) {
  const { data } = await api<ProductList>('GET', '/product/products?limit=100&sort=price-desc');
  const product = data.products.filter((candidate) =>
    candidate.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
  )[30 + offset]!;
  const color = product.colors[0]!;
  const shopper = newShopper();
  const signup = await api<{ accessToken: string; refreshToken: string }>('POST', '/auth/signup', {
    body: shopper,
  });
  expect(signup.status).toBe(201);
  const added = await api('POST', '/cart', {
    token: signup.data.accessToken,
    body: {
      product: product._id,
      quantity: 1,
      size: color.sizeStock.find((entry) => entry.stock >= 3)!.size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0],
    },
  });
  expect(added.status).toBeLessThan(300);
  return { ...shopper, ...signup.data, price: product.price, productId: product._id };
}

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const) {
  describe(`cash on delivery (${viewport})`, () => {
    it('is chosen at checkout with its fee, and confirmed with the mailed code', async () => {
      const shopper = await shopperWithCart(offset);
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      await signInBrowser(page, shopper);

      // The product page's delivery box says cash is taken at this PIN.
      await page.goto(`/product/${shopper.productId}`);
      await waitForHydration(page);
      const box = page.getByTestId('delivery-check');
      await box.getByLabel('PIN code').fill('560001');
      await box.getByRole('button', { name: 'Check' }).click();
      await expect
        .poll(() => box.getByText(deliveryMessages.codAvailable, { exact: false }).isVisible())
        .toBe(true);

      await page.goto('/checkout');
      await waitForHydration(page);
      await page.getByLabel('Full name').fill('Meera Iyer');
      await page.getByLabel('Address line 1').fill('12 MG Road');
      await page.getByLabel('City').fill('Bengaluru');
      await page.getByLabel('State').fill('Karnataka');
      await page.getByLabel('PIN code').fill('560001');
      await page.getByLabel('Phone').fill('9876543210');

      const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
      await expect.poll(() => cod.isEnabled()).toBe(true);
      expect(await page.getByText('Cash on Delivery (fee ₹49.00)').isVisible()).toBe(true);
      await cod.check();
      await expect
        .poll(() => page.getByTestId('checkout-total').textContent())
        .toBe(rupees(shopper.price + 49));
      await photograph(page, { path: `/tmp/shots-cod/checkout-${viewport}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL('**/order-success/**');
      await expect
        .poll(() =>
          page.getByRole('heading', { name: 'Order placed: please confirm it' }).isVisible(),
        )
        .toBe(true);
      expect(
        await page.getByText(`${rupees(shopper.price + 49)} to pay on delivery`).isVisible(),
      ).toBe(true);

      const codeBox = page.getByLabel('Confirmation code');
      await codeBox.fill('12');
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await expect
        .poll(() => page.getByText('Please enter the 6-digit confirmation code').isVisible())
        .toBe(true);
      let mail: string | undefined;
      await expect
        .poll(async () => (mail = await lastMail(shopDataDir(), shopper.email, /^Confirm your/)), {
          timeout: 15_000,
        })
        .toBeTruthy();
      const code = /Your confirmation code is (\d{6})/.exec(mail!)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      await codeBox.fill(code!);
      await photograph(page, { path: `/tmp/shots-cod/confirm-${viewport}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Order Placed Successfully!' }).isVisible())
        .toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
