// The returns desk in a real browser, at 375 px: an owner approves a return, books its
// reverse pickup, receives it, passes its check, restocks and refunds it; for an exchange she
// ships the replacement; the shopper reads each line's state in My Orders.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import {
  fitsWidth,
  returnsStep as step,
  shopperWithPaidOrderOf,
  signInBrowser,
  twoBras,
} from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, moveOrderAs, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-returns';
const patient = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** A delivered order of both bras, its shopper, and her request: one return, one exchange. */
async function requestedLines(offset: number) {
  const { toReturn, toExchange } = await twoBras(offset);
  const shopper = await shopperWithPaidOrderOf([toReturn.line, toExchange.line]);
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    const moved = await moveOrderAs(owner.accessToken, shopper.orderId, status);
    expect(moved.status).toBe(200);
  }
  const order = await api<{ items: { _id: string; product: string }[] }>(
    'GET',
    `/order/${shopper.orderId}`,
    { token: shopper.accessToken },
  );
  const itemOf = (product: string) => order.data.items.find((item) => item.product === product)!;
  const asked = await api<{ returns: { _id: string; itemId: string }[] }>(
    'POST',
    `/order/${shopper.orderId}/return`,
    {
      token: shopper.accessToken,
      body: {
        reason: 'The fit is not right',
        items: [
          { itemId: itemOf(toReturn.line.product)._id, action: 'return' },
          {
            itemId: itemOf(toExchange.line.product)._id,
            action: 'exchange',
            size: toExchange.otherSize,
          },
        ],
      },
    },
  );
  expect(asked.status).toBe(200);
  const lineFor = (product: string) =>
    asked.data.returns.find((line) => line.itemId === itemOf(product)._id)!._id;
  return {
    shopper,
    returnLine: lineFor(toReturn.line.product),
    exchangeLine: lineFor(toExchange.line.product),
    toReturn,
    toExchange,
  };
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const [viewport, offset] of [['phone', 0]] as (readonly [Viewport, number])[]) {
  describe(`the returns desk (${viewport})`, () => {
    it('takes a return to its refund and an exchange to its shipped replacement', async () => {
      const asked = await requestedLines(offset);
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin');
        await waitForHydration(page);
        // The navigation's Returns entry is a link now (in the menu on phones).
        if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
        await page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link', { name: 'Returns', exact: true })
          .click();
        await page.getByRole('heading', { name: 'Returns', level: 1 }).waitFor(patient);

        // The requested lines, oldest first, filtered in the URL.
        await page.getByLabel('State').selectOption('requested');
        await page.waitForURL(/state=requested/, patient);
        await page.goto('/admin/returns?state=requested&limit=100');
        const returnLink = page
          .locator(`a[href="/admin/returns/${asked.returnLine}"]`)
          .filter({ visible: true });
        await returnLink.waitFor(patient);
        await page
          .locator(`a[href="/admin/returns/${asked.exchangeLine}"]`)
          .filter({ visible: true })
          .waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/returns-${viewport}.png`, fullPage: true });

        // The return: approve, pickup, receive, check, restock, refund.
        await returnLink.click();
        await page
          .getByRole('heading', { name: `Return: ${asked.toReturn.name}`, level: 1 })
          .waitFor(patient);
        await page.getByText('Unworn and unwashed, with every tag attached').first().waitFor();
        await step(page, 'Approve', 'approved');
        await step(page, 'Book the reverse pickup', 'pickup scheduled');
        await page.getByText(/AWB SIMR\d{10}/).waitFor(patient);
        await step(page, 'Mark received', 'received');
        // The check asks for its result: recording none says so.
        await page.getByRole('button', { name: 'Record the check' }).click();
        await page.getByText('Say whether the item passed the check').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/check-${viewport}.png`, fullPage: true });
        await page.getByLabel('Passed: tags on, unworn').check();
        await page.getByLabel(/^Note/).fill('Tags on, unworn');
        await step(page, 'Record the check', 'qc passed');
        await step(page, /^Restock /, 'restocked');
        await step(page, /^Refund ₹/, 'refunded');
        await page.getByText('Nothing left to do: this line is settled.').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, {
          path: `${shots}/return-refunded-${viewport}.png`,
          fullPage: true,
        });

        // The exchange, brought in by the shopper: approve, receive, check, restock, ship.
        await page.goto(`/admin/returns/${asked.exchangeLine}`);
        await page
          .getByRole('heading', { name: `Exchange: ${asked.toExchange.name}`, level: 1 })
          .waitFor(patient);
        await step(page, 'Approve', 'approved');
        await step(page, 'Mark received', 'received');
        await page.getByLabel('Passed: tags on, unworn').check();
        await step(page, 'Record the check', 'qc passed');
        await step(page, /^Restock /, 'replacement queued');
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, {
          path: `${shots}/exchange-queued-${viewport}.png`,
          fullPage: true,
        });
        await step(page, /^Ship the replacement/, 'replacement shipped');
        await page.getByText(/AWB SIM\d{10}/).waitFor(patient);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }

      // The shopper reads both lines' states in My Orders.
      const shopperPage = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(shopperPage.page, asked.shopper);
        await shopperPage.page.goto('/profile?tab=orders');
        await waitForHydration(shopperPage.page);
        const card = shopperPage.page
          .getByTestId('order-card')
          .filter({ hasText: asked.shopper.orderNumber });
        await card.getByRole('button', { name: 'View details' }).click();
        const lines = shopperPage.page.getByRole('dialog').getByTestId('return-line');
        await lines.filter({ hasText: 'Returned, refund started' }).first().waitFor(patient);
        await lines.filter({ hasText: 'Replacement shipped' }).first().waitFor(patient);
        expect(await lines.filter({ hasText: 'Replacement AWB SIM' }).count()).toBe(1);
        expect(await lines.filter({ hasText: 'Pickup AWB SIMR' }).count()).toBe(1);
        expect(await seriousViolations(shopperPage.page)).toEqual([]);
        await photograph(shopperPage.page, {
          path: `${shots}/my-orders-${viewport}.png`,
          fullPage: true,
        });
      } finally {
        await shopperPage.context.close();
      }
    });
  });
}
