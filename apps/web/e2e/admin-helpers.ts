// What the back office's browser tests share: a shopper with a paid order made through the API,
// and a session put into the browser before any page script runs.
import type { ProductList } from '@shop/contracts/catalogue';
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

/**
 * A new shopper with one paid order: `pieces` products in stock from the `offset`-th group on (so
 * the orders of a file's tests, and their widths, do not meet).
 */
export async function shopperWithPaidOrder(
  offset: number,
  { sort = 'price-asc', skip = 4, pieces = 1 }: PaidOrderOptions = {},
): Promise<Shopper & { orderId: string; orderNumber: string; productNames: string[] }> {
  const shopper = newShopper();
  const signup = await api<{ accessToken: string; refreshToken: string }>('POST', '/auth/signup', {
    body: shopper,
  });
  expect(signup.status).toBe(201);
  const token = signup.data.accessToken;
  const { data } = await api<ProductList>('GET', `/product/products?limit=100&sort=${sort}`);
  const first = skip + offset * pieces;
  const products = data.products
    .filter((candidate) => candidate.colors[0]!.sizeStock.some((entry) => entry.stock >= 3))
    .slice(first, first + pieces);
  expect(products).toHaveLength(pieces);
  const lines = products.map((product) => {
    const color = product.colors[0]!;
    const size = color.sizeStock.find((entry) => entry.stock >= 3)!.size;
    return {
      product: product._id,
      quantity: 1,
      size: size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0],
    };
  });
  for (const line of lines) {
    expect((await api('POST', '/cart', { token, body: line })).status).toBeLessThan(300);
  }
  const placed = await api<{ orderId: string; orderNumber: string }>('POST', '/order', {
    token,
    body: {
      items: lines,
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
  return {
    email: shopper.email,
    ...signup.data,
    ...placed.data,
    productNames: products.map((product) => product.name),
  };
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
