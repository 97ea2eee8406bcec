import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/contracts/orders';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  returnRequestedMail,
} from '../src/features/orders/order-mails.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { orderBody, payOrder } from './order-helpers.ts';
import { readOutbox } from './outbox.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

/** ₹999.00, ₹1,708.20, ₹1,13,829.30, −₹134.85: Indian grouping, two decimals. */
const indianAmount = /^\u2212?₹(\d{1,3}|\d{1,2},(\d{2},)*\d{3})\.\d{2}$/;

/** Every amount of money written in a text, as written. */
const amountsIn = (text: string) => text.match(/\u2212?₹[\d,]+(?:\.\d+)?/g) ?? [];

const address = {
  name: 'Asha Rao',
  addressLine1: '12 MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
};

/** An order of 2 bras at ₹949.10: subtotal ₹1,898.20, BRA15 and WELCOME200 off. */
const order: Order = {
  _id: 'order-1',
  orderId: 'order-1',
  orderNumber: 'LB2611000001',
  createdAt: '2026-01-10T10:00:00.000Z',
  status: 'confirmed',
  statusLabel: 'CONFIRMED',
  subtotal: 1898.2,
  totalDiscountAmount: 334.85,
  discountCode: 'BRA15',
  discounts: [
    { code: 'BRA15', type: 'coupon', amount: 134.85 },
    { code: 'WELCOME200', type: 'voucher', amount: 200 },
  ],
  shippingCharge: 0,
  taxAmount: 0,
  total: 1563.35,
  paymentMethod: 'razorpay',
  paymentStatus: 'paid',
  paymentDueAt: '2026-01-10T10:30:00.000Z',
  paidAt: '2026-01-10T10:05:00.000Z',
  notes: '',
  items: [
    {
      _id: 'item-1',
      product: 'product-1',
      productName: 'Lace Balconette Bra',
      productImage: '',
      color: { colorName: 'Blush', colorHex: '#f4c2c2' },
      size: '34b',
      quantity: 2,
      priceAtPurchase: 949.1,
      itemTotal: 1898.2,
      returnable: true,
      returnBlockedReason: null,
      returnCondition: null,
    },
  ],
  shippingAddress: address,
  billingAddress: address,
  deliveredAt: null,
  cancelledAt: null,
  cancelReason: null,
  returnReason: null,
  returns: [],
  canCancel: true,
  canReturn: false,
  tracking: null,
  refunds: [],
};

describe('order mails write money as the shop does everywhere', () => {
  it('confirmation: two decimals, Indian grouping, one line per code', () => {
    const mail = orderConfirmationMail('asha@example.in', 'Asha', order, 'https://lacebloom.in');
    expect(mail.text).toContain('2 × Lace Balconette Bra (Blush, size 34B): ₹1,898.20');
    expect(mail.text).toContain(
      'Subtotal: ₹1,898.20 · BRA15: −₹134.85 · WELCOME200: −₹200.00 · Shipping: FREE · Total paid: ₹1,563.35',
    );
    expect(mail.html).toContain('Total paid: ₹1,563.35');
    expect(mail.html).toContain('WELCOME200: −₹200.00');
    for (const amount of [...amountsIn(mail.text), ...amountsIn(mail.html)]) {
      expect(amount).toMatch(indianAmount);
    }
  });

  it('an order without its codes listed names its one code', () => {
    const older = { ...order, discounts: [], discountCode: 'NEW10', totalDiscountAmount: 189.82 };
    const mail = orderConfirmationMail('asha@example.in', 'Asha', older, 'https://lacebloom.in');
    expect(mail.text).toContain('Subtotal: ₹1,898.20 · NEW10: −₹189.82 · Shipping: FREE');
  });

  it('refund mails: a lakh and more is grouped the Indian way', () => {
    const large = { ...order, total: 113829.3 };
    const cancelled = orderCancelledMail('a@example.in', 'Asha', large, 'https://x.in', true);
    expect(cancelled.text).toContain('We have refunded ₹1,13,829.30 to your original payment');
  });

  it('exchange mails say what the policy says: quality check, 2-3 days to ship, 7-10 in all', () => {
    const asked = {
      ...order,
      returns: [
        {
          _id: 'return-1',
          itemId: 'item-1',
          productName: 'Lace Balconette Bra',
          quantity: 1,
          action: 'exchange' as const,
          exchangeFor: { colorName: 'Blush', size: '36b' },
          state: 'requested' as const,
          stateLabel: 'Exchange requested',
          refundAmount: null,
          requestedAt: '2026-01-12T10:00:00.000Z',
        },
      ],
    };
    const mail = returnRequestedMail('a@example.in', 'Asha', asked, 'https://x.in', [
      {
        productName: 'Lace Hipster',
        reason: 'For hygiene reasons Lace Hipster cannot be returned',
      },
    ]);
    expect(mail.text).toContain('Exchange: 1 × Lace Balconette Bra (Blush, size 34B) for size 36B');
    expect(mail.text).toContain(
      'Not accepted: Lace Hipster. For hygiene reasons Lace Hipster cannot be returned.',
    );
    expect(mail.text).toContain('ships within 2-3 business days');
    expect(mail.text).toContain('7-10 business days');
    const delivered = orderDeliveredMail('a@example.in', 'Asha', order, 'https://x.in');
    expect(delivered.text).toContain('within 3 days of delivery');
    expect(delivered.text).toContain('panties and shapewear cannot be exchanged');
  });
});

