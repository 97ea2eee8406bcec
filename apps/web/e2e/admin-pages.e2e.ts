// The shop's editable pages in a real browser, at 1280 px: the owner reorders two FAQ
// questions with the keyboard, edits an answer and the shipping policy's first section, and the
// storefront shows the new text dated today. The pages are restored to the shop's original text
// afterwards, so the content pages' own tests read the texts and dates they expect.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { lastUpdatedLabel } from '@shop/domain/shop-pages';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-content-pages';
const patient = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  for (const key of ['faq', 'shipping-policy']) {
    await api('DELETE', `/admin/pages/${key}`, { token: owner.accessToken });
  }
  await browser?.close();
});

async function openEditor(page: Page, title: string) {
  await page.goto('/admin/pages');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor(patient);
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('form', { name: `Edit ${title}` }).waitFor(patient);
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const viewport of ['desktop'] as Viewport[]) {
  describe(`editable pages (${viewport})`, () => {
    it('the owner edits the FAQ and the shop shows it, dated today', async () => {
      const answer = `Measure snugly under the bust (${viewport} edit).\n\nThen ask us.`;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/pages');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/pages-list-${viewport}.png`, fullPage: true });

        await openEditor(page, 'Frequently Asked Questions');
        const form = page.getByRole('form', { name: 'Edit Frequently Asked Questions' });
        const first = form.locator('#faq-0-0-question');
        const second = form.locator('#faq-0-1-question');
        const [firstQuestion, secondQuestion] = [
          await first.inputValue(),
          await second.inputValue(),
        ];
        // Reordered with the keyboard alone: focus the control and press Enter.
        await form.getByRole('button', { name: 'Move question 2 of topic 1 up' }).focus();
        await page.keyboard.press('Enter');
        expect(await first.inputValue()).toBe(secondQuestion);
        expect(await second.inputValue()).toBe(firstQuestion);

        // A blank question is refused by the schema the route uses, under its field.
        await first.fill('   ');
        await form.getByRole('button', { name: 'Save page' }).click();
        await form.getByText('Please enter the question').waitFor(patient);
        await first.fill(secondQuestion);

        await form.locator('#faq-0-1-answer').fill(answer);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/faq-editor-${viewport}.png` });
        await form.getByRole('button', { name: 'Save page' }).click();
        await page
          .getByRole('status')
          .getByText(/^Page saved\. The shop shows it now/)
          .waitFor(patient);

        await page.goto('/faq');
        await waitForHydration(page);
        const main = page.locator('main');
        expect(await main.textContent()).toContain(`Last updated: ${lastUpdatedLabel(new Date())}`);
        const questions = main.locator('[data-faq-group] summary');
        expect(await questions.nth(0).textContent()).toBe(secondQuestion);
        await questions.nth(1).click();
        expect(await main.locator('details[open] p').allTextContents()).toEqual([
          `Measure snugly under the bust (${viewport} edit).`,
          'Then ask us.',
        ]);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/faq-shop-${viewport}.png` });
        expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('the owner edits the shipping policy and the shop shows it, dated today', async () => {
      const words = `Shipping is free on every order in India (${viewport} edit).`;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        await signInBrowser(page, owner);
        await openEditor(page, 'Shipping Policy');
        const form = page.getByRole('form', { name: 'Edit Shipping Policy' });
        await form.locator('#policy-section-0-heading').fill('Free shipping, always');
        await form
          .locator('#policy-section-0-html')
          .fill(`<p>${words} Questions? {{support-email}}</p><script>alert(1)</script>`);
        await form.getByRole('button', { name: 'Save page' }).click();
        await page
          .getByRole('status')
          .getByText(/^Page saved\. The shop shows it now/)
          .waitFor(patient);
        // The server's cleaned text is what the form now holds.
        expect(await form.locator('#policy-section-0-html').inputValue()).not.toContain('script');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/policy-editor-${viewport}.png` });

        await page.goto('/shipping-policy');
        await waitForHydration(page);
        const main = page.locator('main');
        const text = (await main.textContent()) ?? '';
        expect(text).toContain(`Last updated: ${lastUpdatedLabel(new Date())}`);
        expect(text).toContain(`${words} Questions? care@lacebloom.in`);
        expect(
          await main.getByRole('heading', { level: 2, name: '1. Free shipping, always' }).count(),
        ).toBe(1);
        expect(
          await main.getByRole('link', { name: 'care@lacebloom.in' }).first().getAttribute('href'),
        ).toBe('mailto:care@lacebloom.in');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/shipping-shop-${viewport}.png`, fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}

describe('the exchange policy keeps its marked lists', () => {
  it('draws a tick and a cross list (1280 px)', async () => {
    const { page, context } = await openPage(browser, shopURL(), 'desktop');
    try {
      await page.goto('/return-refund-policy#eligible');
      await waitForHydration(page);
      const mark = await page
        .locator('ul.check-list > li')
        .first()
        .evaluate(
          (item) =>
            getComputedStyle(item, '::before').maskImage ||
            getComputedStyle(item, '::before').webkitMaskImage,
        );
      expect(mark).toContain('data:image/svg+xml');
      expect(await page.locator('ul.cross-list > li').count()).toBe(7);
      await photograph(page.locator('#eligible'), { path: `${shots}/exchange-lists-desktop.png` });
    } finally {
      await context.close();
    }
  });
});
