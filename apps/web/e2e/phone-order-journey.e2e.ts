// A new shopper's whole journey on her phone (375 px): she signs in with her number (the code
// read from the messaging simulator), buys with cash on delivery (confirmed with the code her
// WhatsApp brought), the owner ships the order, the message worker sends the shipped message,
// and its link, with no product name or size in the text, opens her order in My Orders.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@shop/contracts/catalogue';
import { isDiscreet } from '@shop/domain/messages';
import { newShopper, openSignIn, signInDialog, signUpThroughDialog } from './account-helpers.ts';
import { confirmAsOwner, fitsWidth } from './admin-helpers.ts';
import {
  launchBrowser,
  openPage,
  viewports,
  waitForHydration,
  waitForOrdersTab,
} from './browser.ts';
import { api, cashOnDeliveryForThisFile } from './owner-helpers.ts';
import { photograph } from './page-checks.ts';
import { shopDataDir, shopURL } from './shop.ts';

let browser: Browser;
const shop = cashOnDeliveryForThisFile();

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

interface SimulatedMessage {
  channel: 'whatsapp' | 'sms';
  to: string;
  template: string;
  variables: string[];
  text: string;
}

/** Every message the simulator accepted for a number, oldest first, as her phone shows them. */
async function messagesTo(phone: string): Promise<SimulatedMessage[]> {
  const folder = join(shopDataDir(), 'messages');
  const names = (await readdir(folder).catch(() => [] as string[])).sort();
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(
        async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as SimulatedMessage,
      ),
  );
  return messages.filter((message) => message.to === phone);
}

/** The newest message of a template to her number, once the outbox has sent it. */
async function lastMessage(phone: string, template: string, about?: string) {
  return (await messagesTo(phone))
    .filter((message) => message.template === template)
    .filter((message) => about === undefined || message.text.includes(about))
    .at(-1);
}

/** A product whose first colour has a size with stock to spare (the preselected size). */
async function stockedProduct() {
  const { data } = await api<ProductList>('GET', '/product/products?limit=100&sort=price-desc');
  const product = data.products.filter((candidate) =>
    candidate.colors[0]!.sizeStock.every((entry) => entry.stock === 0 || entry.stock >= 3),
  )[40]!;
  return product;
}

/** Server work and the message worker's 5-second round take their time on a busy machine. */
const patient = { timeout: 30_000 };

