import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import type { TestWorld } from './test-app.ts';
import { send } from './auth-helpers.ts';
import { addBody, type StockedChoice } from './cart-helpers.ts';
import { POLL_TIMEOUT_MS, until } from './poll.ts';

export const address = {
  name: 'Asha Rao',
  addressLine1: '12 MG Road',
  addressLine2: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
};

/** The order creation payload for some lines (with made-up client prices, which are ignored). */
export function orderBody(lines: [StockedChoice, number][], extra: Record<string, unknown> = {}) {
  return {
    items: lines.map(([choice, quantity]) => ({
      product: choice.productId,
      quantity,
      size: choice.size.toLowerCase(),
      color: { colorName: choice.colorName, colorHex: choice.colorHex },
      productImage: choice.image,
      productName: choice.name,
      priceAtPurchase: 1,
    })),
    shippingAddress: address,
    paymentMethod: 'razorpay',
    notes: '',
    subtotal: 1,
    totalDiscountAmount: 0,
    shippingCharge: 0,
    total: 1,
    ...extra,
  };
}

/** Puts exactly these lines in the shopper's server cart, which orders are placed from. */
export async function fillCart(
  app: FastifyInstance,
  token: string,
  lines: [StockedChoice, number][],
) {
  // Lines go one by one; the cart's discount codes stay applied.
  const current = await send(app, 'GET', '/api/cart', { token });
  for (const item of current.body.data?.items ?? []) {
    await send(app, 'DELETE', `/api/cart/product/${item.productId}`, { token });
  }
  for (const [choice, quantity] of lines) {
    const added = await send(app, 'POST', '/api/cart', { token, body: addBody(choice, quantity) });
    if (added.status >= 300) throw new Error(`add to cart failed: ${JSON.stringify(added.body)}`);
  }
}

/** Fills the cart with exactly these lines and places them as an order. */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  lines: [StockedChoice, number][],
) {
  await fillCart(app, token, lines);
  const answer = await send(app, 'POST', '/api/order', { token, body: orderBody(lines) });
  if (answer.status !== 201) throw new Error(`order failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { orderId: string; orderNumber: string; total: number };
}

/** Places, initiates and pays an order through the simulator; answers the checkout fields. */
export async function payOrder(app: FastifyInstance, token: string, orderId: string) {
  const initiated = await send(app, 'POST', '/api/payments/initiate', {
    token,
    body: { orderId, method: 'razorpay' },
  });
  const paid = await send(app, 'POST', '/api/payments/simulator/pay', {
    token,
    body: { razorpayOrderId: initiated.body.data.razorpayOrderId, outcome: 'success' },
  });
  return paid.body.data as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

/** Waits until `check` holds (the simulator's webhook arrives a moment after the payment). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = POLL_TIMEOUT_MS) {
  await until('the condition', check, timeoutMs);
}

/** Runs the refund worker until nothing is due, as its timer would. */
export async function drainRefunds(world: TestWorld) {
  for (let round = 0; round < 50; round += 1) {
    await world.app.jobs.sendRefunds();
    const [due] = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from refunds where state = 'pending'`,
    );
    if (due!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** A fresh AWB for a parcel typed by hand (AWBs are unique across shipments). */
export function handAwb(): string {
  return `HB${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
}

/**
 * Ships an order as a shop without a courier integration does: the courier's name and the AWB
 * typed by hand, which moves it to shipped (a confirmed order through processing).
 */
export function shipByHand(
  app: FastifyInstance,
  orderId: string,
  token: string,
  parcel: { courier: string; awb: string } = { courier: 'Delhivery', awb: handAwb() },
) {
  return send(app, 'POST', `/api/admin/orders/${orderId}/ship`, { token, body: parcel });
}

/**
 * Moves an order to `status` as the shop does: a status change, or for shipped its parcel typed
 * by hand (a move to shipped is never a bare status change).
 */
export function moveOrder(app: FastifyInstance, orderId: string, status: string, token: string) {
  return status === 'shipped'
    ? shipByHand(app, orderId, token)
    : send(app, 'PATCH', `/api/admin/orders/${orderId}/status`, { token, body: { status } });
}
