// The order screen's actions in a real browser, at 1280 px: an owner refunds one line of
// a paid order, changes where it goes, and mails its confirmation again; the shopper then reads
// the refund in My Orders.
import { mkdirSync } from 'node:fs';
import type { Order } from '@shop/contracts/orders';
import { formatMoney, rupeesToPaise } from '@shop/domain/money';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { shopperWithPaidOrder, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-order-actions';
const patient = { timeout: 15_000 };

/** The money as the back office writes it (₹1,299; ₹1,299.50). */
const rupees = (amount: number) => formatMoney(rupeesToPaise(amount), { trimZeroPaise: true });
/** The money as the shopper's orders write it (₹1,299.00). */
const shopRupees = (amount: number) => formatMoney(rupeesToPaise(amount));

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const [viewport, offset] of [['desktop', 1]] as (readonly [Viewport, number])[]) {
  describe(`the order screen's actions (${viewport})`, () => {
    it('refunds one line, changes the address and resends the mail; the shopper sees the refund', async () => {
      const shopper = await shopperWithPaidOrder(offset, {
        // Products no other back-office file orders, two of them (one to refund, one to keep).
        skip: 40,
        pieces: 2,
      });
      const mine = async () =>
        (await api<Order>('GET', `/order/${shopper.orderId}`, { token: shopper.accessToken })).data;
      const order = await mine();
      const [kept, refunded] = order.items;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto(`/admin/orders/${shopper.orderId}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name: `Order ${shopper.orderNumber}` }).waitFor(patient);

        // A refund of one unit of the second line, previewed at its price before it is sent.
        const refunds = page.getByRole('region', { name: 'Refunds' });
        await refunds.getByText('No refunds.').waitFor(patient);
        await refunds.getByLabel(new RegExp(refunded!.productName)).fill('1');
        const refundButton = refunds.getByRole('button', {
          name: `Refund ${rupees(refunded!.itemTotal)}`,
        });
        await refundButton.waitFor(patient);
        // The reason is asked before anything is sent.
        await refundButton.click();
        await refunds.getByText('Please write the reason for the refund').waitFor(patient);
        await refunds.getByLabel(/Reason/).fill('Lace torn at the seam');
        await refundButton.click();
        await refunds
          .getByText(`Refund of ${rupees(refunded!.itemTotal)} started`, { exact: false })
          .waitFor(patient);
        await refunds.getByTestId('refund-row').first().waitFor(patient);
        expect(await refunds.getByTestId('refund-row').first().textContent()).toContain(
          `1 × ${refunded!.productName}`,
        );
        // The provider (simulated) confirms it a moment later.
        await expect
          .poll(async () => (await mine()).paymentStatus, { timeout: 15_000, interval: 250 })
          .toBe('partially_refunded');
        await page.reload();
        await waitForHydration(page);
        await refunds.getByText('Processed', { exact: true }).waitFor(patient);
        expect(await refunds.getByLabel(new RegExp(refunded!.productName)).isDisabled()).toBe(true);
        expect(await refunds.getByLabel(new RegExp(kept!.productName)).isDisabled()).toBe(false);

        // The address: the checkout's rules in the form, then saved.
        const customer = page.getByRole('region', { name: 'Customer' });
        await customer.getByRole('button', { name: 'Edit address' }).click();
        await customer.getByLabel('City').fill('Mysuru');
        await customer.getByLabel('PIN code').fill('5700');
        await customer.getByRole('button', { name: 'Save address' }).click();
        await customer.getByText('Invalid PIN code').waitFor(patient);
        await customer.getByLabel('PIN code').fill('570001');
        await customer.getByRole('button', { name: 'Save address' }).click();
        await customer.getByText('Shipping address changed').waitFor(patient);
        await customer.getByText('Mysuru, Karnataka 570001').waitFor(patient);

        // The confirmation again; a second click within the minute is refused with why.
        const mail = page.getByRole('region', { name: 'Confirmation mail' });
        await mail.getByRole('button', { name: 'Resend confirmation' }).click();
        await mail.getByText(`Confirmation sent again to ${shopper.email}`).waitFor(patient);
        await mail.getByRole('button', { name: 'Resend confirmation' }).click();
        await mail.getByText(/less than a minute ago/).waitFor(patient);

        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/order-actions-${viewport}.png`, fullPage: true });
        await photograph(refunds, { path: `${shots}/refund-panel-${viewport}.png` });
        // The refused resend is the only failed call the page made.
        expect(problems.filter((text) => !/status of 429/.test(text))).toEqual([]);
        expect((await mine()).shippingAddress.city).toBe('Mysuru');
      } finally {
        await context.close();
      }

      // The shopper's My Orders: the order says what came back, and the line reads refunded.
      const shopperPage = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(shopperPage.page, shopper);
        await shopperPage.page.goto('/profile?tab=orders');
        const card = shopperPage.page
          .getByTestId('order-card')
          .filter({ hasText: shopper.orderNumber });
        await card
          .getByTestId('order-refunds')
          .getByText(`Refunded ${shopRupees(refunded!.itemTotal)}`, { exact: false })
          .waitFor(patient);
        await card.getByRole('button', { name: 'View details' }).click();
        const details = shopperPage.page.getByRole('dialog');
        const line = details.getByRole('listitem').filter({ hasText: refunded!.productName });
        await line.getByTestId('line-refund').getByText('Refunded').first().waitFor(patient);
        expect(
          await details
            .getByRole('listitem')
            .filter({ hasText: kept!.productName })
            .getByTestId('line-refund')
            .count(),
        ).toBe(0);
        await details.getByTestId('refund-line').getByText('Refunded').waitFor(patient);
        expect(await details.textContent()).not.toContain('Lace torn');
        expect(await seriousViolations(shopperPage.page)).toEqual([]);
        await photograph(shopperPage.page, {
          path: `${shots}/my-orders-refund-${viewport}.png`,
          fullPage: true,
        });
        expect(shopperPage.problems).toEqual([]);
      } finally {
        await shopperPage.context.close();
      }
    });
  });
}
