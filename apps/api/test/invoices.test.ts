// GST tax invoices and credit notes: issued once per paid order (by the job or on the first
// download), numbered consecutively with no gaps even when two servers issue at once, the PDF's
// text read back (GSTIN, number, HSN, tax split, total), only the order's shopper and the owners
// may download, a cancel after the invoice gets a credit note, and the month's GSTR-1 export.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopSettings } from '@shop/contracts/shop-settings';
import { gstinCheckCharacter } from '@shop/domain/gstin';
import { buildApp } from '../src/app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.ts';
import { orderItems, orders } from '../src/db/schema.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import {
  address,
  drainRefunds,
  eventually,
  fillCart,
  moveOrder,
  payOrder,
  placeOrder,
} from './order-helpers.ts';
import { attachmentsOf, lastMailTo } from './outbox.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const GSTIN = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;

let world: TestWorld;
let owner: { accessToken: string };
let shopper: { accessToken: string; user: { _id: string } };
let other: { accessToken: string };
let choices: StockedChoice[];
const app = () => world.app;

async function raw(url: string, token?: string) {
  return app().inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The PDF's text, read back from its bytes by pdf.js. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

async function paidOrder(lines: [StockedChoice, number][]) {
  const placed = await placeOrder(app(), shopper.accessToken, lines);
  const fields = await payOrder(app(), shopper.accessToken, placed.orderId);
  await send(app(), 'POST', '/api/payments/verify', { token: shopper.accessToken, body: fields });
  await eventually(async () => {
    const answer = await send(app(), 'GET', `/api/order/${placed.orderId}`, {
      token: shopper.accessToken,
    });
    return answer.body.data.paymentStatus === 'paid';
  });
  return placed;
}

/** A paid order written straight into the tables (for numbering many at once). */
async function insertPaidOrder(choice: StockedChoice, state = 'Karnataka') {
  const pricePaise = Math.round(choice.price * 100);
  const [order] = await world.database.db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      userId: shopper.user._id,
      status: 'confirmed',
      paymentStatus: 'paid',
      subtotalPaise: pricePaise,
      totalPaise: pricePaise,
      shippingAddress: { ...address, state },
      billingAddress: address,
      paymentDueAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  await world.database.db.insert(orderItems).values({
    orderId: order!.id,
    productId: choice.productId,
    productName: choice.name,
    productImage: choice.image,
    colorName: choice.colorName,
    colorHex: choice.colorHex,
    size: choice.size,
    quantity: 1,
    pricePaise,
    itemTotalPaise: pricePaise,
    categorySlug: 'bras',
  });
  return order!.id;
}

async function invoiceRows() {
  return queryRows<{ order_id: string; kind: string; sequence: number; number: string }>(
    world.database.db,
    sql`select order_id, kind, sequence, number from invoices order by kind, sequence`,
  );
}

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  shopper = await signUp(app(), {
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha.rao@example.in',
    phone: '9123456780',
  });
  other = await signUp(app(), { email: 'someone.else@example.in', phone: '9123456781' });
  choices = (await stockedChoices(app(), 5)).filter((choice) => choice.price <= 2625);
}, 180_000);
afterAll(() => world?.close());

describe('before the shop has a GSTIN', () => {
  it('issues nothing and says why on a download', async () => {
    const placed = await paidOrder([[choices[0]!, 1]]);
    expect(await app().jobs.issueInvoices()).toBe(0);
    const answer = await raw(`/api/order/${placed.orderId}/invoice.pdf`, shopper.accessToken);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/GSTIN is not set yet/);
    expect(await invoiceRows()).toEqual([]);
  });
});

