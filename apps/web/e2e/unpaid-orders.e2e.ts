import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import type { OrderPage } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { newShopper, signInDialog, signUpThroughDialog } from './account-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shots = process.env.SHOT_DIR ?? '/tmp/shots';
/** Server work (sign-up's password hashing, payments) takes its time on a busy machine. */
const patient = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function stockedProduct(offset: number) {
  const response = await fetch(`${baseURL()}/api/product/products?limit=40&sort=price-asc`);
  const { data } = (await response.json()) as { data: ProductList };
  return data.products.filter((product) =>
    product.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
  )[offset]!;
}

/** Signs a new shopper up on a quiet page and waits until her session is stored. */
async function signUp(page: Page) {
  await page.goto('/about');
  await waitForHydration(page);
  await signUpThroughDialog(page, newShopper());
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('token')), patient)
    .toMatch(/\S+/);
}

/** Her orders as the API answers them (the order's id is not on the page). */
async function ordersOf(page: Page): Promise<OrderPage> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseURL()}/api/order?page=1&limit=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: OrderPage }).data;
}

/** Adds a product to the bag and places the order at checkout, with notes; the payment window opens. */
async function placeOrder(page: Page, productId: string, notes: string) {
  await page.goto(`/product/${productId}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.getByText(/added to cart!/).waitFor();
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').fill('Karnataka');
  await page.getByLabel('PIN code').fill('560001');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Order notes').fill(notes);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const payment = page.getByRole('dialog');
  await payment.getByRole('button', { name: /^Pay / }).waitFor();
  return payment;
}

for (const [viewport, offset] of [
  ['phone', 2],
  ['desktop', 3],
] as const satisfies readonly (readonly [Viewport, number])[]) {
  describe(`unpaid orders (${viewport})`, () => {
    it('say so, and Pay now pays the same order', async () => {
      const product = await stockedProduct(offset);
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await signUp(page);
      const notes = 'Please ring the bell twice';
      const payment = await placeOrder(page, product._id, notes);

      // She closes the payment window: the order stays, awaiting her payment.
      await payment.getByRole('button', { name: 'Close' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled(), patient)
        .toBe(true);
      const {
        orders: [order],
      } = await ordersOf(page);
      expect(order!.paymentStatus).not.toBe('paid');

      await page.goto('/profile?tab=orders');
      await waitForOrdersTab(page);
      const card = page.getByTestId('order-card').filter({ hasText: order!.orderNumber });
      // The badge is polled: the card may first be the server's HTML, redrawn once the lazy
      // orders tab loads in the browser.
      await expect
        .poll(() => card.getByText('Awaiting payment', { exact: true }).isVisible(), patient)
        .toBe(true);
      expect(await card.getByText('PENDING', { exact: true }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Pay now' }).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: 'Cancel order' }).isVisible()).toBe(true);
      await photograph(page, { path: `${shots}/unpaid-my-orders-${viewport}.png`, fullPage: true });

      // The order's notes are in its details.
      await card.getByRole('button', { name: 'View details' }).click();
      const details = page.getByRole('dialog');
      await expect.poll(() => details.getByText(notes).isVisible(), patient).toBe(true);
      expect(await details.getByText('Payment pending').isVisible()).toBe(true);
      await details.getByRole('button', { name: 'Close' }).click();

      // A search that finds nothing says what was searched.
      await page.getByLabel('Search orders').fill('no-such-order-xyz');
      await page.getByLabel('Search orders').press('Enter');
      await expect
        .poll(() => page.getByText('No orders match "no-such-order-xyz"').isVisible(), patient)
        .toBe(true);
      expect(await page.getByText('No orders yet.').count()).toBe(0);

      // The order's own page: not paid, so no 'Payment Successful' and no 'Total Paid'.
      await page.goto(`/order-success/${order!._id}`);
      await waitForHydration(page);
      const box = page.getByTestId('payment-box');
      await box.waitFor();
      expect(await box.getByText('Payment pending', { exact: true }).isVisible()).toBe(true);
      expect(await box.getByRole('button', { name: 'Pay now' }).isVisible()).toBe(true);
      expect(await page.getByText('Payment Successful').count()).toBe(0);
      expect(await page.getByText('Total Paid').count()).toBe(0);
      expect(await page.getByText('Total', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Awaiting payment', { exact: true }).isVisible()).toBe(true);
      // Nothing sends her away while she may still pay.
      expect(await page.getByText(/Redirecting to your orders/).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await photograph(page, { path: `${shots}/unpaid-success-${viewport}.png`, fullPage: true });

      // A failed payment names the provider's reason once.
      await box.getByRole('button', { name: 'Pay now' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: 'Simulate a failed payment' })
        .click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent(), patient)
        .toBe('Payment failed');
      expect(alerts).toContain('Payment failed');
      expect(alerts.join('\n')).not.toContain('Payment failed: Payment failed');

      // Pay now from My Orders pays this same order.
      await page.goto('/profile?tab=orders');
      await waitForOrdersTab(page);
      await card.getByRole('button', { name: 'Pay now' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(`**/order-success/${order!._id}`);
      await expect.poll(() => page.getByText('Payment Successful').isVisible(), patient).toBe(true);
      expect(await page.getByTestId('order-number').innerText()).toBe(order!.orderNumber);
      expect(await page.getByText('Total Paid').isVisible()).toBe(true);
      expect(await page.getByText('Placed', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('PENDING', { exact: true }).count()).toBe(0);
      expect(await page.getByText('Payment pending').count()).toBe(0);
      await photograph(page, { path: `${shots}/paid-success-${viewport}.png`, fullPage: true });
      const after = await ordersOf(page);
      expect(after.orders).toHaveLength(1);
      expect(after.orders[0]).toMatchObject({ _id: order!._id, paymentStatus: 'paid' });
      // The simulator answers the failed payment with 402, as the browser logs.
      expect(problems.filter((problem) => !problem.includes('status of 402'))).toEqual([]);
      await context.close();
    }, 180_000);

    it('Pay now goes away once the time to pay is over', async () => {
      const product = await stockedProduct(offset + 10);
      const { page, context } = await openPage(browser, baseURL(), viewport);
      await page.clock.install();
      await signUp(page);
      const payment = await placeOrder(page, product._id, '');
      await payment.getByRole('button', { name: 'Close' }).click();
      await page.goto('/profile?tab=orders');
      await waitForOrdersTab(page);
      const card = page.getByTestId('order-card').first();
      await card.getByRole('button', { name: 'Pay now' }).waitFor();
      await expect
        .poll(() => card.getByText(/^Pay by .+, or the order is cancelled\.$/).isVisible(), patient)
        .toBe(true);

      // The e2e server gives 30 minutes to pay.
      await page.clock.fastForward('30:30');
      await expect
        .poll(() => card.getByText('Payment expired', { exact: true }).isVisible(), patient)
        .toBe(true);
      expect(await card.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
      await context.close();
    });

    it('a signed-in bag never shows Guest Mode', async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await signUp(page);

      // The server's HTML does not know who she is, so it says nothing about guests.
      const html = await (await fetch(`${baseURL()}/cart`)).text();
      expect(html).toContain('Your Bag');
      expect(html).not.toContain('Guest Mode');

      // Nor does any paint of the page while it hydrates and loads her session.
      await page.addInitScript(() => {
        const seen = () =>
          document.body?.textContent?.includes('Guest Mode') &&
          ((window as unknown as { sawGuestMode: boolean }).sawGuestMode = true);
        new MutationObserver(seen).observe(document, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      });
      await page.goto('/cart');
      await waitForHydration(page);
      await expect
        .poll(
          () =>
            page
              .getByText(/Your cart is empty|Proceed to Buy/)
              .first()
              .isVisible(),
          patient,
        )
        .toBe(true);
      expect(await page.evaluate(() => 'sawGuestMode' in window)).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('signing out opens no sign-in dialog', async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await signUp(page);
      await page.goto('/profile');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${baseURL()}/`);
      await expect
        .poll(() => page.getByRole('button', { name: 'Sign in' }).first().isVisible(), patient)
        .toBe(true);
      expect(await signInDialog(page).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
