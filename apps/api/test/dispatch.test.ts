// The back office's dispatch desk: the queue of paid orders to pack (oldest first, aged against
// the 8–14 day window), pick lists, packing slips and labels as real PDFs (their text read back),
// and shipping with a courier and an AWB typed by hand (a parcel recorded, the moves audited).
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, eventually, payOrder, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { allKeysetPages } from './keyset-pages.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let shopper: { accessToken: string; user: { _id: string } };
let choices: StockedChoice[];
/** Two paid orders placed through the shop and confirmed: A has two lines, B shares one of them. */
let orderA: { orderId: string; orderNumber: string };
let orderB: { orderId: string; orderNumber: string };
/** Placed and never paid. */
let unpaid: { orderId: string; orderNumber: string };
const DAY = 24 * 60 * 60 * 1000;
const app = () => world.app;

/** A request answering bytes (the PDFs), as the owner unless another token is given. */
async function raw(method: 'GET' | 'POST', url: string, body?: object, token?: string) {
  return app().inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: { authorization: `Bearer ${token ?? owner.accessToken}` },
  });
}

/** Each page's text, read back from the PDF's bytes by pdf.js. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
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

async function paidAndConfirmed(lines: [StockedChoice, number][]) {
  const placed = await placeOrder(app(), shopper.accessToken, lines);
  const fields = await payOrder(app(), shopper.accessToken, placed.orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: shopper.accessToken, body: fields });
  await eventually(async () => {
    const answer = await send(app(), 'GET', `/api/order/${placed.orderId}`, {
      token: shopper.accessToken,
    });
    return answer.body.data.paymentStatus === 'paid';
  });
  const confirmed = await send(app(), 'PATCH', `/api/admin/orders/${placed.orderId}/status`, {
    token: owner.accessToken,
    body: { status: 'confirmed' },
  });
  expect(confirmed.status).toBe(200);
  return placed;
}

/** An order written straight into the table with no lines: only the queue's reads are tested. */
async function insertOrder(number: string, daysAgo: number, status: string, paymentStatus: string) {
  const createdAt = new Date(Date.now() - daysAgo * DAY - 60_000);
  const [row] = await world.database.db
    .insert(orders)
    .values({
      orderNumber: number,
      userId: shopper.user._id,
      status,
      paymentStatus,
      subtotalPaise: 1_000_00,
      totalPaise: 1_000_00,
      shippingAddress: { ...address, name: `Recipient ${number}` },
      billingAddress: address,
      paymentDueAt: createdAt,
      createdAt,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  shopper = await signUp(app(), {
    firstName: 'Kavya',
    lastName: 'Nair',
    email: 'kavya.nair@example.in',
    phone: '9123456780',
  });
  choices = await stockedChoices(app(), 5);
  // Three distinct products, so the pick list has something to group.
  const distinct = choices.filter(
    (choice, index) => choices.findIndex((c) => c.productId === choice.productId) === index,
  );
  const [first, second, third] = distinct;
  orderA = await paidAndConfirmed([
    [first!, 2],
    [second!, 1],
  ]);
  orderB = await paidAndConfirmed([[first!, 3]]);
  unpaid = await placeOrder(app(), shopper.accessToken, [[third!, 1]]);
  choices = [first!, second!, third!];
}, 180_000);
afterAll(() => world?.close());

describe('who may use the dispatch desk', () => {
  it('answers a shopper 403 and a signed-out caller 401 on every route', async () => {
    const id = orderA.orderId;
    const routes = [
      ['GET', '/api/admin/dispatch'],
      ['POST', '/api/admin/dispatch/pick-list'],
      ['POST', '/api/admin/dispatch/labels.pdf'],
      ['GET', `/api/admin/orders/${id}/packing-slip.pdf`],
      ['GET', `/api/admin/orders/${id}/label.pdf`],
      ['POST', `/api/admin/orders/${id}/ship`],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'POST' ? { orderIds: [id], courier: 'X', awb: 'ABC123' } : undefined;
      const asShopper = await raw(method, url, body, shopper.accessToken);
      expect(asShopper.statusCode, url).toBe(403);
      expect(asShopper.json().message).toBe('Only the shop can do this');
      const signedOut = await app().inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(signedOut.statusCode, url).toBe(401);
    }
  });
});

describe('the queue', () => {
  it('lists paid confirmed and processing orders oldest first, aged against 8-14 days', async () => {
    await insertOrder('LB-DISPATCH-LATE', 20, 'processing', 'paid');
    await insertOrder('LB-DISPATCH-DUE', 10, 'confirmed', 'paid');
    await insertOrder('LB-DISPATCH-FRESH', 3, 'confirmed', 'paid');
    // Not ready: still in its modification window, not paid, or already gone.
    await insertOrder('LB-DISPATCH-PENDING', 30, 'pending', 'paid');
    await insertOrder('LB-DISPATCH-UNPAID', 30, 'confirmed', 'pending');
    await insertOrder('LB-DISPATCH-SHIPPED', 30, 'shipped', 'paid');
    await insertOrder('LB-DISPATCH-REFUNDED', 30, 'cancelled', 'refunded');

    const { rows: seen, pages } = await allKeysetPages<{
      orderNumber: string;
      ageDays: number;
      urgency: string;
      recipient: string;
    }>((url) => send(app(), 'GET', url, { token: owner.accessToken }), {
      path: '/api/admin/dispatch',
      limit: 2,
      field: 'orders',
      maxPages: 20,
    });

    expect(seen.map((row) => row.orderNumber)).toEqual([
      'LB-DISPATCH-LATE',
      'LB-DISPATCH-DUE',
      'LB-DISPATCH-FRESH',
      orderA.orderNumber,
      orderB.orderNumber,
    ]);
    expect(pages).toBe(3);
    expect(seen.slice(0, 3).map((row) => [row.ageDays, row.urgency])).toEqual([
      [20, 'late'],
      [10, 'due'],
      [3, 'on_time'],
    ]);
    expect(seen[0]!.recipient).toBe('Recipient LB-DISPATCH-LATE');
    const a = seen.find((row) => row.orderNumber === orderA.orderNumber) as unknown as {
      itemCount: number;
      status: string;
      ageDays: number;
    };
    expect(a).toMatchObject({ itemCount: 3, status: 'confirmed', ageDays: 0 });
  });

  it('refuses a made-up cursor', async () => {
    const answer = await send(app(), 'GET', '/api/admin/dispatch?cursor=bm9wZQ', {
      token: owner.accessToken,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid cursor: start from the first page');
  });
});

describe('the pick list', () => {
  it('groups the selection by product, colour and size with the pieces to pull', async () => {
    const answer = await send(app(), 'POST', '/api/admin/dispatch/pick-list', {
      token: owner.accessToken,
      body: { orderIds: [orderA.orderId, orderB.orderId] },
    });
    expect(answer.status).toBe(200);
    const [first, second] = choices;
    const { lines, totalPieces, orders: picked } = answer.body.data;
    expect(totalPieces).toBe(6);
    expect(picked.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([
      orderA.orderNumber,
      orderB.orderNumber,
    ]);
    const byProduct = (productId: string) =>
      lines.find((line: { productId: string }) => line.productId === productId);
    expect(lines).toHaveLength(2);
    expect(byProduct(first!.productId)).toMatchObject({
      productName: first!.name,
      colorName: first!.colorName,
      size: first!.size.toUpperCase(),
      quantity: 5,
      orders: 2,
    });
    expect(byProduct(second!.productId)).toMatchObject({ quantity: 1, orders: 1 });
  });

  it('refuses an empty selection, an unknown order and an unpaid one', async () => {
    const empty = await send(app(), 'POST', '/api/admin/dispatch/pick-list', {
      token: owner.accessToken,
      body: { orderIds: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Select at least one order');
    const unknown = await send(app(), 'POST', '/api/admin/dispatch/pick-list', {
      token: owner.accessToken,
      body: { orderIds: [orderA.orderId, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');
    const notPaid = await send(app(), 'POST', '/api/admin/dispatch/pick-list', {
      token: owner.accessToken,
      body: { orderIds: [unpaid.orderId] },
    });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('Order is not paid');
  });
});

describe('the packing slip', () => {
  it('is an A4 PDF with the shop, the order number, the recipient and the lines', async () => {
    const answer = await raw('GET', `/api/admin/orders/${orderA.orderId}/packing-slip.pdf`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${orderA.orderNumber}.pdf"`,
    );
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [text, ...more] = await pdfPages(answer.rawPayload);
    expect(more).toEqual([]);
    expect(text).toContain('Lacebloom');
    expect(text).toContain('Packing slip');
    expect(text).toContain(orderA.orderNumber);
    expect(text).toContain(address.name);
    expect(text).toContain(address.pinCode);
    expect(text).toContain(address.phone);
    const [first, second] = choices;
    for (const choice of [first!, second!]) {
      expect(text).toContain(choice.name);
      expect(text).toContain(choice.colorName);
      expect(text).toContain(choice.size.toUpperCase());
    }
    expect(text).toContain('Pieces: 3');
    expect(text).toMatch(/Order total: Rs\. [\d,]+\.\d\d/);
  });

  it('answers 404 for an unknown order and 409 for an unpaid one', async () => {
    const unknown = await raw('GET', '/api/admin/orders/not-an-id/packing-slip.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order not found');
    const notPaid = await raw('GET', `/api/admin/orders/${unpaid.orderId}/packing-slip.pdf`);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ success: false, message: 'Order is not paid' });
  });
});

describe('the shipping label', () => {
  it('names the neutral sender, the recipient and PREPAID, and never a product', async () => {
    const answer = await raw('GET', `/api/admin/orders/${orderA.orderId}/label.pdf`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="label-${orderA.orderNumber}.pdf"`,
    );
    const [text, ...more] = await pdfPages(answer.rawPayload);
    expect(more).toEqual([]);
    expect(text).toContain('LB Retail');
    expect(text).toContain(world.config.shipFrom.address);
    expect(text).toContain(address.name);
    expect(text).toContain(address.addressLine1);
    expect(text).toContain(`PIN ${address.pinCode}`);
    expect(text).toContain(address.phone);
    expect(text).toContain('PREPAID');
    expect(text).toContain(orderA.orderNumber);
    expect(text).toContain('AWB pending');
    expect(text).toContain('Weight: 0.6 kg');
    // Discreet packaging: nothing outside the parcel says what is in it, or who sold it.
    for (const choice of choices) expect(text).not.toContain(choice.name);
    expect(text!.toLowerCase()).not.toMatch(/lacebloom|lingerie|bra|pant|intimate/);
  });

  it('prints one page per order in a batch, in the order asked', async () => {
    const answer = await raw('POST', '/api/admin/dispatch/labels.pdf', {
      orderIds: [orderB.orderId, orderA.orderId],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="labels.pdf"');
    const pages = await pdfPages(answer.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(orderB.orderNumber);
    expect(pages[0]).toContain('Weight: 0.6 kg');
    expect(pages[1]).toContain(orderA.orderNumber);
    for (const page of pages) {
      expect(page).toContain('PREPAID');
      for (const choice of choices) expect(page).not.toContain(choice.name);
    }
  });

  it('answers 409 for an unpaid order in a batch', async () => {
    const answer = await raw('POST', '/api/admin/dispatch/labels.pdf', {
      orderIds: [orderA.orderId, unpaid.orderId],
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Order is not paid');
  });
});

describe('shipping an order', () => {
  it('refuses an AWB that is not 6 to 30 letters or digits, and a blank courier', async () => {
    for (const awb of ['AB12', 'AB-123456', '1'.repeat(31)]) {
      const answer = await send(app(), 'POST', `/api/admin/orders/${orderB.orderId}/ship`, {
        token: owner.accessToken,
        body: { courier: 'Delhivery', awb },
      });
      expect(answer.status, awb).toBe(400);
      expect(answer.body.message).toContain('The AWB is 6 to 30 letters or digits');
    }
    const blank = await send(app(), 'POST', `/api/admin/orders/${orderB.orderId}/ship`, {
      token: owner.accessToken,
      body: { courier: '  ', awb: 'DL123456789' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Please name the courier');
    const [row] = await world.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderB.orderId));
    expect(row).toMatchObject({ status: 'confirmed', courier: null, awb: null });
  });

  it('moves a confirmed order to shipped with its courier and AWB, audited', async () => {
    const answer = await send(app(), 'POST', `/api/admin/orders/${orderB.orderId}/ship`, {
      token: owner.accessToken,
      body: { courier: ' Delhivery ', awb: ' DL123456789 ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('shipped');

    const detail = await send(app(), 'GET', `/api/admin/orders/${orderB.orderId}`, {
      token: owner.accessToken,
    });
    expect(detail.body.data.shippedBy).toEqual({ courier: 'Delhivery', awb: 'DL123456789' });
    expect(detail.body.data.timeline).toContainEqual(
      expect.objectContaining({ title: 'Shipped', detail: 'Delhivery, AWB DL123456789' }),
    );

    const audit = await send(app(), 'GET', `/api/admin/audit?entity=order&id=${orderB.orderId}`, {
      token: owner.accessToken,
    });
    type Entry = { before: { status: string }; after: { status: string }; actorEmail: string };
    const moves = (audit.body.data.entries as (Entry & { action: string })[]).filter(
      (entry) => entry.action === 'order.status',
    );
    // Confirmed to processing, then processing to shipped, each a move the transition table
    // allows (written in one transaction, so they share its time: found by what they did).
    const moveTo = (status: string) => moves.filter((entry) => entry.after.status === status);
    expect(moveTo('shipped')).toEqual([
      expect.objectContaining({
        actorEmail: 'owner@lacebloom.in',
        before: expect.objectContaining({ status: 'processing', courier: null, awb: null }),
        after: expect.objectContaining({
          status: 'shipped',
          courier: 'Delhivery',
          awb: 'DL123456789',
        }),
      }),
    ]);
    expect(moveTo('processing')).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ status: 'confirmed' }),
        after: expect.objectContaining({ status: 'processing' }),
      }),
    ]);

    // The label now carries the AWB, and the order has left the queue.
    const label = await raw('GET', `/api/admin/orders/${orderB.orderId}/label.pdf`);
    const [text] = await pdfPages(label.rawPayload);
    expect(text).toContain('DL123456789');
    expect(text).toContain('Delhivery');
    expect(text).not.toContain('AWB pending');
    const queue = await send(app(), 'GET', '/api/admin/dispatch?limit=100', {
      token: owner.accessToken,
    });
    const numbers = queue.body.data.orders.map((row: { orderNumber: string }) => row.orderNumber);
    expect(numbers).not.toContain(orderB.orderNumber);
    expect(numbers).toContain(orderA.orderNumber);
  });

  it('refuses to ship an order twice, an unpaid order and an unknown one', async () => {
    const again = await send(app(), 'POST', `/api/admin/orders/${orderB.orderId}/ship`, {
      token: owner.accessToken,
      body: { courier: 'Delhivery', awb: 'DL999999999' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('An order that is SHIPPED cannot become SHIPPED');
    const notPaid = await send(app(), 'POST', `/api/admin/orders/${unpaid.orderId}/ship`, {
      token: owner.accessToken,
      body: { courier: 'Delhivery', awb: 'DL999999999' },
    });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('Order is not paid');
    const unknown = await send(
      app(),
      'POST',
      '/api/admin/orders/00000000-0000-4000-8000-000000000000/ship',
      { token: owner.accessToken, body: { courier: 'Delhivery', awb: 'DL999999999' } },
    );
    expect(unknown.status).toBe(404);
    const [row] = await world.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderB.orderId));
    expect(row).toMatchObject({ courier: 'Delhivery', awb: 'DL123456789' });
  });
});
