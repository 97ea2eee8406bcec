// The checkout form as a shopper meets it at 375 and 1280 px: saved addresses fill every field,
// a new one can be saved to the profile, a refused submit shows its first bad field and the
// banner together, and phones and PIN codes follow the shop's one rule.
import type { Browser, Page } from 'playwright-core';
import type { Product, ProductList } from '@shop/contracts/catalogue';
import type { SavedAddressInput } from '@shop/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration, type viewports } from './browser.ts';
import { newShopper } from './account-helpers.ts';
import { seriousViolations, photograph } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shotDir = process.env.SHOT_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const home: SavedAddressInput = {
  name: 'Home',
  addressLine1: '14 Residency Road',
  addressLine2: 'Ashok Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560025',
  phone: '9123456780',
};
const office: SavedAddressInput = {
  name: 'Office',
  addressLine1: '7 Nariman Point',
  addressLine2: '',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400021',
  phone: '',
};

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown }) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.message}`);
  return body.data;
}

let stocked: Product[] | undefined;
/** A product with stock in its first colour, a different one per test. */
async function stockedProduct(index: number) {
  if (!stocked) {
    const list = await api<ProductList>('/product/products?limit=100', {});
    stocked = list.products.filter((product) =>
      product.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
    );
  }
  return stocked[(40 + index) % stocked.length]!;
}

let tests = 0;
/**
 * A signed-up shopper with one line in her cart, signed in in a fresh page at `viewport` (the
 * session is put where the storefront keeps it, once: a refresh the page makes later stays).
 */
async function shopperAtCheckout(
  viewport: keyof typeof viewports,
  addresses: SavedAddressInput[] = [],
) {
  tests += 1;
  const shopper = newShopper();
  const session = await api<{ accessToken: string; refreshToken: string }>('/auth/signup', {
    method: 'POST',
    body: { ...shopper, addresses },
  });
  const product = await stockedProduct(tests);
  const color = product.colors[0]!;
  await api('/cart', {
    method: 'POST',
    token: session.accessToken,
    body: {
      product: product._id,
      size: color.sizeStock.find((entry) => entry.stock >= 3)!.size,
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0] ?? product.images[0],
      quantity: 1,
    },
  });
  const opened = await openPage(browser, baseURL(), viewport);
  await opened.context.addInitScript(
    ([token, refreshToken]) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', token!);
      localStorage.setItem('refreshToken', refreshToken!);
    },
    [session.accessToken, session.refreshToken],
  );
  await opened.page.goto('/checkout');
  await waitForHydration(opened.page);
  await opened.page.getByRole('button', { name: 'Place Order' }).waitFor();
  return { ...opened, shopper, token: session.accessToken };
}

const fieldLabels = {
  name: 'Full name',
  addressLine1: 'Address line 1',
  addressLine2: /^Address line 2/,
  city: 'City',
  state: 'State',
  pinCode: 'PIN code',
  phone: 'Phone',
} as const;

/** The shipping form's values, by field. */
async function shippingValues(page: Page) {
  const entries = await Promise.all(
    Object.entries(fieldLabels).map(async ([field, label]) => [
      field,
      await page
        .getByLabel(label, { exact: typeof label === 'string' })
        .first()
        .inputValue(),
    ]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof fieldLabels, string>;
}

/** Where an element is, against the viewport: wholly inside it or not. */
async function inViewport(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return {
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      inside: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
    };
  }, selector);
}

async function shoot(page: Page, name: string) {
  if (shotDir) await photograph(page, { path: `${shotDir}/${name}.png` });
}

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`checkout form (${viewport})`, () => {
    it('picks the first saved address and fills every field from the one chosen', async () => {
      const { page, context, shopper, problems } = await shopperAtCheckout(viewport, [
        home,
        office,
      ]);
      const fullName = `${shopper.firstName} ${shopper.lastName}`;
      await expect.poll(() => page.getByRole('radio', { name: /^Home/ }).isChecked()).toBe(true);
      await shoot(page, `${viewport}-saved-address`);
      expect(await shippingValues(page)).toEqual({
        name: fullName,
        addressLine1: home.addressLine1,
        addressLine2: home.addressLine2,
        city: home.city,
        state: home.state,
        pinCode: home.pinCode,
        phone: home.phone,
      });

      // Office has no phone of its own: the account's is used.
      await page.getByRole('radio', { name: /^Office/ }).check();
      expect(await shippingValues(page)).toEqual({
        name: fullName,
        addressLine1: office.addressLine1,
        addressLine2: '',
        city: office.city,
        state: office.state,
        pinCode: office.pinCode,
        phone: '9876543210',
      });
      // Only an address typed here is offered for saving.
      expect(await page.getByLabel('Save this address').count()).toBe(0);

      await page.getByRole('radio', { name: 'A new address' }).check();
      expect(await shippingValues(page)).toEqual({
        name: fullName,
        addressLine1: '',
        addressLine2: '',
        city: '',
        state: '',
        pinCode: '',
        phone: '9876543210',
      });
      expect(await page.getByLabel('Save this address').isChecked()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('saves a new address to the profile when the order is placed', async () => {
      const { page, context, token } = await shopperAtCheckout(viewport, [home]);
      await page.getByRole('radio', { name: 'A new address' }).check();
      await page.getByLabel('Full name').fill('Lakshmi Iyer');
      await page.getByLabel('Address line 1').fill('22 Anna Salai');
      await page.getByLabel('City').fill('Chennai');
      await page.getByLabel('State').fill('Tamil Nadu');
      await page.getByLabel('PIN code').fill('600002');
      await page.getByLabel('Phone').fill('+91 94440 12345');
      await page.getByLabel('Save this address').check();
      // The first name nobody uses yet is offered; the shopper names it herself.
      expect(await page.getByLabel('Save as').inputValue()).toBe('Office');
      await page.getByLabel('Save as').fill("Amma's place");
      await shoot(page, `${viewport}-save-address`);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL('**/order-success/**');

      const profile = await api<{ addresses: SavedAddressInput[] }>('/auth/profile', { token });
      expect(profile.addresses.map((address) => address.name)).toEqual(['Home', "Amma's place"]);
      expect(profile.addresses[1]).toMatchObject({
        addressLine1: '22 Anna Salai',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pinCode: '600002',
        phone: '9444012345',
      });
      await page.goto('/profile');
      await waitForHydration(page);
      const saved = page.getByTestId('saved-address').filter({ hasText: "Amma's place" });
      await expect.poll(() => saved.textContent()).toContain('22 Anna Salai, Chennai');
      await saved.scrollIntoViewIfNeeded();
      await shoot(page, `${viewport}-profile-addresses`);
      await context.close();
    });

    it('a refused submit focuses the first invalid field with the banner in view', async () => {
      const { page, context, token } = await shopperAtCheckout(viewport);
      await page.getByLabel('City').fill('Pune');
      await page.getByLabel('State').fill('Maharashtra');
      await page.getByLabel('PIN code').fill('411001');
      // The shopper scrolls down to the button, far from the empty first line.
      await page.getByRole('button', { name: 'Place Order' }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Place Order' }).click();

      const firstLine = page.getByLabel('Address line 1');
      await expect
        .poll(() => firstLine.evaluate((input) => input === document.activeElement))
        .toBe(true);
      expect(await page.getByText('Address is required').isVisible()).toBe(true);
      const banner = page.getByRole('alert').filter({
        hasText: 'Please fill all required fields correctly',
      });
      expect(await banner.count()).toBe(1);
      const field = await inViewport(page, `[id="${await firstLine.getAttribute('id')}"]`);
      const alert = await inViewport(page, '[role="alert"]');
      expect(field?.inside).toBe(true);
      expect(alert?.inside).toBe(true);
      // The banner never hides the field it sends the shopper to.
      expect(alert!.bottom).toBeLessThanOrEqual(field!.top);
      await shoot(page, `${viewport}-refused-submit`);

      // Fixing the field clears its message, and with none left the banner goes too.
      await firstLine.fill('3 FC Road');
      expect(await banner.count()).toBe(0);
      const orders = await api<{ total: number }>('/order', { token });
      expect(orders.total).toBe(0);
      await context.close();
    });

    it('refuses the phone 1234567890 and the PIN 000000 with their messages', async () => {
      const { page, context, token } = await shopperAtCheckout(viewport);
      await page.getByLabel('Address line 1').fill('9 Park Street');
      await page.getByLabel('City').fill('Kolkata');
      await page.getByLabel('State').fill('West Bengal');
      await page.getByLabel('PIN code').fill('000000');
      await page.getByLabel('Phone').fill('1234567890');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect.poll(() => page.getByText('Invalid PIN code').isVisible()).toBe(true);
      expect(await page.getByText('Invalid phone number').isVisible()).toBe(true);
      expect(
        await page.getByLabel('PIN code').evaluate((input) => input === document.activeElement),
      ).toBe(true);
      await shoot(page, `${viewport}-bad-phone-pin`);

      // A billing address follows the same rule with its own messages.
      await page.getByLabel('PIN code').fill('700016');
      await page.getByLabel('Phone').fill('+91 98300 12345');
      await page.getByLabel('Same as shipping').uncheck();
      await page.getByLabel('Billing Full name').fill('Meera Iyer');
      await page.getByLabel('Billing Address line 1').fill('9 Park Street');
      await page.getByLabel('Billing City').fill('Kolkata');
      await page.getByLabel('Billing State').fill('West Bengal');
      await page.getByLabel('Billing PIN code').fill('012345');
      await page.getByLabel('Billing Phone').fill('5876543210');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect.poll(() => page.getByText('Invalid billing PIN code').isVisible()).toBe(true);
      expect(await page.getByText('Invalid billing phone number').isVisible()).toBe(true);
      const orders = await api<{ total: number }>('/order', { token });
      expect(orders.total).toBe(0);
      await context.close();
    });
  });
}
