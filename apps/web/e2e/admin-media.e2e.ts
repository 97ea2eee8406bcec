// The photo manager in a real browser, at 375 px, on the back office's photo library:
// two photos upload, a file over 20 MB and a text file named .jpg are refused with their
// reasons, the photos are reordered by keyboard, saving is refused until each has alt text, a
// focal point is picked on the image, and the saved photos are listed in the library.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { photoMessages } from '@shop/contracts/media';
import { uploadMessages } from '@shop/domain/media-uploads';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-media';
const patient = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** A photo of one colour with a band across it, made for this run (no fixtures in the repo). */
async function photo(format: 'jpeg' | 'png', colour: { r: number; g: number; b: number }) {
  const band = await sharp({
    create: { width: 800, height: 120, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
    .composite([{ input: band, top: 440, left: 0 }])
    .toFormat(format)
    .toBuffer();
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const viewport of ['phone'] as Viewport[]) {
  describe(`the photo library (${viewport})`, () => {
    it('uploads two photos, refuses the oversize and the fake, reorders by keyboard and saves alt text', async () => {
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      const seed = viewport === 'phone' ? 40 : 160;
      const rose = await photo('jpeg', { r: 200, g: seed, b: 120 });
      const plum = await photo('png', { r: 90, g: 30, b: seed });
      const huge = Buffer.alloc(21 * 1024 * 1024, 7);
      huge.set([0xff, 0xd8, 0xff, 0xe0]);
      try {
        await signInBrowser(page, owner);
        await page.goto('/admin/media');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Photos', level: 1 }).waitFor(patient);

        await page.getByLabel('Add photos').setInputFiles([
          { name: `rose-${viewport}.jpg`, mimeType: 'image/jpeg', buffer: rose },
          { name: 'huge-photo.jpg', mimeType: 'image/jpeg', buffer: huge },
          // A PNG named .jpg is taken as the PNG it is.
          { name: `plum-${viewport}.jpg`, mimeType: 'image/jpeg', buffer: plum },
          {
            name: 'notes.jpg',
            mimeType: 'image/jpeg',
            buffer: Buffer.from('not a photo '.repeat(50)),
          },
        ]);
        const list = page.getByRole('list', { name: 'New photos, in the order shoppers see them' });
        await list.getByRole('listitem').nth(1).waitFor(patient);
        expect(await list.getByRole('listitem').count()).toBe(2);
        const uploads = page.getByRole('list', { name: 'Uploads' });
        await uploads.getByText(uploadMessages.tooLarge).waitFor(patient);
        // Refused by the server, which tells the kind by the bytes.
        await uploads.getByText(uploadMessages.unsupported).waitFor(patient);
        await expect.poll(() => uploads.getByRole('listitem').count(), patient).toBe(2);
        expect(await uploads.getByRole('listitem').first().textContent()).toContain(
          'huge-photo.jpg',
        );
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/uploaded-${viewport}.png`, fullPage: true });

        // Reorder by keyboard: the first photo moves later, the move is announced, focus stays.
        const sources = () =>
          list
            .locator('img')
            .evaluateAll((images) =>
              images.map((image) => (image as HTMLImageElement).getAttribute('src')),
            );
        const before = await sources();
        await page.getByRole('button', { name: 'Move photo 1 later' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(sources, patient).toEqual([before[1], before[0]]);
        await page.getByText('Photo 1 moved to position 2 of 2.').waitFor({ state: 'attached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
          'Move photo 2 earlier',
        );

        // Saving without alt text is refused, photo by photo.
        await page.getByRole('button', { name: 'Save photo details' }).click();
        await page.getByText('Every photo needs its alt text before saving.').waitFor(patient);
        expect(await page.getByText(photoMessages.altRequired).count()).toBe(2);
        expect(
          await page.getByLabel('Alt text of photo 1 (required)').getAttribute('aria-invalid'),
        ).toBe('true');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/alt-required-${viewport}.png`, fullPage: true });

        // Typed key by key: the focus stays in the field after the moves above.
        await page.getByLabel('Alt text of photo 1 (required)').click();
        await page.keyboard.type('Plum lace bralette, front');
        expect(await page.getByLabel('Alt text of photo 1 (required)').inputValue()).toBe(
          'Plum lace bralette, front',
        );
        await page
          .getByLabel('Alt text of photo 2 (required)')
          .fill('Rose satin slip, on a hanger');
        // The focal point: a click on the image, near its top left.
        const focal = page.getByRole('button', { name: /^Focal point of photo 1/ });
        const box = (await focal.boundingBox())!;
        await focal.click({ position: { x: box.width * 0.25, y: box.height * 0.2 } });
        expect(await focal.getAttribute('aria-label')).toMatch(/25% across, 20% down/);
        await page.getByRole('button', { name: 'Save photo details' }).click();
        await page.getByText('Saved 2 photos.').waitFor(patient);
        expect(await list.count()).toBe(0);

        // The library lists them with their alt text, newest first.
        await page
          .getByText('Plum lace bralette, front')
          .filter({ visible: true })
          .first()
          .waitFor(patient);
        await page
          .getByText('Rose satin slip, on a hanger')
          .filter({ visible: true })
          .first()
          .waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/library-${viewport}.png`, fullPage: true });
        // The one console error allowed: the browser's own line for the server's 415.
        expect(problems.filter((problem) => !/status of 415/.test(problem))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