describe('her order from a message (phone)', () => {
  it('signs in by phone, buys, and the shipped message links her order', async () => {
    const phone = `94${String(Date.now()).slice(-7)}1`;
    const product = await stockedProduct();
    const { page, context, problems } = await openPage(browser, shopURL(), 'phone');

    // Signs in with her phone number: a new account, no e-mail.
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Continue with phone number' }).click();
    await dialog.getByLabel('Mobile number').fill(phone);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect
      .poll(async () => (await lastMessage(phone, 'sign_in_code'))?.variables[0], patient)
      .toMatch(/^\d{6}$/);
    await dialog.getByLabel('Code').fill((await lastMessage(phone, 'sign_in_code'))!.variables[0]!);
    await dialog.getByRole('button', { name: 'Verify and continue' }).click();
    await dialog.getByLabel('First name').fill('Kavya');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => signInDialog(page).isVisible()).toBe(false);

    // Adds the product and checks out with cash on delivery.
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByText(`${product.name} added to cart!`).waitFor(patient);
    await page.goto('/checkout');
    await waitForHydration(page);
    await page.getByLabel('Full name').fill('Kavya Menon');
    await page.getByLabel('Address line 1').fill('4 Residency Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').fill('Karnataka');
    await page.getByLabel('PIN code').fill('560001');
    await page.getByLabel('Phone').fill(phone);
    const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
    await expect.poll(() => cod.isEnabled(), patient).toBe(true);
    await cod.check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success/**', patient);
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    const placed = await api<{
      order: { orderNumber: string; items: { productName: string; size: string }[] };
    }>('GET', `/admin/orders/${orderId}`, { token: shop.owner().accessToken });
    expect(placed.status).toBe(200);
    const { orderNumber, items } = placed.data.order;

    // Her account has no e-mail: the code came to her phone, and the page says so.
    await page.getByText('Enter the 6-digit code we sent to your phone').waitFor(patient);
    await expect
      .poll(
        async () => (await lastMessage(phone, 'order_placed_cod', orderNumber))?.channel,
        patient,
      )
      .toBe('whatsapp');
    const codCode = (await lastMessage(phone, 'order_placed_cod', orderNumber))!.variables[1]!;
    await page.getByLabel('Confirmation code').fill(codCode);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor(patient);
    expect(await page.getByText('We will send updates to your phone').isVisible()).toBe(true);

    // The owner ships it (as the other back-office journeys do, through the admin API).
    await confirmAsOwner(shop.owner(), orderId);
    const awb = `HB${phone}`;
    const shipped = await api('POST', `/admin/orders/${orderId}/ship`, {
      token: shop.owner().accessToken,
      body: { courier: 'Delhivery', awb },
    });
    expect(shipped.status).toBe(200);

    // The message worker sends the shipped message on its own round.
    await expect
      .poll(async () => (await lastMessage(phone, 'order_shipped', orderNumber))?.text, patient)
      .toBeTruthy();
    const message = (await lastMessage(phone, 'order_shipped', orderNumber))!;
    const link = `${shopURL()}/orders/${orderNumber}`;
    expect(message.channel).toBe('whatsapp');
    expect(message.text).toContain(orderNumber);
    expect(message.text).toContain('Delhivery');
    expect(message.text).toContain(awb);
    expect(message.text).toContain(` ${link} `);
    // Discreet: no product name, no size, no word naming what is in the parcel.
    expect(message.text).not.toContain(items[0]!.productName);
    expect(message.text).not.toMatch(new RegExp(`\\b${items[0]!.size}\\b`, 'i'));
    expect(isDiscreet(message.text)).toBe(true);

    // The link opens her order: My Orders, the order's card marked, its details open.
    const href = /https?:\/\/\S+/.exec(message.text)![0];
    expect(href).toBe(link);
    await page.goto(href);
    await waitForOrdersTab(page);
    const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    await details.waitFor(patient);
    expect(await details.getByText(`Delhivery · AWB ${awb}`).isVisible()).toBe(true);
    expect(await details.getByText(product.name, { exact: false }).isVisible()).toBe(true);
    const card = page.locator('[data-testid="order-card"][aria-current="true"]');
    expect(await card.getByText(orderNumber).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await photograph(page, { path: '/tmp/shots-order-link/order-phone.png' });
    await page.setViewportSize(viewports.desktop);
    await photograph(page, { path: '/tmp/shots-order-link/order-desktop.png' });
    await page.setViewportSize(viewports.phone);

    // A number not among her orders is said, never shown; her own orders are listed below.
    await page.goto('/orders/LB00000000000000');
    await waitForOrdersTab(page);
    await page
      .getByText('We could not find order LB00000000000000 in your account.', { exact: false })
      .waitFor(patient);
    await expect.poll(() => page.getByTestId('order-card').count(), patient).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);

    // Signed out (another browser), the link asks her to sign in first and stays on the order.
    const other = await openPage(browser, shopURL(), 'phone');
    await other.page.goto(href);
    await waitForHydration(other.page);
    await other.page.locator('h1', { hasText: 'Your order' }).waitFor(patient);
    await expect.poll(() => signInDialog(other.page).isVisible()).toBe(true);
    expect(other.page.url()).toBe(href);
    await photograph(other.page, { path: '/tmp/shots-order-link/signed-out-phone.png' });
    // Someone else signs in there (a new account through the dialog): the page comes back to
    // the link, and her order is not shown to him, only said not found.
    await signUpThroughDialog(other.page, newShopper());
    await other.page
      .getByText(`We could not find order ${orderNumber} in your account.`, { exact: false })
      .waitFor(patient);
    expect(other.page.url()).toBe(href);
    expect(await other.page.getByText('No orders yet.').isVisible()).toBe(true);
    expect(await other.page.getByText(items[0]!.productName).count()).toBe(0);
    expect(other.problems).toEqual([]);
    await other.context.close();
    await context.close();
  }, 180_000);
});
