// The legal display in a real browser, at 375 and 1280 px: the seller's details in every page's
// footer and on /legal (server-rendered, no request after load), a grievance filed with its ticket
// number at once and looked up by number and email, the owner acknowledging it in the back office,
// and the product page's M.R.P. line and package declarations.
import { mkdirSync } from 'node:fs';
import type { Product } from '@shop/contracts/catalogue';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
let pack: Product;
const shots = '/tmp/shots-legal-display';
const patient = { timeout: 30_000 };
/** The registered GSTIN the owner enters (a valid Karnataka number). */
const GSTIN = '29AAGCB7383J1Z4';

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
  // The owner fills in the registered GSTIN (empty until then), the rest stays as the demo's.
  const current = await api<{ settings: Record<string, unknown> }>('GET', '/admin/settings', {
    token: owner.accessToken,
  });
  const saved = await api('PATCH', '/admin/settings', {
    token: owner.accessToken,
    body: { ...current.data.settings, gstin: GSTIN },
  });
  expect(saved.status).toBe(200);
  const { data } = await api<{ products: Product[] }>('GET', '/product/products?limit=100');
  pack = data.products.find((product) => product.name === 'Cotton Comfort Hipster (Pack of 3)')!;
  expect(pack).toBeTruthy();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

for (const viewport of ['phone', 'desktop'] as const satisfies readonly Viewport[]) {
  describe(`the legal display (${viewport})`, () => {
    it('shows the seller in every page’s footer, rendered with the page, and on /legal', async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      const settingsCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/settings')) settingsCalls.push(request.url());
      });
      try {
        const response = await page.goto('/about');
        // React marks the joins of text it rendered in parts; the words read as one.
        const html = (await response!.text()).replaceAll('<!-- -->', '');
        // In the server's HTML itself: nothing is fetched or moved after the page shows.
        for (const text of [
          'Lacebloom Retail Pvt. Ltd.',
          `GSTIN: ${GSTIN}`,
          'CIN: U52399KA2021PTC145678',
          'Kavya Raghunath, Head of Customer Care',
          'grievances@lacebloom.in',
        ]) {
          expect(html, text).toContain(text);
        }
        await waitForHydration(page);
        const footer = page.getByRole('region', { name: 'Seller details' });
        const text = await footer.innerText();
        expect(text).toContain('Registered office: 2nd Floor, 14 Wood Street');
        expect(text).toContain('care@lacebloom.in');
        expect(text).toContain('+91 80471 96620');
        expect(settingsCalls).toEqual([]);
        await footer.scrollIntoViewIfNeeded();
        await photograph(page, { path: `${shots}/footer-${viewport}.png` });

        await page.getByRole('link', { name: 'Legal Information' }).click();
        await page.getByRole('heading', { name: 'Legal Information', level: 1 }).waitFor(patient);
        const legal = await page.locator('main').innerText();
        for (const part of [
          'Lacebloom Retail Pvt. Ltd.',
          GSTIN,
          'U52399KA2021PTC145678',
          'Head of Customer Care',
          'within 48 hours',
          'within one month',
        ]) {
          expect(legal, part).toContain(part);
        }
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/legal-${viewport}.png`, fullPage: true });
        expect(settingsCalls).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('files a grievance, shows its ticket at once, looks it up, and the owner acknowledges it', async () => {
      const email = `grievance.${viewport}.${Date.now()}@example.in`;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await page.goto('/grievance');
        await waitForHydration(page);
        // The form's own checks, from the route's schema.
        await page.getByRole('button', { name: 'Send grievance' }).click();
        await page.getByText('Please enter your name').waitFor(patient);
        expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');

        await page.getByLabel('Full name').fill('Meera Iyer');
        await page.getByLabel('Email address').fill(email);
        await page.getByLabel(/Order number/).fill('LB-20260314-0042');
        await page.getByLabel('What is it about?').selectOption('delivery');
        await page.getByLabel('Subject').fill(`Parcel not received (${viewport})`);
        await page
          .getByLabel('What happened?')
          .fill('Tracking says delivered on Monday but nothing reached my flat.');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/grievance-form-${viewport}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Send grievance' }).click();
        const ticketText = page.getByTestId('grievance-ticket');
        await ticketText.waitFor(patient);
        const ticket = (await ticketText.innerText()).trim();
        expect(ticket).toMatch(/^GRV-\d{4}-\d{6}$/);
        await photograph(page, {
          path: `${shots}/grievance-filed-${viewport}.png`,
          fullPage: true,
        });

        await page.getByRole('link', { name: 'Check its status' }).click();
        await page.waitForURL(/\/grievance\/status\?ticket=/, patient);
        expect(await page.getByLabel('Ticket number').inputValue()).toBe(ticket);
        // A wrong email is told nothing about the ticket.
        await page.getByLabel('Email you filed it with').fill('someone.else@example.in');
        await page.getByRole('button', { name: 'Check status' }).click();
        await page.getByText('No grievance with this ticket number and email').waitFor(patient);
        await page.getByLabel('Email you filed it with').fill(email);
        await page.getByRole('button', { name: 'Check status' }).click();
        await page.getByTestId('grievance-state').waitFor(patient);
        expect(await page.getByTestId('grievance-state').innerText()).toBe('Received');

        // The owner acknowledges it in the back office.
        const desk = await context.newPage();
        await signInBrowser(desk, owner);
        await desk.goto('/admin/grievances');
        await waitForHydration(desk);
        await desk.getByRole('heading', { name: 'Grievances', level: 1 }).waitFor(patient);
        const link = desk.getByRole('link', { name: ticket }).filter({ visible: true });
        await link.waitFor(patient);
        expect(await seriousViolations(desk)).toEqual([]);
        await photograph(desk, {
          path: `${shots}/admin-grievances-${viewport}.png`,
          fullPage: true,
        });
        await link.click();
        await desk.getByRole('heading', { name: ticket, level: 1 }).waitFor(patient);
        await desk.getByRole('button', { name: 'Acknowledge' }).click();
        await desk.getByText('Acknowledged: the shopper has been mailed.').waitFor(patient);
        expect(await desk.locator('[data-clock-state="met"]').count()).toBe(1);
        expect(await seriousViolations(desk)).toEqual([]);
        await photograph(desk, {
          path: `${shots}/admin-grievance-${viewport}.png`,
          fullPage: true,
        });

        await page.getByRole('button', { name: 'Check status' }).click();
        await page.getByTestId('grievance-state').getByText('Being looked into').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, {
          path: `${shots}/grievance-status-${viewport}.png`,
          fullPage: true,
        });
        // The one failed request: the lookup with the wrong email, answered 404 on purpose.
        expect(problems).toEqual([
          'Failed to load resource: the server responded with a status of 404 (Not Found)',
        ]);
      } finally {
        await context.close();
      }
    });

    it('shows the product’s M.R.P. inclusive of taxes and its package declarations', async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await page.goto(`/product/${pack._id}`);
        await waitForHydration(page);
        const mrp = `₹${pack.originalPrice!.toLocaleString('en-IN')}`;
        expect(await page.getByTestId('mrp-line').innerText()).toBe(
          `MRP ${mrp} (inclusive of all taxes)`,
        );
        const declarations = await page.getByTestId('declarations').innerText();
        expect(declarations).toContain('Pack of 3');
        expect(declarations).toContain('India');
        expect(declarations).toContain(pack.genericName!);
        expect(declarations).toContain('Marketed by Lacebloom Retail Pvt. Ltd.');
        await page.getByTestId('declarations').scrollIntoViewIfNeeded();
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/product-${viewport}.png` });

        // A discounted product's card strikes its M.R.P. through.
        // The first product of the listing (seed: 'Everyday Lace T-Shirt Bra') is on sale.
        const discounted = (await api<{ products: Product[] }>('GET', '/product/products?limit=1'))
          .data.products[0]!;
        expect(discounted.originalPrice).toBeGreaterThan(discounted.price);
        await page.goto('/products/all');
        await waitForHydration(page);
        const card = page.locator(`a[href="/product/${discounted._id}"]`).first();
        await card.scrollIntoViewIfNeeded();
        expect(await card.locator('s').innerText()).toBe(
          `₹${discounted.originalPrice!.toLocaleString('en-IN')}`,
        );
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
