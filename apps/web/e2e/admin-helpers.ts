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

/** One line of an order the helpers place: a product's colour and size, one unit. */
export interface PaidLine {
  product: string;
  size: string;
  color: { colorName: string; colorHex: string };
  selectedImage: string;
}

/** A new shopper with one paid order (the `offset`-th product in stock, so widths do not meet). */
export async function shopperWithPaidOrder(
  offset: number,
): Promise<Shopper & { orderId: string; orderNumber: string }> {
  const { data } = await api<ProductList>('GET', '/product/products?limit=100&sort=price-asc');
  const product = data.products.filter((candidate) =>
    candidate.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
  )[offset + 4]!;
  const color = product.colors[0]!;
  const size = color.sizeStock.find((entry) => entry.stock >= 3)!.size;
  return shopperWithPaidOrderOf([
    {
      product: product._id,
      size: size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0]!,
    },
  ]);
}

/** A new shopper with one paid order of these lines, a unit each. */
export async function shopperWithPaidOrderOf(
  lines: readonly PaidLine[],
): Promise<Shopper & { orderId: string; orderNumber: string }> {
  const shopper = newShopper();
  const signup = await api<{ accessToken: string; refreshToken: string }>('POST', '/auth/signup', {
    body: shopper,
  });
  expect(signup.status).toBe(201);
  const token = signup.data.accessToken;
  const items = lines.map(({ selectedImage: _image, ...line }) => ({ ...line, quantity: 1 }));
  for (const line of lines) {
    const added = await api('POST', '/cart', { token, body: { ...line, quantity: 1 } });
    expect(added.status).toBeLessThan(300);
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
