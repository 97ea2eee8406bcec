// The catalogue's whole story in a real browser, at 1280 px: the owner
// creates a bra with two colours, uploads six photos (five to one colour, of which one is refused
// for its size with the message shown; one to the other) and describes them, fills its colour × size grid on the stock desk, activates it
// and finds it on the storefront (listing and product page, with her alt texts); a shopper buys
// one size through the payment simulator; the owner's grid shows the piece taken; a CSV dry run
// shows the planned price change and a row's error, and the confirmed import changes the
// storefront's price. Then a banner scheduled for tomorrow: not on the home page today, on it
// once the clock moves to tomorrow (see the last describe for how the server's clock moves).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productCsvColumns, productCsvMessages } from '@shop/contracts/products-csv';
import { uploadMessages } from '@shop/domain/media-uploads';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { shopURL } from './shop.ts';
import { lastMail, newShopper, signInDialog, signUpThroughDialog } from './account-helpers.ts';
import { fitsWidth, signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';
import { startShopServer, type ShopServer } from './shop-server.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-story';
const patient = { timeout: 30_000 };
/** An upload is resized by the server before its preview shows: slow on a loaded machine. */
const upload = { timeout: 90_000 };
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** A photo of one shade, made for this run (no fixtures in the repository). */
function photoOf(shade: number, width = 400, height = 500) {
  const background = { r: 110 + shade * 12, g: 40 + shade * 9, b: 80 + shade * 7 };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** The text beside a stock cell (its free units, and any held by unpaid orders). */
async function cellNow(page: Page, colorName: string, size: string) {
  const input = page.getByLabel(`${colorName} ${size}: change`);
  const id = await input.getAttribute('id');
  return (await page.locator(`[id="${id}-now"]`).textContent())?.trim();
}

async function shot(page: Page, name: string) {
  await photograph(page, { path: `${shots}/${name}.png`, fullPage: true });
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const viewport of ['desktop'] as Viewport[]) {
  describe(`the catalogue story (${viewport})`, () => {
    it('a new bra from the form to a shopper, its stock taken, and a CSV price change', async () => {
      const stamp = `${viewport} ${Date.now()}`;
      const name = `Story Lace Bralette ${stamp}`;
      const alt = (view: number) => `Rosewood lace bralette ${viewport} view ${view}`;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      try {
        // The owner creates it, inactive, with two colours and their sizes at 0.
        await signInBrowser(page, owner);
        await page.goto('/admin/products/new');
        await waitForHydration(page);
        await page.getByLabel('Name', { exact: true }).waitFor(patient);
        await page.getByLabel('Name', { exact: true }).fill(name);
        await page.getByLabel('Subheading').fill('Scalloped lace and no wire');
        await page.getByLabel('Description').fill('A soft bralette for long days.');
        const category = page.getByLabel('Category', { exact: true });
        await category.selectOption({ label: 'Bras' });
        const subcategory = page.getByLabel('Subcategory', { exact: true });
        const subcategories = await subcategory.locator('option').allTextContents();
        await subcategory.selectOption({ label: subcategories[1]! });
        await page.getByLabel('Price with GST (₹)').fill('1499');
        await page.getByLabel('MRP (₹)').fill('1899');

        await page.locator('#color-0-name').fill('Rosewood');
        await page.locator('#color-0-hex').fill('#8A3B4A');
        const photos = page.getByRole('group', { name: 'Photos of Rosewood' });
        // Five photos at once: four upload, the one over 20 MB is refused with the reason (the
        // sixth is Ivory's, below).
        const huge = Buffer.alloc(21 * 1024 * 1024, 7);
        huge.set([0xff, 0xd8, 0xff, 0xe0]);
        const shade = viewport === 'phone' ? 0 : 5;
        await page.getByLabel('Add photos of Rosewood').setInputFiles(
          [
            ...(await Promise.all(
              [1, 2, 3, 4].map(async (view) => ({
                name: `story-${viewport}-${view}.jpg`,
                mimeType: 'image/jpeg',
                buffer: await photoOf(view + shade),
              })),
            )),
            { name: 'story-huge.jpg', mimeType: 'image/jpeg', buffer: huge },
          ],
          { timeout: 120_000 },
        );
        const thumbnails = photos.getByRole('list', { name: /in the order shoppers see them/ });
        await expect
          .poll(() => thumbnails.getByRole('listitem').count(), { timeout: 90_000 })
          .toBe(4);
        const refused = photos.getByRole('list', { name: 'Uploads' });
        await refused.getByText(uploadMessages.tooLarge).waitFor(upload);
        expect(await refused.getByRole('listitem').textContent()).toContain('story-huge.jpg');
        for (const view of [1, 2, 3, 4]) {
          await photos.getByLabel(`Alt text of photo ${view} (required)`).fill(alt(view));
        }
        await photos.scrollIntoViewIfNeeded();
        await shot(page, `1-photos-${viewport}`);

        await page.locator('#color-0-size-0').fill('34B');
        await page.locator('#color-0-stock-0').fill('0');
        await page.getByRole('button', { name: 'Add a size' }).first().click();
        await page.locator('#color-0-size-1').fill('36B');
        await page.locator('#color-0-stock-1').fill('0');
        await page.getByRole('button', { name: 'Add a colour' }).click();
        await page.locator('#color-1-name').fill('Ivory');
        await page.locator('#color-1-hex').fill('#FFFFF0');
        const ivoryPhotos = page.getByRole('group', { name: 'Photos of Ivory' });
        await page.getByLabel('Add photos of Ivory').setInputFiles({
          name: `story-${viewport}-ivory.jpg`,
          mimeType: 'image/jpeg',
          buffer: await photoOf(9),
        });
        await ivoryPhotos
          .getByLabel('Alt text of photo 1 (required)')
          .fill(`Ivory lace bralette ${viewport} view 1`, upload);
        await page.locator('#color-1-size-0').fill('34B');
        await page.locator('#color-1-stock-0').fill('0');
        await page.getByLabel('HSN code').fill('621210');
        expect(await page.getByLabel(/Active/).isChecked()).toBe(false);
        await page.getByRole('button', { name: 'Create product' }).click();
        await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/, patient);
        const productId = page.url().split('/').pop()!;
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        // Inactive, the shop does not know it yet.
        expect((await api('GET', `/product/${productId}`)).status).toBe(404);

        // The stock desk's grid: a delivery into each size.
        await page.goto(`/admin/stock/${productId}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        expect(await cellNow(page, 'Rosewood', '36B')).toMatch(/^0 free/);
        await page.getByLabel('Rosewood 34B: change').fill('+6');
        await page.getByLabel('Rosewood 36B: change').fill('+5');
        await page.getByLabel('Ivory 34B: change').fill('+3');
        await shot(page, `2-grid-typed-${viewport}`);
        await page.getByRole('button', { name: 'Save 3 changes' }).click();
        const saved = page.getByRole('status').filter({ hasText: 'Saved' });
        await saved.waitFor(patient);
        expect(await saved.textContent()).toContain('Rosewood 36B: 0 → 5 (+5, Delivery)');
        await expect.poll(() => cellNow(page, 'Rosewood', '36B'), patient).toBe('5 free');
        expect(await seriousViolations(page)).toEqual([]);

        // Activated in the product editor.
        await page.goto(`/admin/products/${productId}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        await page.getByLabel(/Active/).check();
        await page.getByRole('button', { name: 'Save product' }).click();
        await page.getByText('Saved. The shop shows the change now.').waitFor(patient);

        // On the storefront at once: the listing's newest bras, then the product page, each
        // picture with the owner's alt text.
        await page.goto('/products/bras?sort=newest');
        await waitForHydration(page);
        const card = page.getByRole('link', { name }).filter({ visible: true }).first();
        await card.waitFor(patient);
        await page
          .locator(`img[alt="${alt(1)}"]`)
          .first()
          .waitFor(patient);
        expect(await fitsWidth(page)).toBe(true);
        await shot(page, `3-listing-${viewport}`);
        await card.click();
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        await waitForHydration(page);
        // The gallery's main picture carries the alt text of the photo it shows.
        const main = page.getByTestId('gallery-image');
        await expect.poll(() => main.getAttribute('alt'), patient).toBe(alt(1));
        for (let step = 0; step < 3; step += 1) {
          await page.getByRole('button', { name: 'Next image' }).click();
        }
        await expect.poll(() => main.getAttribute('alt'), patient).toBe(alt(4));
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `4-product-${viewport}`);

        // A shopper, in a browser of her own, buys one 36B through the payment simulator.
        const shopper = await openPage(browser, shopURL(), viewport);
        try {
          const buyer = shopper.page;
          await buyer.goto(`/product/${productId}`);
          await waitForHydration(buyer);
          await buyer.locator('button[data-size="36B"]').click();
          await buyer.getByRole('button', { name: 'Add To Cart' }).click();
          await buyer.getByText(`${name} added to cart!`).waitFor(patient);
          await buyer.goto('/cart');
          await waitForHydration(buyer);
          await buyer.getByRole('button', { name: 'Proceed to Buy' }).click();
          await expect.poll(() => signInDialog(buyer).isVisible(), patient).toBe(true);
          await signUpThroughDialog(buyer, newShopper());
          await expect.poll(() => buyer.getByTestId('cart-line').count(), patient).toBe(1);
          await buyer.getByRole('button', { name: 'Proceed to Buy' }).click();
          await buyer.waitForURL('**/checkout', patient);
          await buyer.getByLabel('Full name').fill('Meera Iyer');
          await buyer.getByLabel('Address line 1').fill('12 MG Road');
          await buyer.getByLabel('City').fill('Bengaluru');
          await buyer.getByLabel('State').fill('Karnataka');
          await buyer.getByLabel('PIN code').fill('560001');
          await buyer.getByLabel('Phone').fill('9876543210');
          await buyer.getByRole('button', { name: 'Place Order' }).click();
          await buyer.getByRole('dialog').getByRole('button', { name: /^Pay / }).click(patient);
          await buyer.waitForURL('**/order-success/**', patient);
          await expect
            .poll(() => buyer.getByText('Payment Successful').isVisible(), patient)
            .toBe(true);
          await shot(buyer, `5-paid-${viewport}`);
          expect(shopper.problems).toEqual([]);
        } finally {
          await shopper.context.close();
        }

        // The owner's grid shows the piece taken.
        await page.goto(`/admin/stock/${productId}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        await expect.poll(() => cellNow(page, 'Rosewood', '36B'), patient).toBe('4 free');
        expect(await cellNow(page, 'Rosewood', '34B')).toBe('6 free');
        await shot(page, `6-grid-after-sale-${viewport}`);

        // CSV: the export's rows of this product, repriced; a dry run with a bad row shows the
        // planned change and the error, nothing changes until the corrected file is confirmed.
        const { data: detail } = await api<{ slug: string }>(
          'GET',
          `/admin/products/${productId}`,
          {
            token: owner.accessToken,
          },
        );
        await page.goto('/admin/products');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor(patient);
        const downloading = page.waitForEvent('download', patient);
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const exported = readFileSync((await (await downloading).path())!, 'utf8').replace(
          /^\uFEFF/,
          '',
        );
        const [header, ...lines] = exported.split('\n');
        const rows = lines.filter((line) => line.startsWith(`${detail.slug},`));
        expect(rows).toHaveLength(3);
        const price = productCsvColumns.indexOf('price');
        const categoryColumn = productCsvColumns.indexOf('category');
        expect(rows.every((line) => line.split(',')[price] === '1499')).toBe(true);
        const repriced = rows.map((line) => {
          const cells = line.split(',');
          cells[price] = '1399';
          return cells.join(',');
        });
        const bad = repriced[0]!.split(',');
        bad[0] = `${detail.slug}-copy`;
        bad[categoryColumn] = 'Nowhere';
        const file = (body: string[]) => ({
          name: 'products.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from([header, ...body, ''].join('\n')),
        });
        await page.getByRole('button', { name: 'Import CSV' }).click();
        await page.getByLabel('CSV file').setInputFiles(file([...repriced, bad.join(',')]));
        await page.getByRole('button', { name: 'Check file' }).click();
        const planned = page.getByRole('list', { name: 'Planned changes' });
        await planned.waitFor(patient);
        expect(await planned.textContent()).toContain('price: 1499 → 1399');
        expect(await page.getByRole('row', { name: /Nowhere/ }).textContent()).toBe(
          `5category${productCsvMessages.categoryUnknown('Nowhere')}`,
        );
        expect(await page.getByRole('button', { name: 'Confirm import' }).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `7-csv-dry-run-${viewport}`);
        expect((await api<{ price: number }>('GET', `/product/${productId}`)).data.price).toBe(
          1499,
        );
        await page.getByLabel('CSV file').setInputFiles(file(repriced));
        await page.getByRole('button', { name: 'Check file' }).click();
        await page.getByRole('button', { name: 'Confirm import' }).click();
        await page.getByText(/^Imported: 0 created, 1 updated/).waitFor(patient);
        await shot(page, `8-csv-imported-${viewport}`);

        // The storefront's product page shows the imported price.
        await page.goto(`/product/${productId}`);
        await waitForHydration(page);
        await page.getByRole('heading', { name, level: 1 }).waitFor(patient);
        await page.getByText('₹1,399').first().waitFor(patient);
        await shot(page, `9-product-repriced-${viewport}`);
        expect(problems).toEqual([]);
      } catch (error) {
        await shot(page, `failed-${viewport}`).catch(() => {});
        throw error;
      } finally {
        await context.close();
      }
    }, 300_000);
  });
}

/**
 * The storefront shows a banner by the server's clock (the database's `now()` against its
 * schedule), so moving only the browser's clock (`page.clock`) would prove nothing. This story
 * runs a shop server of its own, started from the same seeded copy as the suite's, whose whole
 * process clock can be moved (fixtures/shifted-clock.ts: `Date`, and through it PGlite's
 * `now()`); the browser's clock is moved by the same amount with `page.clock`.
 */
describe('a banner scheduled for tomorrow', () => {
  let shop: ShopServer;
  const clockFile = join(tmpdir(), `shop-clock-${process.pid}-${Date.now()}`);

  beforeAll(async () => {
    writeFileSync(clockFile, '0');
    shop = await startShopServer({ ADMIN_EMAILS: inject('ownerEmail') }, { clockFile });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
  });

  /** The owner of this server: signed up, verified through its outbox, signed in. */
  async function ownerOfShop() {
    const call = async <T>(path: string, body: unknown) => {
      const response = await fetch(`${shop.baseURL}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, data: ((await response.json()) as { data: T }).data };
    };
    const email = inject('ownerEmail');
    const password = 'orchid-ledger-7';
    const signup = await call('/auth/signup', {
      firstName: 'Asha',
      lastName: 'Owner',
      email,
      password,
      phone: '9876543211',
    });
    expect(signup.status).toBe(201);
    let mail: string | undefined;
    const deadline = Date.now() + 20_000;
    while (!(mail = await lastMail(shop.dataDir, email, /confirm/i))) {
      if (Date.now() > deadline) throw new Error('no verification mail');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = decodeURIComponent(/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!);
    expect((await call('/auth/verify-email', { token })).status).toBe(200);
    const login = await call<{ accessToken: string; refreshToken: string }>('/auth/login', {
      email,
      password,
    });
    expect(login.status).toBe(200);
    return login.data;
  }

  async function homeBanners(viewport: Viewport, name: string, shift: number, label: string) {
    const { page, context, problems } = await openPage(browser, shop.baseURL, viewport);
    try {
      if (shift) await page.clock.setSystemTime(new Date(Date.now() + shift));
      await page.goto('/');
      await waitForHydration(page);
      await page
        .locator('img[alt="Welcome offer NEW10"]')
        .first()
        .waitFor({ state: 'attached', ...patient });
      const count = await page.locator(`img[alt="${name}"]`).count();
      if (count > 0) {
        // Ours is the last slide: brought to the front for the screenshot.
        await page
          .getByRole('button', { name: /^Show banner \d+$/ })
          .filter({ visible: true })
          .last()
          .click();
        // The 1 s cross-fade has brought it to the top.
        await expect
          .poll(() =>
            page
              .locator('[aria-roledescription="slide"][data-active="true"]')
              .filter({ visible: true })
              .last()
              .evaluate((node) => getComputedStyle(node).opacity),
          )
          .toBe('1');
      }
      await photograph(page, { path: `${shots}/banner-${label}-${viewport}.png` });
      expect(problems).toEqual([]);
      return count;
    } finally {
      await context.close();
    }
  }

  it('is not on the home page today at either width, and is once the clock reaches it', async () => {
    onTestFailed(() =>
      console.log(`the banner test's server said:\n${shop.output().slice(-6000)}`),
    );
    const session = await ownerOfShop();
    const name = `Tomorrow lace sale ${Date.now()}`;
    // A picture that says what it is, so the screenshots show which slide is ours.
    const picture = (width: number, height: number) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
            `<rect width="100%" height="100%" fill="#962855"/>` +
            `<text x="50%" y="50%" text-anchor="middle" font-family="sans-serif" ` +
            `font-size="${Math.round(width / 14)}" fill="#fff">Tomorrow's lace sale</text></svg>`,
        ),
      )
        .png()
        .toBuffer();
    // Tomorrow at this minute, as the form's datetime-local input takes it in India time.
    const start = new Date(Date.now() + DAY_MS + 330 * 60 * 1000).toISOString().slice(0, 16);
    const { page, context, problems } = await openPage(browser, shop.baseURL, 'desktop');
    try {
      await signInBrowser(page, session);
      await page.goto('/admin/banners');
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Banners', level: 1 }).waitFor(patient);
      await page.getByRole('button', { name: 'New banner' }).click();
      const form = page.getByRole('form', { name: 'New banner' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Link').fill('/products/bras');
      await form.getByLabel('Upload the desktop picture').setInputFiles({
        name: 'tomorrow-desktop.png',
        mimeType: 'image/png',
        buffer: await picture(1920, 680),
      });
      await form
        .getByRole('img', { name: 'Desktop picture preview' })
        .waitFor(upload)
        .catch(async (error: unknown) => {
          await photograph(page, { path: `${shots}/banner-failed.png`, fullPage: true });
          throw error;
        });
      await form.getByLabel('Upload the mobile picture').setInputFiles({
        name: 'tomorrow-mobile.png',
        mimeType: 'image/png',
        buffer: await picture(750, 900),
      });
      await form.getByRole('img', { name: 'Mobile picture preview' }).waitFor(upload);
      await form.getByLabel('Shows from (India time)').fill(start);
      await form.getByRole('button', { name: 'Add banner' }).click();
      await page.getByRole('status').getByText('Banner created').waitFor(patient);
      await photograph(page, { path: `${shots}/banner-admin-desktop.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // Today: in neither width's answer nor on the home page.
    for (const path of ['/banner', '/mobile-banner']) {
      const shown = (await (await fetch(`${shop.baseURL}/api${path}`)).json()) as {
        data: { name: string }[];
      };
      expect(shown.data.map((banner) => banner.name)).not.toContain(name);
    }
    expect(await homeBanners('phone', name, 0, 'today')).toBe(0);
    expect(await homeBanners('desktop', name, 0, 'today')).toBe(0);

    // The server's clock moves a day and an hour on (its process and its embedded database).
    const shift = DAY_MS + 60 * 60 * 1000;
    writeFileSync(clockFile, String(shift));
    shop.child.kill('SIGUSR2');
    await expect
      .poll(async () => {
        const shown = (await (await fetch(`${shop.baseURL}/api/banner`)).json()) as {
          data: { name: string }[];
        };
        return shown.data.map((banner) => banner.name);
      }, patient)
      .toContain(name);
    expect(await homeBanners('phone', name, shift, 'tomorrow')).toBeGreaterThan(0);
    expect(await homeBanners('desktop', name, shift, 'tomorrow')).toBeGreaterThan(0);
  }, 240_000);
});
