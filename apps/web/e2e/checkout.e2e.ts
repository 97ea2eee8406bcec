import type { Browser } from 'playwright-core';
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

async function stockedProductId(offset: number) {
  const response = await fetch(`${baseURL()}/api/product/products?limit=40`);
  const { data } = (await response.json()) as { data: ProductList };
  return data.products.filter((product) =>
    product.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
  )[offset]!;
}

for (const [viewport, offset] of [
  ['phone', 20],
  ['desktop', 21],
] as const) {
  describe(`checkout (${viewport})`, () => {
    it('places an order, pays in the simulator, and shows the confirmation', async () => {
      const product = await stockedProductId(offset);
      const { page, context } = await openPage(browser, baseURL(), viewport);
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.goto(`/product/${product._id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await page.getByText(`${product.name} added to cart!`).waitFor();
      await page.goto('/cart');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Proceed to Buy' }).click();
      await expect.poll(() => signInDialog(page).isVisible()).toBe(true);
      await signUpThroughDialog(page, newShopper());
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
      await page.getByRole('button', { name: 'Proceed to Buy' }).click();
      await page.waitForURL('**/checkout');

      await page.getByLabel('Full name').fill('Meera Iyer');
      await page.getByLabel('Address line 1').fill('12 MG Road');
      await page.getByLabel('City').fill('Bengaluru');
      await page.getByLabel('State').fill('Karnataka');
      await page.getByLabel('PIN code').fill('5600');
      await page.getByLabel('Phone').fill('98765');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect.poll(() => page.getByText('Invalid PIN code').isVisible()).toBe(true);
      expect(await page.getByText('Invalid phone number').isVisible()).toBe(true);
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: 'Please fill all required fields correctly' })
          .isVisible(),
      ).toBe(true);
      expect(alerts).toEqual([]);

      await page.getByLabel('PIN code').fill('560001');
      await page.getByLabel('Phone').fill('9876543210');
      await page.getByRole('button', { name: 'Place Order' }).click();
      const payment = page.getByRole('dialog');
      await payment.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL('**/order-success/**');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Order Placed Successfully!' }).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByText(/Redirecting to your orders in \d+ seconds/).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByText('Payment Successful').isVisible()).toBe(true);
      await expect
        .poll(() => page.locator('[data-testid="cart-count"]').first().innerText())
        .toBe('0');
      await context.close();
    });
  });
}

describe('a failed payment', () => {
  it('says so, and the order can be paid again', async () => {
    const product = await stockedProductId(22);
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/');
    await waitForHydration(page);
    await signUpThroughDialog(page, newShopper());
    await expect
      .poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible())
      .toBe(true);
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByText(`${product.name} added to cart!`).waitFor();
    await page.goto('/checkout');
    await waitForHydration(page);
    await page.getByLabel('Full name').fill('Meera Iyer');
    await page.getByLabel('Address line 1').fill('12 MG Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').fill('Karnataka');
    await page.getByLabel('PIN code').fill('560001');
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Simulate a failed payment' })
      .click();
    // The simulator's reason is 'Payment failed': said once, not 'Payment failed: Payment failed'.
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Payment failed');
    expect(alerts).toContain('Payment failed');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/order-success/**');
    await expect.poll(() => page.getByText('Payment Successful').isVisible()).toBe(true);
    await context.close();
  });
});