describe('tax invoices', () => {
  let orderId: string;

  beforeAll(async () => {
    const saved = await send(app(), 'PATCH', '/api/admin/settings', {
      token: owner.accessToken,
      body: { ...defaultShopSettings, gstin: GSTIN },
    });
    expect(saved.status).toBe(200);
    orderId = (await paidOrder([[choices[1]!, 2]])).orderId;
  });

  it('issues one invoice per paid order, once, from the job', async () => {
    // The order paid before the GSTIN was entered is invoiced now too.
    expect(await app().jobs.issueInvoices()).toBe(2);
    expect(await app().jobs.issueInvoices()).toBe(0);
    const rows = await invoiceRows();
    expect(rows.map((row) => row.number)).toEqual([
      expect.stringMatching(/^LB\/\d\d-\d\d\/000001$/),
      expect.stringMatching(/^LB\/\d\d-\d\d\/000002$/),
    ]);
    expect(rows.every((row) => row.number.length <= 16)).toBe(true);
  });

  it('serves its shopper the same PDF every time, with every figure the rules ask for', async () => {
    const first = await raw(`/api/order/${orderId}/invoice.pdf`, shopper.accessToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const again = await raw(`/api/order/${orderId}/invoice.pdf`, shopper.accessToken);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const [invoice] = (
      await send(app(), 'GET', `/api/order/${orderId}/invoices`, { token: shopper.accessToken })
    ).body.data;
    const text = await pdfText(first.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(text).toContain(defaultShopSettings.legalName);
    expect(text).toContain(invoice.number);
    expect(text).toContain('6212');
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('Asha Rao');
    const total = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
      invoice.total,
    );
    expect(text).toContain(total);
    expect(text).toMatch(/Rupees [A-Za-z ]+Only/);
  });

  it('goes with the shipped mail as the same PDF the shopper downloads', async () => {
    for (const status of ['confirmed', 'processing', 'shipped']) {
      const moved = await moveOrder(app(), orderId, status, owner.accessToken);
      expect(moved.status).toBe(200);
    }
    await app().jobs.deliverMail();
    const order = (
      await send(app(), 'GET', `/api/order/${orderId}`, { token: shopper.accessToken })
    ).body.data;
    const shipped = await lastMailTo(
      world.config.outboxDir,
      'asha.rao@example.in',
      new RegExp(`Your order ${order.orderNumber} is on its way`),
    );
    expect(shipped).toBeDefined();
    const [invoice] = (
      await send(app(), 'GET', `/api/order/${orderId}/invoices`, { token: shopper.accessToken })
    ).body.data;
    const download = await raw(`/api/order/${orderId}/invoice.pdf`, shopper.accessToken);
    const attached = attachmentsOf(shipped!);
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: `${invoice.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`,
    });
    expect(attached[0]!.content.equals(download.rawPayload)).toBe(true);
  });

  it("answers the cart's GST as the invoice reckons it, computed by the server", async () => {
    await fillCart(app(), shopper.accessToken, [[choices[1]!, 2]]);
    const cart = await send(app(), 'GET', '/api/cart', { token: shopper.accessToken });
    const [{ tax }] = (await queryRows<{ tax: number }>(
      world.database.db,
      sql`select (figures->'figures'->>'taxPaise')::int as tax from invoices
          where order_id = ${orderId} and kind = 'invoice'`,
    )) as [{ tax: number }];
    expect(tax).toBeGreaterThan(0);
    expect(Math.round(cart.body.data.gstIncluded * 100)).toBe(tax);
    await fillCart(app(), shopper.accessToken, []);
    const empty = await send(app(), 'GET', '/api/cart', { token: shopper.accessToken });
    expect(empty.body.data.gstIncluded).toBe(0);
  });

  it('charges IGST when the parcel goes to another state', async () => {
    const id = await insertPaidOrder(choices[2]!, 'Maharashtra');
    const answer = await raw(`/api/order/${id}/invoice.pdf`, shopper.accessToken);
    expect(answer.statusCode).toBe(200);
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Maharashtra (27)');
  });

  it('is not found for another shopper, asks a signed-out caller to sign in, and is the owners’ in the back office', async () => {
    expect((await raw(`/api/order/${orderId}/invoice.pdf`, other.accessToken)).statusCode).toBe(
      404,
    );
    expect((await raw(`/api/order/${orderId}/invoices`, other.accessToken)).statusCode).toBe(404);
    expect((await raw(`/api/order/not-an-id/invoice.pdf`, shopper.accessToken)).statusCode).toBe(
      404,
    );
    expect((await raw(`/api/order/${orderId}/invoice.pdf`)).statusCode).toBe(401);
    expect(
      (await raw(`/api/admin/orders/${orderId}/invoice.pdf`, shopper.accessToken)).statusCode,
    ).toBe(403);
    const asOwner = await raw(`/api/admin/orders/${orderId}/invoice.pdf`, owner.accessToken);
    expect(asOwner.statusCode).toBe(200);
    const asShopper = await raw(`/api/order/${orderId}/invoice.pdf`, shopper.accessToken);
    expect(asOwner.rawPayload.equals(asShopper.rawPayload)).toBe(true);
  });

  it('is not issued for an unpaid order', async () => {
    const placed = await placeOrder(app(), shopper.accessToken, [[choices[0]!, 1]]);
    const answer = await raw(`/api/order/${placed.orderId}/invoice.pdf`, shopper.accessToken);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('The invoice is issued once the order is paid');
  });
});

