// Shipping in a real browser, at 375 and 1280 px: the owner ships an order with the courier
// simulator and answers a failed delivery; the shopper follows the parcel in My Orders.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import {
  advanceParcel,
  confirmAsOwner,
  shopperWithPaidOrder,
  signInBrowser,
} from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-courier';
const patient = { timeout: 15_000 };

/** A new shopper with one paid order the shop has confirmed (the `offset`-th product in stock). */
async function confirmedOrder(offset: number) {
  const order = await shopperWithPaidOrder(offset, { sort: 'price-desc', skip: 6 });
  await confirmAsOwner(owner, order.orderId);
  return order;
}

const advance = (awb: string, event?: string) => advanceParcel(owner, awb, event);

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const satisfies readonly (readonly [Viewport, number])[]) {
  describe(`shipping with the courier (${viewport})`, () => {
    it('ships from the order page, answers a failed delivery, and shows the shopper her parcel', async () => {
      const order = await confirmedOrder(offset);
      const admin = await openPage(browser, shopURL(), viewport);
      let awb: string;
      try {
        const page = admin.page;
        await signInBrowser(page, owner);
        await page.goto(`/admin/orders/${order.orderId}`);
        await waitForHydration(page);
        const card = page.getByRole('region', { name: 'Shipment' });
        await card.getByText('Not shipped yet.').waitFor(patient);
        await card.getByRole('button', { name: 'Ship with the courier' }).click();
        await card.getByText('Booked, awaiting pickup').waitFor(patient);
        awb = (await card.getByText(/^SIM\d{10}$/).textContent())!;
        expect(awb).toMatch(/^SIM\d{10}$/);
        // Booked: the order is shipped, and the button is gone.
        expect(await card.getByRole('button', { name: 'Ship with the courier' }).count()).toBe(0);

        await advance(awb);
        await advance(awb);
        await advance(awb, 'out_for_delivery');
        await advance(awb, 'undelivered');
        await page.reload();
        await waitForHydration(page);
        await card.getByText('Delivery failed', { exact: true }).waitFor(patient);
        await card.getByText(/^Answer by /).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await card.scrollIntoViewIfNeeded();
        await photograph(page, { path: `${shots}/admin-ndr-${viewport}.png`, fullPage: true });
        await card.getByRole('button', { name: 'Re-attempt delivery' }).click();
        await card.getByText('The courier will try again').waitFor(patient);
        // Answered: the reloaded card no longer asks.
        await card.getByText(/^Answer by /).waitFor({ state: 'detached', ...patient });
        expect(await card.getByRole('button', { name: 'Re-attempt delivery' }).count()).toBe(0);
        expect(admin.problems).toEqual([]);
      } finally {
        await admin.context.close();
      }

      await advance(awb, 'out_for_delivery');
      await advance(awb, 'delivered');

      const mine = await openPage(browser, shopURL(), viewport);
      try {
        const page = mine.page;
        await signInBrowser(page, order);
        await page.goto('/profile?tab=orders');
        await waitForOrdersTab(page);
        const row = page.locator('li, article').filter({ hasText: order.orderNumber }).first();
        await row.getByText('DELIVERED', { exact: true }).waitFor(patient);
        await row.getByRole('button', { name: 'View details' }).click();
        const dialog = page.getByRole('dialog');
        const tracking = dialog.getByRole('region', { name: 'Tracking' });
        await tracking.getByText(awb).waitFor(patient);
        const link = tracking.getByRole('link', { name: 'Track on the courier’s site' });
        expect(await link.getAttribute('href')).toMatch(new RegExp(`/track/${awb}$`));
        const labels = await tracking.locator('li > p:first-of-type').allTextContents();
        expect(labels[0]).toBe('Delivered');
        expect(labels.at(-1)).toBe('Shipment booked');
        expect(labels).toContain('Delivery attempt failed');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/my-order-${viewport}.png`, fullPage: false });

        // The courier's link: the parcel's scans on this shop, nothing of the order.
        await page.goto(`/track/${awb}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Track your parcel', level: 1 }).waitFor(patient);
        await page.getByText('Delivered', { exact: true }).first().waitFor();
        expect(await page.getByText(order.orderNumber).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Track on the courier’s site' }).count()).toBe(
          0,
        );
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/track-${viewport}.png`, fullPage: true });
        expect(mine.problems).toEqual([]);
      } finally {
        await mine.context.close();
      }
    });
  });
}
