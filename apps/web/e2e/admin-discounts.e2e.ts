// Discount codes and shop settings in a real browser, at 1280 px: the owner creates a 10%
// coupon with a minimum order (the form refusing 95% with the domain's reason first); a shopper
// applies it in her cart and sees the discount; the owner deactivates it and the shopper's next
// apply gets the engine's message; the owner's settings refuse a GSTIN whose check digit is wrong
// and save one that is right, which the storefront's public settings then show.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { newShopper } from './account-helpers.ts';
import { signInBrowser } from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { api, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
const shots = '/tmp/shots-admin-discounts';
const patient = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
});
afterAll(async () => {
  await browser?.close();
});

/** A shopper whose server cart holds one piece of a product priced ₹600 or more. */
async function shopperWithCart(offset: number) {
  const shopper = newShopper();
  const signup = await api<{ accessToken: string; refreshToken: string }>('POST', '/auth/signup', {
    body: shopper,
  });
  expect(signup.status).toBe(201);
  const { data } = await api<ProductList>('GET', '/product/products?limit=100&sort=price-desc');
  const product = data.products.filter(
    (candidate) =>
      candidate.price >= 600 && candidate.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
  )[12 + offset]!;
  const color = product.colors[0]!;
  const size = color.sizeStock.find((entry) => entry.stock >= 3)!.size;
  const added = await api('POST', '/cart', {
    token: signup.data.accessToken,
    body: {
      product: product._id,
      quantity: 1,
      size: size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0],
    },
  });
  expect(added.status).toBeLessThan(300);
  return { session: signup.data, price: product.price };
}

// One width: an owner's journey runs once, at the width named here; every back-office screen
// is checked at both widths (axe, and nothing wider than the screen) in admin-screens.e2e.ts.
for (const [index, viewport] of (['desktop'] as Viewport[]).entries()) {
  describe(`discounts and settings (${viewport})`, () => {
    it('creates a coupon the shopper uses, deactivates it, and edits the settings', async () => {
      const code = `E2E10${viewport.toUpperCase()}${Date.now() % 100_000}`;
      const admin = await openPage(browser, shopURL(), viewport);
      const shop = await openPage(browser, shopURL(), viewport);
      // The settings as the other browser files expect them, put back at the end.
      const before = await api<{ settings: unknown }>('GET', '/admin/settings', {
        token: owner.accessToken,
      });
      expect(before.status).toBe(200);
      try {
        const page = admin.page;
        await signInBrowser(page, owner);
        await page.goto('/admin/discounts');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor(patient);
        // The seeded codes are listed with their state.
        const list = page.getByLabel('Discount codes', { exact: true }).filter({ visible: true });
        await list.getByText('NEW10', { exact: true }).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/discounts-${viewport}.png`, fullPage: true });

        // Filters live in the URL.
        await page.getByLabel('State').selectOption('expired');
        await page.getByRole('button', { name: 'Filter' }).click();
        await page.waitForURL(/state=expired/, patient);
        await list.getByText('FESTIVE20', { exact: true }).waitFor(patient);
        await expect.poll(() => list.getByText('NEW10', { exact: true }).count()).toBe(0);

        await page.getByRole('link', { name: 'New code' }).click();
        await page.getByRole('heading', { name: 'New discount code' }).waitFor(patient);
        await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
        await page.getByLabel('Percent off').fill('95');
        await page.getByLabel('Minimum order (₹)').fill('500');
        await page.getByRole('button', { name: 'Create code' }).click();
        // The route's schema, with the domain's rule, answers in the form.
        await page.getByText('A percentage must be a whole number from 1 to 90').waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/discount-new-${viewport}.png`, fullPage: true });
        await page.getByLabel('Percent off').fill('10');
        await page.getByRole('button', { name: 'Create code' }).click();
        await page.getByRole('status').getByText('Discount created').waitFor(patient);
        await page.getByRole('heading', { name: code }).waitFor(patient);

        // The shopper applies it in her cart.
        const { session, price } = await shopperWithCart(index);
        const cart = shop.page;
        await signInBrowser(cart, session);
        await cart.goto('/cart');
        await waitForHydration(cart);
        await expect.poll(() => cart.getByTestId('cart-line').count(), patient).toBe(1);
        await cart.getByLabel('Coupon or voucher').fill(code.toLowerCase());
        await cart.getByRole('button', { name: 'Apply' }).click();
        await cart.getByText(/Discount applied successfully! You saved/).waitFor(patient);
        const tenth = Math.floor((Math.round(price * 100) * 10 + 50) / 100) / 100;
        await expect
          .poll(async () =>
            (await cart.getByTestId('discount-line').innerText()).replace(/\s/g, ''),
          )
          .toBe(`${code}\u2212₹${tenth.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
        await cart.getByRole('button', { name: `Remove ${code}` }).click();
        await expect.poll(() => cart.getByTestId('discount-line').count()).toBe(0);

        // The owner switches it off; the shopper's next apply gets the engine's answer.
        await page.getByRole('button', { name: 'Deactivate' }).click();
        await page.getByRole('status').getByText(`Discount deactivated: ${code}.`).waitFor(patient);
        await page.getByRole('button', { name: 'Activate again' }).waitFor(patient);
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/discount-${viewport}.png`, fullPage: true });
        await cart.getByLabel('Coupon or voucher').fill(code);
        await cart.getByRole('button', { name: 'Apply' }).click();
        await cart.getByText('Invalid discount code').first().waitFor(patient);
        await expect.poll(() => cart.getByTestId('discount-line').count()).toBe(0);

        // Settings: a GSTIN with a wrong check digit is refused, the right one saved.
        await page.goto('/admin/settings');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Shop settings', level: 1 }).waitFor(patient);
        const gstin = page.getByLabel('GSTIN');
        await gstin.waitFor(patient);
        await gstin.fill('29AAGCB7383J1Z5');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page
          .getByText('This GSTIN’s last character (its check digit) does not match the others', {
            exact: false,
          })
          .waitFor(patient);
        expect(await gstin.getAttribute('aria-invalid')).toBe('true');
        expect(await seriousViolations(page)).toEqual([]);
        await photograph(page, { path: `${shots}/settings-${viewport}.png`, fullPage: true });
        await gstin.fill('29aagcb7383j1z4');
        const hours = `Mon-Sat 10 AM-7 PM (${viewport})`;
        await page.getByLabel('Business hours').fill(hours);
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByRole('status').getByText('Settings saved').waitFor(patient);
        await expect.poll(() => gstin.inputValue(), patient).toBe('29AAGCB7383J1Z4');
        const shown = await api<{ businessHours: string }>('GET', '/settings/public');
        expect(shown.data.businessHours).toBe(hours);
        // The storefront's contact page shows them from the next visit on.
        await cart.goto('/contact');
        await cart
          .locator('section[aria-labelledby="contact-details-title"]')
          .getByText(`Mon-Sat 10 AM-7 PM (${viewport})`)
          .first()
          .waitFor(patient);

        // The code's apply refused with a 400, shown above as the engine's message.
        expect(shop.problems.filter((problem) => !problem.includes('400'))).toEqual([]);
        expect(admin.problems).toEqual([]);
      } finally {
        await admin.context.close();
        await shop.context.close();
        const restored = await api('PATCH', '/admin/settings', {
          token: owner.accessToken,
          body: before.data.settings,
        });
        expect(restored.status).toBe(200);
      }
    });
  });
}