describe('numbering under issuers at once', () => {
  it('gives consecutive numbers with no gap and no order twice, from two servers at once', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push(await insertPaidOrder(choices[index % choices.length]!));
    }
    // On PostgreSQL a second server on its own connections issues alongside the first; on the
    // embedded database (one process) the same calls interleave on its one connection.
    let second: { app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle } | undefined;
    if (world.databaseUrl) {
      const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: undefined });
      second = { app: await buildApp({ config: world.config, database }), database };
      await second.app.ready();
    }
    const apps = [app(), second?.app ?? app()];
    let answers: { statusCode: number }[] = [];
    try {
      const jobRuns = apps.map((one) => one.jobs.issueInvoices());
      answers = await Promise.all(
        ids.map((id, index) =>
          apps[index % 2]!.inject({
            method: 'GET',
            url: `/api/admin/orders/${id}/invoice.pdf`,
            headers: { authorization: `Bearer ${owner.accessToken}` },
          }),
        ),
      );
      await Promise.all(jobRuns);
    } finally {
      await second?.app.close();
      await second?.database.close();
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    const rows = (await invoiceRows()).filter((row) => row.kind === 'invoice');
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_row, index) => index + 1));
    expect(new Set(rows.map((row) => row.order_id)).size).toBe(rows.length);
    for (const id of ids) expect(rows.some((row) => row.order_id === id)).toBe(true);
  }, 60_000);
});

describe('credit notes', () => {
  it('are issued for a cancel after the invoice, in their own series, referring to the invoice', async () => {
    const placed = await paidOrder([[choices[0]!, 1]]);
    await app().jobs.issueInvoices();
    const cancelled = await send(app(), 'POST', `/api/order/${placed.orderId}/cancel`, {
      token: shopper.accessToken,
      body: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.status).toBe(200);
    await drainRefunds(world);
    expect(await app().jobs.issueInvoices()).toBe(1);
    expect(await app().jobs.issueInvoices()).toBe(0);

    const documents = (
      await send(app(), 'GET', `/api/order/${placed.orderId}/invoices`, {
        token: shopper.accessToken,
      })
    ).body.data as { kind: string; number: string; url: string; total: number }[];
    expect(documents.map((one) => one.kind)).toEqual(['invoice', 'credit-note']);
    const [invoice, credit] = documents as [(typeof documents)[0], (typeof documents)[0]];
    expect(credit.number).toMatch(/^CN\/\d\d-\d\d\/000001$/);
    expect(credit.total).toBe(invoice.total);

    const pdf = await raw(credit.url, shopper.accessToken);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(credit.number);
    expect(text).toContain(invoice.number);
    expect((await raw(credit.url, other.accessToken)).statusCode).toBe(404);
  });
});

describe('the GSTR-1 export', () => {
  it('answers the month as CSV to the owner: B2C small by place of supply and rate, the HSN summary', async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const answer = await raw(`/api/admin/gst/gstr1.csv?month=${month}`, owner.accessToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(answer.body, { relax_column_count: true }) as string[][];
    const titles = rows.filter((row) => row.length === 1 && row[0]).map((row) => row[0]);
    expect(titles).toEqual([
      'B2C Large (table 5)',
      'Credit notes of B2C Large (table 9B, CDNUR)',
      'B2C Small (table 7), credit notes netted',
      'HSN summary (table 12), credit notes netted',
    ]);
    const b2cs = rows.filter((row) => row[0] === 'OE');
    expect(b2cs.map((row) => row[1])).toEqual(
      expect.arrayContaining(['27-Maharashtra', '29-Karnataka']),
    );
    const hsn = rows.filter((row) => row[2] === 'NOS-NUMBERS');
    expect(hsn.length).toBeGreaterThan(0);
    // The cancelled order's invoice and credit note cancel out: the export's taxable value is that
    // of the invoices still standing.
    const [{ taxable }] = (await queryRows<{ taxable: string }>(
      world.database.db,
      sql`select coalesce(sum(case when kind = 'invoice' then 1 else -1 end * (figures->'figures'->>'taxablePaise')::int), 0)::text as taxable from invoices`,
    )) as [{ taxable: string }];
    const exported = b2cs.reduce((sum, row) => sum + Math.round(Number(row[4]) * 100), 0);
    expect(exported).toBe(Number(taxable));

    const empty = await raw('/api/admin/gst/gstr1.csv?month=2020-01', owner.accessToken);
    expect(
      parse(empty.body, { relax_column_count: true }).filter((row: string[]) => row[0] === 'OE'),
    ).toEqual([]);
    expect(
      (await raw('/api/admin/gst/gstr1.csv?month=2026-13', owner.accessToken)).statusCode,
    ).toBe(400);
    expect(
      (await raw(`/api/admin/gst/gstr1.csv?month=${month}`, shopper.accessToken)).statusCode,
    ).toBe(403);
  });
});