describe('the confirmation mail of a real order', () => {
  let world: TestWorld;
  let bras: StockedChoice[];
  beforeAll(async () => {
    world = await createTestWorld();
    const { body } = await getJson(world.app, '/api/category');
    const brasId = body.data.find((category: { slug: string }) => category.slug === 'bras')._id;
    bras = (await stockedChoices(world.app, 2)).filter((choice) => choice.categoryId === brasId);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('lists each code with its amount, as the order answer says, in two decimals', async () => {
    const app = world.app;
    const { accessToken, shopper } = await signUp(app);
    // Bras worth at least ₹1,499, so BRA15 and WELCOME200 both apply.
    const lines: [StockedChoice, number][] = [];
    let subtotal = 0;
    for (const choice of bras) {
      if (subtotal >= 1499) break;
      lines.push([choice, 1]);
      subtotal += choice.price;
    }
    expect(subtotal).toBeGreaterThanOrEqual(1499);
    for (const [choice, quantity] of lines) {
      await send(app, 'POST', '/api/cart', { token: accessToken, body: addBody(choice, quantity) });
    }
    for (const code of ['BRA15', 'WELCOME200']) {
      const applied = await send(app, 'POST', '/api/cart/apply-discount', {
        token: accessToken,
        body: { code },
      });
      expect(applied.status).toBe(200);
    }
    const placed = await send(app, 'POST', '/api/order', {
      token: accessToken,
      body: orderBody(lines),
    });
    expect(placed.status).toBe(201);
    const placedOrder = placed.body.data.order as Order;
    expect(placedOrder.discounts.map((entry) => entry.code).sort()).toEqual([
      'BRA15',
      'WELCOME200',
    ]);
    await payOrder(app, accessToken, placedOrder._id);

    let confirmation: string | undefined;
    for (let attempt = 0; attempt < 100 && !confirmation; attempt += 1) {
      await app.jobs.deliverMail();
      confirmation = (await readOutbox(world.config.outboxDir)).find(
        (mail) => mail.to.includes(shopper.email) && mail.subject.includes('is confirmed'),
      )?.text;
      if (!confirmation) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(confirmation).toBeDefined();
    const written = (rupees: number) =>
      `₹${Math.floor(rupees).toLocaleString('en-IN')}.${String(Math.round(rupees * 100) % 100).padStart(2, '0')}`;
    for (const entry of placedOrder.discounts) {
      expect(confirmation).toContain(`${entry.code}: −${written(entry.amount)}`);
    }
    expect(confirmation).toContain(`Subtotal: ${written(placedOrder.subtotal)}`);
    expect(confirmation).toContain(`Total paid: ${written(placedOrder.total)}`);
    // Its link opens this order on her account, as the phone messages do.
    expect(confirmation).toContain(
      `${world.config.publicUrl}/orders/${encodeURIComponent(placedOrder.orderNumber)}`,
    );
    for (const amount of amountsIn(confirmation!)) expect(amount).toMatch(indianAmount);
  });
});
