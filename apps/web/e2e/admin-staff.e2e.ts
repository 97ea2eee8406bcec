// The back office's staff and audit screens in a real browser, at 375 px: the owner adds
// a staff member by email (the API's refusals shown as it words them); the member works the
// orders but is shown neither the staff link nor the staff screen; the owner takes the access
// away again and reads both changes in the audit log.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { newShopper } from './account-helpers.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, verifyByMail, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-tables';
const patient = { timeout: 15_000 };

/** The back office's navigation links as the screen shows them (the menu opened on phones). */
async function navLinks(page: Page, viewport: Viewport) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Back office' }).filter({ visible: true });
  await nav.waitFor(patient);
  const links = await nav.getByRole('link').allTextContents();
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  return links;
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
for (const viewport of ['phone'] as Viewport[]) {
  describe(`staff and the audit log (${viewport})`, () => {
    it('adds a staff member who sees orders but not staff, and logs the changes', async () => {
      // Only an account with a confirmed email may be given a role.
      const member = newShopper();
      const signup = await api<{
        accessToken: string;
        refreshToken: string;
        user: { _id: string };
      }>('POST', '/auth/signup', { body: member });
      expect(signup.status).toBe(201);
      await verifyByMail(member.email);
      const memberId = signup.data.user._id;

      const admin = await openPage(browser, shopURL(), viewport);
      const staffDesk = await openPage(browser, shopURL(), viewport);
      try {
        const page = admin.page;
        await signInBrowser(page, owner);
        await page.goto('/admin/staff');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor(patient);
        expect(await navLinks(page, viewport)).toEqual(
          expect.arrayContaining(['Orders', 'Staff', 'Audit log']),
        );
        const form = page.getByRole('form', { name: 'Add a staff member' });
        const email = form.getByLabel('Email');
        const add = form.getByRole('button', { name: 'Add' });

        // The form's schema is the route's: a bad address never leaves the page.
        await email.fill('not-an-email');
        await add.click();
        await form.getByRole('alert').getByText('Valid email is required.').waitFor(patient);
        // The API's refusal, in its own words.
        await email.fill(`nobody.${Date.now()}@example.in`);
        await add.click();
        await form
          .getByRole('alert')
          .getByText('No account has this email: ask them to sign up first.')
          .waitFor(patient);

        await email.fill(member.email);
        await form.getByLabel('Role').selectOption('staff');
        await add.click();
        await page
          .getByRole('status')
          .getByText(`Staff member added: ${member.email} is Staff.`)
          .waitFor(patient);
        expect(await email.inputValue()).toBe('');
        const row = page
          .getByLabel('Staff and owners', { exact: true })
          .filter({ visible: true })
          .getByRole(viewport === 'phone' ? 'listitem' : 'row')
          .filter({ hasText: member.email });
        await row.waitFor(patient);
        expect(await row.textContent()).toContain('Staff');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/staff-${viewport}.png`, fullPage: true });

        // The member works the orders; the staff screen and its link are the owners'.
        const desk = staffDesk.page;
        await signInBrowser(desk, signup.data);
        await desk.goto('/admin/orders');
        await waitForHydration(desk);
        await desk.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(patient);
        // The desk's list answered her (no refusal in its place).
        await desk.getByText('Loading orders...').waitFor({ state: 'detached', ...patient });
        expect(await desk.getByRole('alert').count()).toBe(0);
        const links = await navLinks(desk, viewport);
        expect(links).toEqual(expect.arrayContaining(['Orders', 'Audit log']));
        expect(links).not.toContain('Staff');
        await desk.goto('/admin/staff');
        await waitForHydration(desk);
        await desk
          .getByRole('heading', { name: 'Only an owner of the shop can do this', level: 1 })
          .waitFor(patient);
        // Inside the shell: the navigation is still there, the staff list is not.
        expect(await desk.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
        expect(await desk.getByText(owner.email).count()).toBe(0);
        expect(await seriousViolations(desk)).toEqual([]);
        await photograph(desk, { path: `${shots}/staff-403-${viewport}.png`, fullPage: true });

        // The owner takes the access away again: it asks once more first.
        await row.getByRole('button', { name: `Remove access for ${member.email}` }).click();
        await row.getByRole('button', { name: 'Remove', exact: true }).click();
        await page
          .getByRole('status')
          .getByText(`${member.email} no longer has access to the back office.`)
          .waitFor(patient);
        await row.waitFor({ state: 'detached', ...patient });
        // From the member's next request on, the back office is closed to her.
        await desk.goto('/admin/orders');
        await desk
          .getByRole('heading', { name: 'You do not have access to the back office' })
          .waitFor(patient);

        // Both changes are in the log, filtered to her record through the form and the URL.
        await page.goto('/admin/audit');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor(patient);
        await page.getByLabel('Kind of record').selectOption('staff');
        await page.getByLabel('Record id').fill(memberId);
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.waitForURL(/entity=staff/, patient);
        const url = new URL(page.url());
        expect(url.searchParams.get('id')).toBe(memberId);
        const entries = page.getByLabel('Audit entries', { exact: true }).filter({ visible: true });
        const changes = entries.getByRole('list', { name: 'Changes' }).getByRole('listitem');
        await expect.poll(() => changes.count(), patient).toBe(2);
        // Newest first; only the role changed (her email, stored in both, is not repeated).
        expect(await changes.allTextContents()).toEqual([
          'role: staff → customer',
          'role: customer → staff',
        ]);
        expect(await entries.getByText('staff.role').count()).toBe(2);
        expect(await entries.getByText(owner.email).count()).toBe(2);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/audit-${viewport}.png`, fullPage: true });
        // The one failed call is the unknown address's 404, shown above as the API's message.
        expect(admin.problems).toEqual([
          'Failed to load resource: the server responded with a status of 404 (Not Found)',
        ]);
      } finally {
        await admin.context.close();
        await staffDesk.context.close();
      }
    });
  });
}
