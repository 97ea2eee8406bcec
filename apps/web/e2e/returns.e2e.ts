import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Product, ProductList } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { newShopper, signUpThroughDialog } from './account-helpers.ts';
import { moveOrderAs, signInOwner } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
/** Signed in on first use (expect.poll runs only inside a test). */
let ownerToken: Promise<string> | undefined;
const baseURL = () => shopURL();
const shots = '/tmp/shots-returns';
/** Server work (sign-up's password hashing, payments) takes its time on a busy machine. */
const patient = { timeout: 15_000 };

async function api<T>(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T; message: string }> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: T; message: string };
  return { status: response.status, data: answer.data, message: answer.message };
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

interface Line {
  product: Product;
  colorName: string;
  colorHex: string;
  image: string;
  size: string;
}

/**
 * A bra whose first colour has a size in stock and another size to exchange it for, and a
 * panty in stock; `offset` keeps the two widths' orders off each other's stock.
 */
async function braAndPanty(offset: number): Promise<{ bra: Line; panty: Line; otherSize: string }> {
  const { data } = await api<ProductList>('GET', '/product/products?limit=100&sort=price-asc');
  const line = (product: Product, size: string): Line => ({
    product,
    colorName: product.colors[0]!.colorName,
    colorHex: product.colors[0]!.colorHex,
    image: product.colors[0]!.images[0]!,
    size,
  });
  const bras = data.products.flatMap((product) => {
    const inStock = product.colors[0]!.sizeStock.filter((entry) => entry.stock >= 3);
    return product.categoryName === 'Bras' && inStock.length >= 2
      ? [{ bra: line(product, inStock[0]!.size), otherSize: inStock[1]!.size }]
      : [];
  });
  const panties = data.products.flatMap((product) => {
    const entry = product.colors[0]!.sizeStock.find((candidate) => candidate.stock >= 3);
    return product.categoryName === 'Panties' && entry ? [line(product, entry.size)] : [];
  });
  return { ...bras[offset]!, panty: panties[offset]! };
}

/** Places and pays an order of these lines; the owner then delivers it. */
async function deliveredOrder(token: string, lines: Line[]): Promise<string> {
  const chosen = lines.map((line) => ({
    product: line.product._id,
    quantity: 1,
    size: line.size.toLowerCase(),
    color: { colorName: line.colorName, colorHex: line.colorHex },
  }));
  // An order is made of the shopper's server cart: the lines go into it first.
  for (const [index, line] of chosen.entries()) {
    const added = await api('POST', '/cart', {
      token,
      body: { ...line, selectedImage: lines[index]!.image },
    });
    expect(added.status).toBeLessThan(300);
  }
  const placed = await api<{ orderId: string; orderNumber: string }>('POST', '/order', {
    token,
    body: {
      items: chosen,
      shippingAddress: {
        name: 'Meera Iyer',
        addressLine1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        phone: '9876543210',
      },
      paymentMethod: 'razorpay',
    },
  });
  expect(placed.status).toBe(201);
  const { orderId, orderNumber } = placed.data;
  const started = await api<{ razorpayOrderId: string }>('POST', '/payments/initiate', {
    token,
    body: { orderId, method: 'razorpay' },
  });
  const paid = await api<Record<string, string>>('POST', '/payments/simulator/pay', {
    token,
    body: { razorpayOrderId: started.data.razorpayOrderId, outcome: 'success' },
  });
  expect((await api('POST', '/payments/verify', { token, body: paid.data })).status).toBe(200);
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    const moved = await moveOrderAs<{ status: string }>(
      await (ownerToken ??= signInOwner().then((owner) => owner.accessToken)),
      orderId,
      status,
    );
    expect(moved.data?.status, moved.message).toBe(status);
  }
  return orderNumber;
}

