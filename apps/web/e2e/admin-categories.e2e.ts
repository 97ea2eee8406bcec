// The back office's categories and banners in a real browser, at 375 px: deactivating a
// category that still has active products shows the server's refusal with the count; its default
// HSN code is checked by the route's schema and saved; a banner
// added through the form with a desktop picture and a start tomorrow is listed as scheduled and
// is neither in the public banner answer nor on the home page today.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-categories';
const patient = { timeout: 15_000 };

/** Tomorrow at this time, as a datetime-local input takes it in India time (UTC+05:30). */
const tomorrowInIndia = () =>
  new Date(Date.now() + 24 * 60 * 60 * 1000 + 330 * 60 * 1000).toISOString().slice(0, 16);

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
for (const viewport of ['phone'] as Viewport[]) {
  describe(`categories and banners (${viewport})`, () => {
    it('shows the refusal to deactivate a category with active products', async () => {
      const categories = await api<
        { id: string; name: string; activeProducts: number; hsnCode: string }[]
      >('GET', '/admin/categories', { token: owner.accessToken });
      const busy = categories.data.find((category) => category.activeProducts > 0)!;
      expect(busy).toBeDefined();
      const hsnBefore = busy.hsnCode;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/categories');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor(patient);
        await page
          .getByRole('button', { name: `Deactivate ${busy.name}`, exact: true })
          .filter({ visible: true })
          .click();
        const products =
          busy.activeProducts === 1
            ? '1 active product is'
            : `${busy.activeProducts} active products are`;
        await page
          .getByRole('alert')
          .getByText(`${products} still in ${busy.name}; move or deactivate them first`)
          .waitFor(patient);

        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/categories-${viewport}.png`, fullPage: true });
        expect(problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
      } finally {
        await context.close();
        await api('PATCH', `/admin/categories/${busy.id}`, {
          token: owner.accessToken,
          body: { hsnCode: hsnBefore },
        });
      }
    });

    it('does not show a banner scheduled for tomorrow, on the API nor the home page', async () => {
      const name = `Tomorrow sale ${viewport} ${Date.now()}`;
      const picture = await sharp({
        create: { width: 1920, height: 680, channels: 3, background: { r: 190, g: 60, b: 110 } },
      })
        .png()
        .toBuffer();
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/banners');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Banners', level: 1 }).waitFor(patient);
        await page.getByRole('button', { name: 'New banner' }).click();
        const form = page.getByRole('form', { name: 'New banner' });
        await form.getByLabel('Name').fill(name);
        await form.getByLabel('Link').fill('/products/bras');
        await form.getByLabel('Upload the desktop picture').setInputFiles({
          name: 'tomorrow.png',
          mimeType: 'image/png',
          buffer: picture,
        });
        await form.getByRole('img', { name: 'Desktop picture preview' }).waitFor(patient);

        // An end before the start is refused by the form's schema, the route's own.
        await form.getByLabel('Shows from (India time)').fill(tomorrowInIndia());
        await form.getByLabel('Shows until (India time)').fill('2020-01-01T10:00');
        await form.getByRole('button', { name: 'Add banner' }).click();
        await form
          .getByRole('alert')
          .getByText('The end must be after the start.')
          .waitFor(patient);
        await form.getByLabel('Shows until (India time)').fill('');
        await form.getByRole('button', { name: 'Add banner' }).click();
        await page.getByRole('status').getByText('Banner created').waitFor(patient);

        const row = page
          .getByLabel('Banners', { exact: true })
          .filter({ visible: true })
          .getByRole(viewport === 'phone' ? 'listitem' : 'row')
          .filter({ hasText: name });
        await row.getByText('Scheduled').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/banners-${viewport}.png`, fullPage: true });

        for (const path of ['/banner', '/mobile-banner']) {
          const shown = await api<{ name: string }[]>('GET', path);
          expect(shown.status).toBe(200);
          expect(shown.data.length).toBeGreaterThan(0);
          expect(shown.data.map((banner) => banner.name)).not.toContain(name);
        }

        await page.goto('/');
        await waitForHydration(page);
        // The home page's banners are there (in the page, whichever width shows them); the
        // scheduled one is not.
        await page
          .locator('img[alt="Welcome offer NEW10"]')
          .first()
          .waitFor({ state: 'attached', ...patient });
        expect(await page.locator(`img[alt="${name}"]`).count()).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
