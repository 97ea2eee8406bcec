// The back office's orders desk in a real browser, at 375 and 1280 px: who gets in, and an
// owner finding an order by email, opening it, adding a note and moving it along.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { shopperWithPaidOrder, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin';
const patient = { timeout: 15_000 };

/** Records whether `text` ever appears in the document, however briefly. */
async function watchFor(page: Page, text: string) {
  await page.addInitScript((needle) => {
    const w = window as unknown as { sawText: boolean };
    w.sawText = false;
    new MutationObserver(() => {
      if (document.documentElement.textContent?.includes(needle)) w.sawText = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

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
  describe(`the orders desk (${viewport})`, () => {
    it('sends a signed-out visitor to sign in, and back to the desk once she has', async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await page.goto('/admin/orders?status=pending');
        await page.waitForURL(/\/login\?redirectTo=/, patient);
        expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(
          '/admin/orders?status=pending',
        );
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Email').fill(owner.email);
        await dialog.getByLabel('Password').fill(owner.password);
        await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.waitForURL(/\/admin\/orders\?status=pending$/, patient);
        await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(patient);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('shows a shopper a plain 403 and never any order', async () => {
      const shopper = await shopperWithPaidOrder(offset + 10);
      const { page, context } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, shopper);
        await watchFor(page, shopper.orderNumber);
        const response = await page.goto('/admin/orders');
        // The server cannot know who is there: it sends no admin data, only the wait.
        expect(await response!.text()).not.toContain('Orders desk');
        await page
          .getByRole('heading', { name: 'You do not have access to the back office' })
          .waitFor(patient);
        await page.goto(`/admin/orders/${shopper.orderId}`);
        await page
          .getByRole('heading', { name: 'You do not have access to the back office' })
          .waitFor(patient);
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await page.evaluate(() => (window as unknown as { sawText: boolean }).sawText)).toBe(
          false,
        );
      } finally {
        await context.close();
      }
    });

    it('lets the owner find an order by email, note it and move it along', async () => {
      const shopper = await shopperWithPaidOrder(offset);
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/orders');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(patient);
        // The navigation folds into a menu on phones.
        const menu = page.getByRole('button', { name: 'Menu' });
        expect(await menu.isVisible()).toBe(viewport === 'phone');

        await page.getByLabel('Search').fill(shopper.email.toUpperCase());
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.waitForURL(/q=/, patient);
        expect(new URL(page.url()).searchParams.get('q')).toBe(shopper.email.toUpperCase());
        const link = page.getByRole('link', { name: shopper.orderNumber });
        await link.waitFor(patient);
        expect(await page.getByRole('link', { name: /^LB\d/ }).count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/orders-${viewport}.png`, fullPage: true });

        // A bulk move: one call per selected order, each order's outcome shown.
        await page.getByRole('checkbox', { name: `Select order ${shopper.orderNumber}` }).check();
        await page.getByLabel('Move to').selectOption({ label: 'Confirm' });
        await page.getByRole('button', { name: 'Apply to selected' }).click();
        await page.getByText(`${shopper.orderNumber}: moved to CONFIRMED`).waitFor(patient);
        // The list reloads with the order's new status.
        await page
          .getByText('CONFIRMED', { exact: true })
          .filter({ visible: true })
          .waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);

        await link.click();
        await page.getByRole('heading', { name: `Order ${shopper.orderNumber}` }).waitFor(patient);
        await page.getByText(shopper.email).first().waitFor();
        const note = `Called ${viewport}: leave with the guard`;
        await page.getByLabel(/Add a note/).fill(note);
        await page.getByRole('button', { name: 'Add note' }).click();
        await page.getByText(note).first().waitFor(patient);

        // Confirmed: the transition table offers the shop processing or a cancel, nothing else.
        const moves = page.getByRole('region', { name: 'Move this order' });
        expect(await moves.getByRole('button').allTextContents()).toEqual([
          'Start processing',
          'Cancel order',
        ]);
        await moves.getByRole('button', { name: 'Start processing' }).click();
        await moves.getByText('Moved to PROCESSING').waitFor(patient);
        // Processing: a cancel only; the order ships from the Shipment card, with its parcel.
        await moves.getByText('To ship it, use the Shipment card').waitFor(patient);
        // Polled: the buttons follow the move once the page has the order's new status.
        await expect
          .poll(() => moves.getByRole('button').allTextContents(), patient)
          .toEqual(['Cancel order']);
        const shipment = page.getByRole('region', { name: 'Shipment' });
        await shipment.getByRole('button', { name: 'Enter courier and AWB' }).waitFor(patient);
        // A cancel asks for the reason the shopper will read before it is sent.
        await moves.getByRole('button', { name: 'Cancel order' }).click();
        expect(await moves.getByLabel('Reason for the shopper').isVisible()).toBe(true);
        await moves.getByRole('button', { name: 'Keep it' }).click();
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/order-${viewport}.png`, fullPage: true });

        // The shopper's own view of the order never carries the note.
        const mine = await api('GET', `/order/${shopper.orderId}`, {
          token: shopper.accessToken,
        });
        expect(JSON.stringify(mine)).not.toContain('leave with the guard');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('pages forward and back, and "Previous" still works after a reload', async () => {
      for (let extra = 0; ; extra += 1) {
        const listed = await api<{ orders: unknown[] }>('GET', '/admin/orders/desk?limit=3', {
          token: owner.accessToken,
        });
        if (listed.data.orders.length >= 3) break;
        await shopperWithPaidOrder(offset * 2 + 20 + extra);
      }
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      const shown = page.getByRole('link', { name: /^LB\d+$/ }).filter({ visible: true });
      /** The one order on the page once it has loaded, and not `before`. */
      const orderShown = async (before?: string) => {
        await expect
          .poll(
            async () => ((await shown.count()) === 1 ? await shown.textContent() : null),
            patient,
          )
          .toSatisfy((text) => Boolean(text) && text !== before);
        return (await shown.textContent())!;
      };
      const previous = page.getByRole('button', { name: 'Previous' });
      const next = page.getByRole('button', { name: 'Next' });
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/orders?limit=1');
        await waitForHydration(page);
        const first = await orderShown();
        expect(await previous.isDisabled()).toBe(true);
        await next.click();
        const second = await orderShown(first);
        await next.click();
        const third = await orderShown(second);
        expect(new Set([first, second, third]).size).toBe(3);

        // The trail of earlier pages lives in the URL, so a reload keeps it.
        await page.reload();
        await waitForHydration(page);
        expect(await orderShown()).toBe(third);
        await previous.click();
        expect(await orderShown(third)).toBe(second);
        await previous.click();
        expect(await orderShown(second)).toBe(first);
        const url = new URL(page.url());
        expect([...url.searchParams.keys()]).toEqual(['limit']);
        expect(await previous.isDisabled()).toBe(true);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