/** Nothing in the dialog is wider than the dialog (no sideways scrolling at 375 px). */
const fitsWidth = (page: Page) =>
  page
    .getByRole('dialog')
    .evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth && dialog.clientWidth > 0);

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const satisfies readonly (readonly [Viewport, number])[]) {
  describe(`returns and exchanges (${viewport})`, () => {
    it('exchanges a bra for another size; the panty beside it is hygiene, never chosen', async () => {
      const { bra, panty, otherSize } = await braAndPanty(offset);
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/about');
      await waitForHydration(page);
      await signUpThroughDialog(page, newShopper());
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('token')), patient)
        .toMatch(/\S+/);
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      const orderNumber = await deliveredOrder(token, [bra, panty]);

      await page.goto('/profile?tab=orders');
      await waitForOrdersTab(page);
      const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
      await card.waitFor(patient);
      await card.getByRole('button', { name: 'Request return' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: `Request a return ${orderNumber}` }).waitFor();
      expect(await dialog.getByRole('link', { name: 'exchange policy' }).getAttribute('href')).toBe(
        '/return-refund-policy',
      );

      // The panty: why not, and no way to tick it.
      const pantyBox = dialog.getByRole('checkbox', { name: panty.product.name });
      expect(await pantyBox.isDisabled()).toBe(true);
      expect(
        await dialog
          .getByText(`For hygiene reasons ${panty.product.name} cannot be returned`)
          .isVisible(),
      ).toBe(true);
      expect(await pantyBox.getAttribute('aria-describedby')).toMatch(/-why/);

      // The bra: ticked, an exchange for another size in stock, never the one she has.
      const braBox = dialog.getByRole('checkbox', { name: bra.product.name });
      await braBox.check();
      const actions = dialog.getByRole('group', {
        name: `What would you like for ${bra.product.name}?`,
      });
      expect(await actions.getByRole('radio', { name: 'Exchange' }).isChecked()).toBe(true);
      expect(await actions.getByRole('radio', { name: 'Return for refund' }).isChecked()).toBe(
        false,
      );
      const sizes = dialog.getByLabel('Size wanted');
      await sizes.waitFor(patient);
      expect(
        await sizes
          .locator(`option[value="${bra.size}"]`)
          .evaluate((option) => (option as HTMLOptionElement).disabled),
      ).toBe(true);
      await sizes.selectOption(otherSize);
      // Bought one: no quantity to choose.
      expect(await dialog.getByLabel('How many to send back').count()).toBe(0);

      const submit = dialog.getByRole('button', { name: 'Request return' });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Reason').fill('   ');
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Reason').fill('The band is too tight');
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await photograph(page, { path: `${shots}/return-form-${viewport}.png` });
      await submit.click();

      // The answer: the order as it stands now and the line's state.
      await dialog
        .getByRole('heading', { name: `Return requested ${orderNumber}` })
        .waitFor(patient);
      expect(await dialog.getByText('RETURN REQUESTED', { exact: true }).isVisible()).toBe(true);
      const returned = dialog.getByTestId('return-line');
      expect(await returned.count()).toBe(1);
      expect(await returned.innerText()).toContain('Exchange requested');
      expect(await returned.innerText()).toContain(`size ${otherSize.toUpperCase()}`);
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
        'Return requested',
      );
      expect(await fitsWidth(page)).toBe(true);
      await photograph(page, { path: `${shots}/return-answer-${viewport}.png` });
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Her list says so too, and the order's details list the exchange.
      await expect
        .poll(() => card.getByText('RETURN REQUESTED', { exact: true }).isVisible(), patient)
        .toBe(true);
      expect(await card.getByRole('button', { name: 'Request return' }).count()).toBe(0);
      await card.getByRole('button', { name: 'View details' }).click();
      const details = page.getByRole('dialog');
      await expect
        .poll(() => details.getByText('Exchange requested').isVisible(), patient)
        .toBe(true);
      await photograph(page, { path: `${shots}/order-details-${viewport}.png` });
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
