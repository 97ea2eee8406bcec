// The back office's dispatch desk in a real browser, at 375 px: the owner selects paid
// orders, reads their pick list, downloads their labels as one PDF and marks one shipped with a
// courier and an AWB.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { confirmAsOwner, shopperWithPaidOrder, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-dispatch';
const patient = { timeout: 15_000 };

/**
 * A new shopper's order of one piece each of two products (the `offset`-th pair in stock),
 * paid through the simulator and confirmed by the owner: it waits in the dispatch queue.
 */
async function confirmedOrder(offset: number) {
  const order = await shopperWithPaidOrder(offset, { sort: 'price-desc', skip: 0, pieces: 2 });
  await confirmAsOwner(owner, order.orderId);
  return order;
}

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
for (const [viewport, offset] of [['phone', 0]] as (readonly [Viewport, number])[]) {
  describe(`the dispatch desk (${viewport})`, () => {
    it('picks, prints labels for and ships paid orders', async () => {
      const first = await confirmedOrder(offset);
      const second = await confirmedOrder(offset + 1);
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/dispatch');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Dispatch', level: 1 }).waitFor(patient);
        const select = (order: { orderNumber: string }) =>
          page
            .getByRole('checkbox', { name: `Select order ${order.orderNumber}` })
            .filter({ visible: true });
        await select(first).waitFor(patient);
        // Placed just now: inside the window.
        await page.getByText('0 days · On time').filter({ visible: true }).first().waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/dispatch-${viewport}.png`, fullPage: true });

        // The pick list of the two orders: every product of each, one piece a line.
        await select(first).check();
        await select(second).check();
        await page.getByRole('heading', { name: '2 selected' }).waitFor(patient);
        await page.getByRole('button', { name: 'Pick list' }).click();
        const pickList = page.getByRole('region', { name: 'Pick list' });
        await pickList.getByRole('heading', { name: 'Pick list' }).waitFor(patient);
        await pickList.getByText('4 pieces for 2 orders').waitFor(patient);
        for (const name of [...first.productNames, ...second.productNames]) {
          await pickList.getByRole('cell', { name, exact: true }).waitFor(patient);
        }
        expect(await pickList.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/pick-list-${viewport}.png`, fullPage: true });
        // On paper the pick list stands alone: no navigation, queue or buttons.
        await page.emulateMedia({ media: 'print' });
        expect(await pickList.getByRole('cell').first().isVisible()).toBe(true);
        expect(await pickList.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
        expect(await select(first).count()).toBe(0);
        await photograph(page, {
          path: `${shots}/pick-list-print-${viewport}.png`,
          fullPage: true,
        });
        await page.emulateMedia({ media: 'screen' });

        // The labels of the selection: one PDF, downloaded with the owner's token.
        const [download] = await Promise.all([
          page.waitForEvent('download', patient),
          page.getByRole('button', { name: 'Labels (PDF)' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('labels.pdf');
        const bytes = readFileSync((await download.path())!);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

        // Mark the first shipped: a bad AWB is refused on the page, a good one ships it.
        await page
          .getByRole('button', { name: `Mark ${first.orderNumber} shipped` })
          .filter({ visible: true })
          .click();
        const form = page.getByRole('form', { name: `Ship order ${first.orderNumber}` });
        await form.getByLabel('Courier').fill('Delhivery');
        await form.getByLabel('AWB (tracking number)').fill('AB-1');
        await form.getByRole('button', { name: 'Mark shipped' }).click();
        await form.getByText('The AWB is 6 to 30 letters or digits').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/ship-form-${viewport}.png`, fullPage: true });
        const awb = `DL${Date.now()}`;
        await form.getByLabel('AWB (tracking number)').fill(awb);
        await form.getByRole('button', { name: 'Mark shipped' }).click();
        await page
          .getByRole('status')
          .getByText(`${first.orderNumber} shipped with Delhivery, AWB ${awb}`)
          .waitFor(patient);
        // The queue reloads without it; the other order still waits.
        await select(second).waitFor(patient);
        await expect.poll(() => select(first).count(), patient).toBe(0);

        const detail = await api<{ order: { status: string }; shippedBy: unknown }>(
          'GET',
          `/admin/orders/${first.orderId}`,
          { token: owner.accessToken },
        );
        expect(detail.data.order.status).toBe('shipped');
        expect(detail.data.shippedBy).toEqual({ courier: 'Delhivery', awb });
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
