// The journal's back office in a real browser, at 1280 px: the owner writes a post in the
// rich-text editor (typed text, a bold phrase, a link, a cover photo) and publishes it; hostile
// HTML reaches it by a paste into the editor and through the API, and the published article on
// the storefront holds no script, handler, javascript: link or iframe, and no alert fires; a
// draft is not on /blogs. The screens and the article are photographed into /tmp/shots-blog-admin/.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { fitsWidth, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, settled, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-blog-admin';
const patient = { timeout: 20_000 };

/** Pasted markup trying each way to run code: script, handler, `javascript:` link, frame. */
const HOSTILE =
  '<p>Pasted words</p><script>alert("script")</script>' +
  '<img src="x" onerror="alert(\'onerror\')">' +
  '<a href="javascript:alert(\'link\')">a trap</a>' +
  '<iframe src="https://example.com"></iframe>';

interface AdminPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  image: string | null;
  markup: string;
  status: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** Pastes HTML into the focused editor as a browser's clipboard would hand it over. */
async function pasteHtml(page: Page, html: string) {
  await page.getByRole('textbox', { name: 'Article' }).evaluate((editor, markup) => {
    const data = new DataTransfer();
    data.setData('text/html', markup);
    data.setData('text/plain', 'Pasted words');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const viewport of ['desktop'] as Viewport[]) {
  describe(`the journal's back office (${viewport})`, () => {
    it('writes and publishes a post whose storefront article keeps no script; a draft stays off /blogs', async () => {
      const title = `Caring for lace ${viewport} ${Date.now()}`;
      const cover = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 214, g: 150, b: 170 } },
      })
        .jpeg()
        .toBuffer();
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/blog');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor(patient);
        await page.getByRole('link', { name: 'New post' }).click();
        await page.getByRole('heading', { name: 'New post', level: 1 }).waitFor(patient);

        const form = page.getByRole('form', { name: 'New post' });
        await form.getByLabel('Title').fill(title);
        await form
          .getByLabel('Excerpt')
          .fill('Lace lasts for years when it is washed by hand and dried flat.');
        await form.getByLabel('Upload the cover photo').setInputFiles({
          name: 'cover.jpg',
          mimeType: 'image/jpeg',
          buffer: cover,
        });
        await form
          .getByRole('img', { name: 'The cover, as the journal crops it' })
          .waitFor(patient);

        // The editor arrives in its own chunk; then the author types, bolds and links.
        const editor = form.getByRole('textbox', { name: 'Article' });
        await editor.waitFor(patient);
        await editor.click();
        await page.keyboard.type('Wash lace by hand in cool water. ');
        await form.getByRole('button', { name: 'Bold' }).click();
        await page.keyboard.type('Never tumble dry');
        await form.getByRole('button', { name: 'Bold' }).click();
        await page.keyboard.type('. Find your fit among our bras');
        // Linking a word selected with the keyboard. The editor reads typed text from the page a
        // moment after the keys (a person typing leaves it time); the selection waits for it.
        await expect.poll(() => editor.innerHTML(), patient).toContain('among our bras');
        {
          for (let step = 0; step < 'bras'.length; step += 1) {
            await page.keyboard.press('Shift+ArrowLeft');
          }
          await form.getByRole('button', { name: 'Link' }).click();
          await form.getByLabel('Link address').fill('/products/bras');
          await form.getByRole('button', { name: 'Apply link' }).click();
          await expect
            .poll(() => editor.innerHTML(), patient)
            .toContain('<a href="/products/bras">bras</a>');
        }
        await page.keyboard.press('End');
        await page.keyboard.press('Enter');
        // A paste of hostile HTML: the editor keeps the words and nothing else.
        await pasteHtml(page, HOSTILE);
        await expect.poll(() => editor.innerHTML(), patient).toContain('Pasted words');
        const written = await editor.innerHTML();
        expect(written).toContain('<strong>Never tumble dry</strong>');
        expect(written).toContain('href="/products/bras"');
        expect(written).not.toMatch(/<script|onerror|javascript:|<iframe|src="x"/i);

        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/blog-new-${viewport}.png`, fullPage: true });

        await form.getByRole('button', { name: 'Publish' }).click();
        await page.getByRole('status').getByText('Post published').waitFor(patient);
        await page.getByRole('heading', { level: 1, name: title }).waitFor(patient);
        await page.getByRole('button', { name: 'Unpublish' }).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/blog-post-${viewport}.png`, fullPage: true });

        // Raw HTML set through the API, past any editor: the server sanitizes it too.
        const posts = await api<{ posts: { id: string; title: string }[] }>(
          'GET',
          `/admin/blog?q=${encodeURIComponent(title)}`,
          { token: owner.accessToken },
        );
        const id = posts.data.posts[0]!.id;
        const saved = await api<AdminPost>('GET', `/admin/blog/${id}`, {
          token: owner.accessToken,
        });
        const hostile = await api<AdminPost>('PATCH', `/admin/blog/${id}`, {
          token: owner.accessToken,
          body: {
            title,
            slug: saved.data.slug,
            excerpt: saved.data.excerpt,
            image: saved.data.image,
            markup: `${saved.data.markup}${HOSTILE}`,
            status: 'published',
          },
        });
        expect(hostile.status).toBe(200);

        // A draft is not on the journal.
        const draftTitle = `Unfinished draft ${viewport} ${Date.now()}`;
        const draft = await api('POST', '/admin/blog', {
          token: owner.accessToken,
          body: { title: draftTitle, markup: '<p>Not yet.</p>', status: 'draft' },
        });
        expect(draft.status).toBe(201);

        await page.goto('/admin/blog');
        await waitForHydration(page);
        await page
          .getByLabel('Posts', { exact: true })
          .filter({ visible: true })
          .getByText(draftTitle)
          .waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/blog-list-${viewport}.png`, fullPage: true });

        await page.goto('/blogs');
        await waitForHydration(page);
        await page.getByRole('button', { name: title }).waitFor(patient);
        expect(await page.getByText(draftTitle).count()).toBe(0);
        await page.getByRole('button', { name: title }).click();
        const reader = page.getByRole('dialog', { name: title });
        await reader.waitFor(patient);
        const body = reader.getByTestId('blog-body');
        await body.getByText('Never tumble dry').waitFor(patient);
        expect(await body.locator('strong', { hasText: 'Never tumble dry' }).count()).toBe(1);
        expect(await body.locator('a[href="/products/bras"]').count()).toBe(1);
        expect(
          await body.evaluate(
            (element) =>
              element.querySelectorAll('script, iframe, [onerror], a[href^="javascript" i]').length,
          ),
        ).toBe(0);
        expect(await body.innerHTML()).not.toMatch(/alert|javascript:|onerror/i);
        // Any handler that slipped through has fired once every image has loaded or failed.
        await expect
          .poll(() =>
            body.evaluate((element) =>
              [...element.querySelectorAll('img')].every((image) => image.complete),
            ),
          )
          .toBe(true);
        await settled(page);
        expect(alerts).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsWidth(page)).toBe(true);
        await photograph(page, { path: `${shots}/article-${viewport}.png`, fullPage: false });
        // Parsing the pasted HTML (inertly, to clean it) makes Chromium report the page's CSP
        // refusing its onerror handler (script-src-attr 'none'): a refusal, nothing ran (no
        // alert above). Anything else is a problem.
        expect(problems.filter((problem) => !/script-src-attr 'none'/.test(problem))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
}
