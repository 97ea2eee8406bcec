// The back office's customers screen in a real browser, at 375 px: an owner finds a
// shopper by email, opens her, sees her order, adds a note; a shopper never gets in.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { shopperWithPaidOrder, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-customers';
const patient = { timeout: 15_000 };

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
for (const [viewport, offset] of [['phone', 20]] as (readonly [Viewport, number])[]) {
  describe(`the customers screen (${viewport})`, () => {
    it('shows a shopper a plain 403 and no customer', async () => {
      const shopper = await shopperWithPaidOrder(offset + 10);
      const { page, context } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, shopper);
        await page.goto('/admin/customers');
        await page
          .getByRole('heading', { name: 'You do not have access to the back office' })
          .waitFor(patient);
        expect(await page.getByText(owner.email).count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it('lets the owner find a shopper by email, open her, see her order and note her', async () => {
      const shopper = await shopperWithPaidOrder(offset);
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin');
        await waitForHydration(page);
        // The navigation's Customers entry is a link now (in the menu on phones).
        if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
        await page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link', { name: 'Customers' })
          .click();
        await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor(patient);
        // Newest accounts first: the shopper who just signed up is on the first page.
        await page.getByText(shopper.email).filter({ visible: true }).first().waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/customers-${viewport}.png`, fullPage: true });

        // A page at a time by cursor: Next shows the next account, Previous the first again.
        await page.goto('/admin/customers?limit=1');
        const shown = () =>
          page
            .getByRole('link', { name: /\w/ })
            .filter({ visible: true })
            .and(page.locator('a[href^="/admin/customers/"]'));
        await expect.poll(() => shown().count(), patient).toBe(1);
        const firstHref = await shown().getAttribute('href');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/cursor=/, patient);
        await expect.poll(() => shown().getAttribute('href'), patient).not.toBe(firstHref);
        await page.getByRole('button', { name: 'Previous' }).click();
        await page.waitForURL((url) => !url.searchParams.has('cursor'), patient);
        await expect.poll(() => shown().getAttribute('href'), patient).toBe(firstHref);

        await page.getByLabel('Search').fill(shopper.email.toUpperCase());
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL(/q=/, patient);
        expect(new URL(page.url()).searchParams.get('q')).toBe(shopper.email.toUpperCase());
        await page
          .getByText(shopper.email, { exact: true })
          .filter({ visible: true })
          .first()
          .waitFor(patient);
        const her = page.getByRole('link', { name: 'Meera Iyer' });
        await expect.poll(() => her.count(), patient).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/search-${viewport}.png`, fullPage: true });

        await her.click();
        await page.getByRole('heading', { name: 'Meera Iyer', level: 1 }).waitFor(patient);
        const order = page.getByRole('link', { name: shopper.orderNumber });
        await order.waitFor(patient);
        await page.getByText(shopper.email).filter({ visible: true }).first().waitFor();
        const figures = page.getByText('Lifetime value').locator('..');
        expect(await figures.textContent()).toMatch(/Lifetime value₹[1-9]/);

        const note = `Prefers a call before delivery (${viewport})`;
        await page.getByLabel(/Add a note/).fill(note);
        await page.getByRole('button', { name: 'Add note' }).click();
        // The notes list, not the box (React mirrors a textarea's value into its text).
        const noted = page.getByRole('listitem').filter({ hasText: note });
        await noted.waitFor(patient);
        expect(await page.getByLabel(/Add a note/).inputValue()).toBe('');
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, { path: `${shots}/customer-${viewport}.png`, fullPage: true });

        // Her order opens on the orders desk, whose customer name leads back to her.
        await order.click();
        await page.getByRole('heading', { name: `Order ${shopper.orderNumber}` }).waitFor(patient);
        await page.getByRole('link', { name: 'Meera Iyer' }).click();
        await page.getByRole('heading', { name: 'Meera Iyer', level: 1 }).waitFor(patient);
        await noted.waitFor(patient);

        // Her own profile never carries the note.
        const mine = await api('GET', '/auth/profile', { token: shopper.accessToken });
        expect(mine.status).toBe(200);
        expect(JSON.stringify(mine)).not.toContain('Prefers a call');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
