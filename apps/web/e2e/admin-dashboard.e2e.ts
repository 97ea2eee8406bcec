// The back office's morning dashboard in a real browser, at 1280 px: the owner reads the
// day's figures and today's work, and picks a range that the URL keeps.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin';
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
for (const viewport of ['desktop'] as Viewport[]) {
  describe(`the dashboard (${viewport})`, () => {
    it("shows the owner today's figures and work, and a range chosen in the URL", async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(patient);
        await page.getByText('Revenue', { exact: true }).first().waitFor(patient);
        await page.getByRole('heading', { name: "Today's work" }).waitFor(patient);
        expect(
          await page
            .getByRole('button', { name: 'Today', exact: true })
            .getAttribute('aria-pressed'),
        ).toBe('true');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, {
          path: `${shots}/dashboard-today-${viewport}.png`,
          fullPage: true,
        });

        await page.getByRole('button', { name: '7 days', exact: true }).click();
        await page.waitForURL(/range=7d/, patient);
        await page.getByRole('img', { name: 'Revenue by day, bar chart' }).waitFor(patient);
        await page.getByRole('table', { name: 'Top products' }).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/dashboard-7d-${viewport}.png`, fullPage: true });

        // A reload keeps the range.
        await page.reload();
        await page.getByRole('img', { name: 'Revenue by day, bar chart' }).waitFor(patient);
        expect(
          await page
            .getByRole('button', { name: '7 days', exact: true })
            .getAttribute('aria-pressed'),
        ).toBe('true');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
