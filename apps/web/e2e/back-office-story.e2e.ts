// The back office's whole story in a real browser, at 1280 px: an owner takes
// a paid order of two bras from the dashboard to dispatch (pick list, packing slip and label as
// PDFs), ships it with the courier simulator, which delivers it; the shopper follows the parcel
// and asks to exchange one bra for another size; the returns desk takes the exchange to its
// shipped replacement; the owner refunds the other bra; the shopper's My Orders says both.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import {
  advanceParcel,
  confirmAsOwner,
  fitsWidth,
  pdfPages,
  returnsStep as step,
  shopperWithPaidOrderOf,
  signInBrowser,
  twoBras,
} from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-story';
const patient = { timeout: 30_000 };

/** The order's delivery address, as the helpers place it. */
const recipient = { name: 'Meera Iyer', line: '12 MG Road', pinCode: '560001' };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a button that downloads a PDF, and answers each of its pages' text. */
async function downloadedPdf(page: Page, click: () => Promise<void>, name: string) {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download', patient),
    click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  return pdfPages(readFileSync((await download.path())!));
}

/** Every serious axe finding and any overflow on the page as it is now. */
async function looksRight(page: Page, shot: string) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
  await photograph(page, { path: `${shots}/${shot}.png`, fullPage: true });
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const [viewport, offset] of [['desktop', 3]] as (readonly [Viewport, number])[]) {
  describe(`the back office's story (${viewport})`, () => {
    it('takes a paid order through dispatch, delivery, an exchange and a refund', async () => {
      // Bras are returnable (panties and shapewear are not): one to exchange, one to refund.
      const { toReturn: toRefund, toExchange } = await twoBras(offset);
      const shopper = await shopperWithPaidOrderOf([toExchange.line, toRefund.line]);
      const { orderNumber } = shopper;
      await confirmAsOwner(owner, shopper.orderId);

      const desk = await openPage(browser, shopURL(), viewport);
      let awb: string;
      try {
        const page = desk.page;
        await signInBrowser(page, owner);

        // The dashboard counts it among the orders waiting for dispatch and leads there.
        await page.goto('/admin');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(patient);
        const waiting = page.getByRole('link', { name: /Waiting to be dispatched/ });
        await waiting.waitFor(patient);
        expect(await waiting.textContent()).toMatch(/Waiting to be dispatched\s*[1-9]/);
        expect(await waiting.textContent()).toContain('Oldest placed 0 days ago');
        await looksRight(page, `dashboard-${viewport}`);
        await waiting.click();
        await page.getByRole('heading', { name: 'Dispatch', level: 1 }).waitFor(patient);
        expect(new URL(page.url()).pathname).toBe('/admin/dispatch');

        // The pick list of the order: both bras, one piece each.
        const tick = page
          .getByRole('checkbox', { name: `Select order ${orderNumber}` })
          .filter({ visible: true });
        await tick.check(patient);
        await page.getByRole('button', { name: 'Pick list' }).click();
        const pickList = page.getByRole('region', { name: 'Pick list' });
        await pickList.getByText('2 pieces for 1 order').waitFor(patient);
        for (const name of [toExchange.name, toRefund.name]) {
          await pickList.getByRole('cell', { name, exact: true }).waitFor(patient);
        }
        await looksRight(page, `pick-list-${viewport}`);

        // The packing slip names the order, the recipient and what is inside.
        const [slip, ...slipMore] = await downloadedPdf(
          page,
          () =>
            page
              .getByRole('button', { name: `Packing slip for ${orderNumber}` })
              .filter({ visible: true })
              .click(),
          `packing-slip-${orderNumber}.pdf`,
        );
        expect(slipMore).toEqual([]);
        expect(slip).toContain('Packing slip');
        expect(slip).toContain(orderNumber);
        expect(slip).toContain(recipient.name);
        expect(slip).toContain(recipient.pinCode);
        expect(slip).toContain(toExchange.name);
        expect(slip).toContain(toRefund.name);

        // The label before booking: the recipient and the order, no AWB yet, never the products.
        const [queueLabel] = await downloadedPdf(
          page,
          () =>
            page
              .getByRole('button', { name: `Label for ${orderNumber}` })
              .filter({ visible: true })
              .click(),
          `label-${orderNumber}.pdf`,
        );
        expect(queueLabel).toContain(orderNumber);
        expect(queueLabel).toContain(recipient.name);
        expect(queueLabel).toContain('AWB pending');
        expect(queueLabel).not.toContain(toExchange.name);
        expect(queueLabel).not.toContain(toRefund.name);

        // The order page books the courier (the simulator), which assigns the AWB.
        await page
          .getByRole('link', { name: orderNumber, exact: true })
          .filter({ visible: true })
          .click();
        await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor(patient);
        const shipment = page.getByRole('region', { name: 'Shipment' });
        await shipment.getByRole('button', { name: 'Ship with the courier' }).click();
        await shipment.getByText('Booked, awaiting pickup').waitFor(patient);
        awb = (await shipment.getByText(/^SIM\d{10}$/).textContent())!;
        expect(awb).toMatch(/^SIM\d{10}$/);
        // Booked with the courier, not marked shipped by hand.
        expect(await page.getByRole('region', { name: 'Shipped by hand' }).count()).toBe(0);

        // The label printed now carries the courier's AWB, and still never the products.
        const [label, ...labelMore] = await downloadedPdf(
          page,
          () => shipment.getByRole('button', { name: 'Label (PDF)' }).click(),
          `label-${orderNumber}.pdf`,
        );
        expect(labelMore).toEqual([]);
        expect(label).toContain(orderNumber);
        expect(label).toContain(awb);
        expect(label).not.toContain('AWB pending');
        expect(label).toContain(recipient.name);
        expect(label).toContain(recipient.line);
        expect(label).toContain(`PIN ${recipient.pinCode}`);
        expect(label).not.toContain(toExchange.name);
        expect(label).not.toContain(toRefund.name);
        // Nothing outside the parcel says who sold it or what is in it.
        expect(label!.toLowerCase()).not.toMatch(/lacebloom|lingerie|\bbras?\b/);
        await looksRight(page, `order-booked-${viewport}`);
        expect(desk.problems).toEqual([]);
      } finally {
        await desk.context.close();
      }

      // The courier picks it up and delivers it, scan by scan.
      const events: string[] = [];
      while (events.at(-1) !== 'delivered') {
        expect(events.length).toBeLessThan(8);
        events.push(await advanceParcel(owner, awb, undefined));
      }

      // The shopper follows it in My Orders, then asks to exchange one bra for another size.
      const mine = await openPage(browser, shopURL(), viewport);
      try {
        const page = mine.page;
        await signInBrowser(page, shopper);
        await page.goto('/profile?tab=orders');
        await waitForOrdersTab(page);
        const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
        await card.getByText('DELIVERED', { exact: true }).waitFor(patient);
        await card.getByRole('button', { name: 'View details' }).click();
        const details = page.getByRole('dialog');
        const tracking = details.getByRole('region', { name: 'Tracking' });
        await tracking.getByText(awb).waitFor(patient);
        const scans = await tracking.locator('li > p:first-of-type').allTextContents();
        expect(scans[0]).toBe('Delivered');
        expect(scans.at(-1)).toBe('Shipment booked');
        expect(scans).toContain('Out for delivery');
        await looksRight(page, `tracking-${viewport}`);
        await page.keyboard.press('Escape');
        await details.waitFor({ state: 'detached', ...patient });

        await card.getByRole('button', { name: 'Request return' }).click();
        const form = page.getByRole('dialog');
        await form.getByRole('heading', { name: `Request a return ${orderNumber}` }).waitFor();
        await form.getByRole('checkbox', { name: toExchange.name }).check();
        const wanted = form.getByLabel('Size wanted');
        await wanted.waitFor(patient);
        await wanted.selectOption(toExchange.otherSize);
        await form.getByLabel('Reason').fill('The band is too tight');
        await form.getByRole('button', { name: 'Request return' }).click();
        await form
          .getByRole('heading', { name: `Return requested ${orderNumber}` })
          .waitFor(patient);
        const asked = form.getByTestId('return-line');
        expect(await asked.count()).toBe(1);
        expect(await asked.innerText()).toContain('Exchange requested');
        expect(await asked.innerText()).toContain(`size ${toExchange.otherSize.toUpperCase()}`);
        expect(mine.problems).toEqual([]);
      } finally {
        await mine.context.close();
      }

      // The returns desk takes the exchange to its shipped replacement; the owner then refunds
      // the other bra from the order page.
      const returns = await openPage(browser, shopURL(), viewport);
      try {
        const page = returns.page;
        await signInBrowser(page, owner);
        await page.goto('/admin/returns?state=requested&limit=100');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Returns', level: 1 }).waitFor(patient);
        const line = page
          .locator('a[href^="/admin/returns/"]')
          .filter({ hasText: toExchange.name })
          .filter({ visible: true })
          .first();
        await line.waitFor(patient);
        await looksRight(page, `returns-${viewport}`);
        await line.click();
        await page
          .getByRole('heading', { name: `Exchange: ${toExchange.name}`, level: 1 })
          .waitFor(patient);
        await page.getByText(orderNumber).first().waitFor(patient);
        await step(page, 'Approve', 'approved');
        await step(page, 'Mark received', 'received');
        await page.getByLabel('Passed: tags on, unworn').check();
        await step(page, 'Record the check', 'qc passed');
        await step(page, /^Restock /, 'replacement queued');
        await step(page, /^Ship the replacement/, 'replacement shipped');
        await page.getByText(/AWB SIM\d{10}/).waitFor(patient);
        await page.evaluate(() => window.scrollTo(0, 0));
        await looksRight(page, `exchange-shipped-${viewport}`);

        await page.goto(`/admin/orders/${shopper.orderId}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor(patient);
        const refunds = page.getByRole('region', { name: 'Refunds' });
        await refunds.getByText('No refunds.').waitFor(patient);
        await refunds.getByLabel(toRefund.name, { exact: false }).fill('1');
        await refunds.getByLabel(/Reason/).fill('Goodwill: the lace snagged');
        await refunds.getByRole('button', { name: /^Refund ₹/ }).click();
        await refunds.getByText(/^Refund of ₹[\d,.]+ started/).waitFor(patient);
        await refunds.getByTestId('refund-row').first().waitFor(patient);
        expect(await refunds.getByTestId('refund-row').first().textContent()).toContain(
          `1 × ${toRefund.name}`,
        );
        await looksRight(page, `order-refunded-${viewport}`);
        expect(returns.problems).toEqual([]);
      } finally {
        await returns.context.close();
      }

      // The shopper's My Orders: the refunded bra reads refunded, the exchange's replacement
      // shipped (the refund settles with the provider a moment later, so she may reload).
      const after = await openPage(browser, shopURL(), viewport);
      try {
        const page = after.page;
        await signInBrowser(page, shopper);
        const details = page.getByRole('dialog');
        const refundedLine = details
          .getByRole('listitem')
          .filter({ hasText: toRefund.name })
          .getByTestId('line-refund')
          .getByText('Refunded');
        await expect
          .poll(
            async () => {
              await page.goto('/profile?tab=orders');
              await waitForOrdersTab(page);
              await page
                .getByTestId('order-card')
                .filter({ hasText: orderNumber })
                .getByRole('button', { name: 'View details' })
                .click(patient);
              await details.getByTestId('return-line').first().waitFor(patient);
              return refundedLine.count();
            },
            { timeout: 60_000, interval: 1_000 },
          )
          .toBeGreaterThan(0);
        const exchange = details
          .getByTestId('return-line')
          .filter({ hasText: 'Replacement shipped' });
        await exchange.first().waitFor(patient);
        expect(await exchange.filter({ hasText: 'Replacement AWB SIM' }).count()).toBe(1);
        // The exchanged bra is not refunded; the refunded one asked for no exchange.
        expect(
          await details
            .getByRole('listitem')
            .filter({ hasText: toExchange.name })
            .getByTestId('line-refund')
            .count(),
        ).toBe(0);
        await looksRight(page, `my-orders-after-${viewport}`);
        expect(after.problems).toEqual([]);
      } finally {
        await after.context.close();
      }
    }, 240_000);
  });
}
