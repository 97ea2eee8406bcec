// What the back office's browser tests share: a shopper with a paid order made through the API,
// and a session put into the browser before any page script runs.
import type { ProductList } from '@shop/contracts/catalogue';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { newShopper } from './account-helpers.ts';
import { api } from './owner-helpers.ts';

export interface Shopper {
  email: string;
  accessToken: string;
  refreshToken: string;
}

export interface PaidOrderOptions {
  /** Which end of the price list the products come from (each file its own, so stock lasts). */
  sort?: 'price-asc' | 'price-desc';
  /** Products in stock skipped before the first one taken. */
  skip?: number;
  /** How many products the order holds, one piece of each. */
  pieces?: number;
}

/** One line of an order the helpers place: a product's colour and size, one piece. */
export interface PaidLine {
  product: string;
  size: string;
  color: { colorName: string; colorHex: string };
  selectedImage: string | undefined;
}

/**
 * A new shopper with one paid order: `pieces` products in stock from the `offset`-th group on (so
 * the orders of a file's tests, and their widths, do not meet).
 */
export async function shopperWithPaidOrder(
  offset: number,
  { sort = 'price-asc', skip = 4, pieces = 1 }: PaidOrderOptions = {},
): Promise<Shopper & { orderId: string; orderNumber: string; productNames: string[] }> {
  const { data } = await api<ProductList>('GET', `/product/products?limit=100&sort=${sort}`);
  const first = skip + offset * pieces;
  const products = data.products
    .filter((candidate) => candidate.colors[0]!.sizeStock.some((entry) => entry.stock >= 3))
    .slice(first, first + pieces);
  expect(products).toHaveLength(pieces);
  const lines = products.map((product): PaidLine => {
    const color = product.colors[0]!;
    const size = color.sizeStock.find((entry) => entry.stock >= 3)!.size;
    return {
      product: product._id,
      size: size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0],
    };
  });
  return {
    ...(await shopperWithPaidOrderOf(lines)),
    productNames: products.map((product) => product.name),
  };
}

/** A new shopper with one paid order of these lines, one piece of each. */
export async function shopperWithPaidOrderOf(
  lines: readonly PaidLine[],
): Promise<Shopper & { orderId: string; orderNumber: string }> {
  const shopper = newShopper();
  const signup = await api<{ accessToken: string; refreshToken: string }>('POST', '/auth/signup', {
    body: shopper,
  });
  expect(signup.status).toBe(201);
  const token = signup.data.accessToken;
  const items = lines.map((line) => ({ ...line, quantity: 1 }));
  for (const line of items) {
    expect((await api('POST', '/cart', { token, body: line })).status).toBeLessThan(300);
  }
  const placed = await api<{ orderId: string; orderNumber: string }>('POST', '/order', {
    token,
    body: {
      items,
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
  const started = await api<{ razorpayOrderId: string }>('POST', '/payments/initiate', {
    token,
    body: { orderId: placed.data.orderId, method: 'razorpay' },
  });
  const paid = await api<Record<string, string>>('POST', '/payments/simulator/pay', {
    token,
    body: { razorpayOrderId: started.data.razorpayOrderId, outcome: 'success' },
  });
  expect((await api('POST', '/payments/verify', { token, body: paid.data })).status).toBe(200);
  return { email: shopper.email, ...signup.data, ...placed.data };
}

/** Confirms a paid order as the owner, so it waits in the dispatch queue. */
export async function confirmAsOwner(owner: { accessToken: string }, orderId: string) {
  const confirmed = await api('PATCH', `/admin/orders/${orderId}/status`, {
    token: owner.accessToken,
    body: { status: 'confirmed' },
  });
  expect(confirmed.status).toBe(200);
}

/** Puts a session in the browser's storage before any page script runs. */
export async function signInBrowser(
  page: Page,
  session: { accessToken: string; refreshToken: string },
) {
  await page.addInitScript(
    ([token, refreshToken]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token!);
        localStorage.setItem('refreshToken', refreshToken!);
      }
    },
    [session.accessToken, session.refreshToken],
  );
}

/**
 * Two bras with two sizes in stock in their first colour (the `offset`-th pair, so the widths'
 * orders share no stock): one to return, one to exchange for its other size.
 */
export async function twoBras(offset: number) {
  const { data: categories } = await api<{ _id: string; slug: string }[]>('GET', '/category');
  const bras = categories.find((category) => category.slug === 'bras')!._id;
  const list = await api<ProductList>('GET', `/product/category/${bras}?limit=100`);
  const fit = list.data.products.filter(
    (product) => product.colors[0]!.sizeStock.filter((entry) => entry.stock >= 3).length >= 2,
  );
  const lineOf = (index: number) => {
    const product = fit[index]!;
    const color = product.colors[0]!;
    const [first, second] = color.sizeStock.filter((entry) => entry.stock >= 3);
    const line: PaidLine = {
      product: product._id,
      size: first!.size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0]!,
    };
    return { line, name: product.name, otherSize: second!.size };
  };
  return { toReturn: lineOf(offset * 2 + 10), toExchange: lineOf(offset * 2 + 11) };
}

/** Nothing on the page is wider than the screen. */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Takes one step on a returns line page by its button, and waits for the state it leads to. */
export async function returnsStep(page: Page, button: RegExp | string, state: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByText(`Done: the line is now ${state}.`).waitFor({ timeout: 15_000 });
}

/**
 * Moves a parcel booked with the courier simulator to its next scan (or the one named), as the
 * courier would; the simulator signs the event and posts it to the shop's webhook. Answers the
 * event sent.
 */
export async function advanceParcel(
  owner: { accessToken: string },
  awb: string,
  event?: string,
): Promise<string> {
  const pushed = await api<{ event: string; status: number }>(
    'POST',
    '/shipping/simulator/advance',
    { token: owner.accessToken, body: event ? { awb, event } : { awb } },
  );
  expect(pushed.status).toBe(200);
  expect(pushed.data.status).toBe(200);
  return pushed.data.event;
}

/** Each page's text, read back from a downloaded PDF's bytes by pdf.js. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}
