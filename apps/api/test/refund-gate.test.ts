// The one refund gate: every refund a person of the shop causes (a cancel on the status desk, a
// returned line on the returns desk, a refund of lines or of an amount by hand) counts against the
// staff limit with what staff already refunded of the order; above it the answer is 403 and
// nothing changes. Returned is reached only through the returns desk.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURNED_ON_THE_DESK } from '@shop/domain/orders';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { moveOrder, payOrder, placeOrder } from './order-helpers.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

const OWNER = 'owner.gate@lacebloom.in';
/** Staff may refund ₹2,000 of an order in this shop, all their refunds of it together. */
const LIMIT_RUPEES = 2000;
const LIMIT_MESSAGE = 'Refunds above ₹2,000 need an owner';

let world: TestWorld;
let owner: { accessToken: string };
let staff: { accessToken: string };
/** Choices of distinct products, and those of bras (which may come back). */
let choices: StockedChoice[];
let bras: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: OWNER,
    STAFF_REFUND_LIMIT_RUPEES: String(LIMIT_RUPEES),
  });
  owner = await signUpOwner(world, OWNER);
  const member = await signUp(app());
  await followVerificationLink(world, member.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: member.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
  staff = member;
  choices = (await stockedChoices(app(), 6)).filter(
    (choice, index, all) =>
      all.findIndex((other) => other.productId === choice.productId) === index,
  );
  const categories = (await getJson(app(), '/api/category')).body.data as {
    _id: string;
    slug: string;
  }[];
  const braCategory = categories.find((category) => category.slug === 'bras')!._id;
  bras = choices.filter((choice) => choice.categoryId === braCategory);
}, 120_000);
afterAll(() => world?.close());

type Order = {
  _id: string;
  status: string;
  paymentStatus: string;
  total: number;
  items: { _id: string; itemTotal: number; productName: string }[];
  returns: { _id: string; action: string; state: string }[];
};

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);

/** Refunds owed or made of the order, as the table holds them. */
const refundRows = (orderId: string) =>
  rows<{ amount_paise: number; reason: string; decided_by_role: string | null }>(
    sql`select amount_paise, reason, decided_by_role from refunds where order_id = ${orderId}
        order by created_at`,
  );

async function stockOf(choice: StockedChoice) {
  const [row] = await rows<{ stock: number }>(
    sql`select s.stock from product_size_stock s join product_colors c on c.id = s.color_id
        where c.product_id = ${choice.productId} and lower(c.color_name) = lower(${choice.colorName})
          and lower(s.size) = lower(${choice.size})`,
  );
  return row!.stock;
}

/** A new shopper's paid order of these lines, as its shopper reads it. */
async function paidOrder(lines: [StockedChoice, number][]) {
  const shopper = await signUp(app());
  const placed = await placeOrder(app(), shopper.accessToken, lines);
  const verified = await send(app(), 'POST', '/api/payments/verify', {
    token: shopper.accessToken,
    body: await payOrder(app(), shopper.accessToken, placed.orderId),
  });
  expect(verified.status).toBe(200);
  const read = async () =>
    (await send(app(), 'GET', `/api/order/${placed.orderId}`, { token: shopper.accessToken })).body
      .data as Order;
  const order = await read();
  expect(order.paymentStatus).toBe('paid');
  return { order, read, token: shopper.accessToken };
}

/** A paid order costing at most the limit (one unit of a cheap product). */
async function smallOrder() {
  const cheap = choices.find((choice) => choice.price <= LIMIT_RUPEES / 2)!;
  const made = await paidOrder([[cheap, 1]]);
  expect(made.order.total).toBeLessThanOrEqual(LIMIT_RUPEES);
  return { ...made, choice: cheap };
}

/** A paid order costing more than the limit by more than ₹100. */
async function largeOrder() {
  const dear = [...choices].sort((a, b) => b.price - a.price)[0]!;
  const units = Math.ceil((LIMIT_RUPEES + 200) / dear.price);
  const made = await paidOrder([[dear, units]]);
  expect(made.order.total).toBeGreaterThan(LIMIT_RUPEES + 100);
  return { ...made, choice: dear };
}

const setStatus = (orderId: string, body: object, token: string) =>
  send(app(), 'PATCH', `/api/admin/orders/${orderId}/status`, { token, body });
const refundByHand = (orderId: string, body: object, token: string) =>
  send(app(), 'POST', `/api/admin/orders/${orderId}/refunds`, { token, body });
const deskStep = (lineId: string, path: string, token: string, body?: object) =>
  send(app(), 'POST', `/api/admin/returns/${lineId}/${path}`, {
    token,
    ...(body ? { body } : {}),
  });

/**
 * A delivered paid order of these lines with a return asked for the first `returned` of them,
 * each taken on the desk up to its refund (received, checked, restocked) by an owner.
 */
async function returnsReadyToRefund(lines: [StockedChoice, number][], returned: number) {
  const made = await paidOrder(lines);
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    expect((await moveOrder(app(), made.order._id, status, owner.accessToken)).status).toBe(200);
  }
  const asked = await send(app(), 'POST', `/api/order/${made.order._id}/return`, {
    token: made.token,
    body: {
      reason: 'Does not fit',
      // The first `returned` of the lines as given (the order's own list need not keep their order).
      items: lines.slice(0, returned).map(([choice]) => ({
        itemId: (
          made.order.items as unknown as {
            _id: string;
            product: string;
            size: string;
            color: { colorName: string };
          }[]
        ).find(
          (item) =>
            item.product === choice.productId &&
            item.color.colorName === choice.colorName &&
            item.size.toLowerCase() === choice.size.toLowerCase(),
        )!._id,
        action: 'return',
      })),
    },
  });
  expect(asked.status).toBe(200);
  const returnLines = asked.body.data.returns as { _id: string; itemId: string }[];
  const lineIds = returnLines.map((line) => line._id);
  /** What each return line's item cost, in paise: the lines need not come in the order's order. */
  const pricePaiseOf = new Map(
    returnLines.map((line) => {
      const item = (made.order.items as unknown as { _id: string; priceAtPurchase: number }[]).find(
        (orderItem) => orderItem._id === line.itemId,
      )!;
      return [line._id, Math.round(item.priceAtPurchase * 100)] as const;
    }),
  );
  for (const lineId of lineIds) {
    for (const [path, body] of [
      ['approve'],
      ['receive'],
      ['quality-check', { passed: true }],
      ['restock'],
    ] as const) {
      expect((await deskStep(lineId, path, owner.accessToken, body)).status).toBe(200);
    }
  }
  return { ...made, lineIds, pricePaiseOf };
}

describe('cancelling a paid order on the status desk', () => {
  it('lets staff cancel an order within the limit, and the refund counts as theirs', async () => {
    const { order, read } = await smallOrder();
    const cancelled = await setStatus(
      order._id,
      { status: 'cancelled', reason: 'Out of stock' },
      staff.accessToken,
    );
    expect(cancelled.status).toBe(200);
    expect((await read()).paymentStatus).toBe('refund_pending');
    expect(await refundRows(order._id)).toEqual([
      {
        amount_paise: Math.round(order.total * 100),
        reason: 'cancelled',
        decided_by_role: 'staff',
      },
    ]);
  });

  it('refuses staff a cancel that refunds more than the limit, changing nothing; an owner cancels it', async () => {
    const { order, read, choice } = await largeOrder();
    const stockBefore = await stockOf(choice);
    const refused = await setStatus(
      order._id,
      { status: 'cancelled', reason: 'Out of stock' },
      staff.accessToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LIMIT_MESSAGE);
    // Status, stock and refunds as they were: the whole move was undone.
    expect(await read()).toMatchObject({ status: order.status, paymentStatus: 'paid' });
    expect(await stockOf(choice)).toBe(stockBefore);
    expect(await refundRows(order._id)).toEqual([]);

    const byOwner = await setStatus(
      order._id,
      { status: 'cancelled', reason: 'Out of stock' },
      owner.accessToken,
    );
    expect(byOwner.status).toBe(200);
    expect(await refundRows(order._id)).toEqual([
      {
        amount_paise: Math.round(order.total * 100),
        reason: 'cancelled',
        decided_by_role: 'owner',
      },
    ]);
  });

  it("counts staff's earlier refunds by hand with the cancel, not an owner's", async () => {
    const { order, read } = await largeOrder();
    const totalPaise = Math.round(order.total * 100);
    expect(totalPaise).toBeGreaterThan(LIMIT_RUPEES * 100 + 100_00);
    // Staff refund ₹200 by hand, an owner all but ₹2,100 of the order: the cancel owes ₹1,900,
    // within the limit alone, past it with the staff member's ₹200.
    const byStaff = await refundByHand(order._id, { amount: 200, note: 'Late' }, staff.accessToken);
    expect(byStaff.status).toBe(201);
    const ownerRupees = (totalPaise - (LIMIT_RUPEES + 100) * 100) / 100;
    const byOwner = await refundByHand(
      order._id,
      { amount: ownerRupees, note: 'Goodwill' },
      owner.accessToken,
    );
    expect(byOwner.status).toBe(201);
    const refused = await setStatus(
      order._id,
      { status: 'cancelled', reason: 'Out of stock' },
      staff.accessToken,
    );
    expect(refused).toMatchObject({ status: 403, body: { message: LIMIT_MESSAGE } });
    expect((await read()).status).toBe(order.status);
    expect(await refundRows(order._id)).toHaveLength(2);
  });
});

describe('marking an order returned', () => {
  it('is refused on the status desk to staff and owners alike, pointing to the returns desk', async () => {
    const bra = bras.find((choice) => choice.price <= LIMIT_RUPEES)!;
    const made = await paidOrder([[bra, 1]]);
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      expect((await moveOrder(app(), made.order._id, status, owner.accessToken)).status).toBe(200);
    }
    const asked = await send(app(), 'POST', `/api/order/${made.order._id}/return`, {
      token: made.token,
      body: { reason: 'Does not fit' },
    });
    expect(asked.status).toBe(200);
    const stockBefore = await stockOf(bra);
    for (const token of [staff.accessToken, owner.accessToken]) {
      const refused = await setStatus(made.order._id, { status: 'returned' }, token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(RETURNED_ON_THE_DESK);
    }
    expect(await made.read()).toMatchObject({
      status: 'return_requested',
      paymentStatus: 'paid',
      returns: [{ state: 'requested' }],
    });
    expect(await stockOf(bra)).toBe(stockBefore);
    expect(await refundRows(made.order._id)).toEqual([]);
  });
});

/** Bras within the limit each whose prices together pass it: lines a staff member refunds. */
function brasPassingTheLimitTogether() {
  const within = bras
    .filter((choice) => choice.price <= LIMIT_RUPEES)
    .sort((a, b) => b.price - a.price);
  const picked: StockedChoice[] = [];
  let sum = 0;
  for (const bra of within) {
    if (sum > LIMIT_RUPEES) break;
    picked.push(bra);
    sum += bra.price;
  }
  expect(sum).toBeGreaterThan(LIMIT_RUPEES);
  return picked;
}

describe('refunding returned lines on the returns desk', () => {
  it('counts every line staff refunded of the order: past the limit together, the next needs an owner', async () => {
    const lines = brasPassingTheLimitTogether();
    const { order, read, lineIds, pricePaiseOf } = await returnsReadyToRefund(
      lines.map((bra) => [bra, 1]),
      lines.length,
    );
    // Each line alone is within the limit; staff refund them one by one until the next would
    // take their refunds of the order past it.
    let refundedPaise = 0;
    let refusedLine: string | undefined;
    for (const lineId of lineIds) {
      const linePaise = pricePaiseOf.get(lineId)!;
      const answer = await deskStep(lineId, 'refund', staff.accessToken);
      if (refundedPaise + linePaise <= LIMIT_RUPEES * 100) {
        expect(answer.status).toBe(200);
        refundedPaise += linePaise;
      } else {
        expect(answer).toMatchObject({ status: 403, body: { message: LIMIT_MESSAGE } });
        refusedLine = lineId;
        break;
      }
    }
    expect(refusedLine).toBeDefined();
    const staffRows = await refundRows(order._id);
    expect(staffRows.every((row) => row.decided_by_role === 'staff')).toBe(true);
    expect(staffRows.reduce((sum, row) => sum + row.amount_paise, 0)).toBe(refundedPaise);
    expect((await read()).returns.find((line) => line._id === refusedLine)?.state).toBe(
      'restocked',
    );
    // The detail says so before anyone tries, and an owner gives it.
    const detail = await send(app(), 'GET', `/api/admin/returns/${refusedLine}`, {
      token: staff.accessToken,
    });
    expect(detail.body.data.refundNeedsOwner).toBe(true);
    expect((await deskStep(refusedLine!, 'refund', owner.accessToken)).status).toBe(200);
    expect((await refundRows(order._id)).at(-1)?.decided_by_role).toBe('owner');
  });
});

describe('refunds by hand', () => {
  it('lets staff refund a line within the limit, refuses one above it, and an owner gives it', async () => {
    const cheap = choices.find((choice) => choice.price <= LIMIT_RUPEES / 2)!;
    const dear = [...choices].sort((a, b) => b.price - a.price)[0]!;
    const units = Math.ceil((LIMIT_RUPEES + 1) / dear.price);
    const { order } = await paidOrder([
      [cheap, 1],
      [dear, units],
    ]);
    const [cheapLine, dearLine] = order.items;
    expect(dearLine!.itemTotal).toBeGreaterThan(LIMIT_RUPEES);
    const small = await refundByHand(
      order._id,
      { lines: [{ itemId: cheapLine!._id, quantity: 1 }], note: 'Torn' },
      staff.accessToken,
    );
    expect(small.status).toBe(201);
    const large = { lines: [{ itemId: dearLine!._id, quantity: units }], note: 'Torn' };
    const refused = await refundByHand(order._id, large, staff.accessToken);
    expect(refused).toMatchObject({ status: 403, body: { message: LIMIT_MESSAGE } });
    expect(await refundRows(order._id)).toHaveLength(1);
    expect((await refundByHand(order._id, large, owner.accessToken)).status).toBe(201);
    expect((await refundRows(order._id)).map((row) => row.decided_by_role)).toEqual([
      'staff',
      'owner',
    ]);
  });

  it('lets staff refund an amount up to the limit of an order, all refunds together; an owner any amount', async () => {
    const { order } = await largeOrder();
    expect(
      (await refundByHand(order._id, { amount: 1500, note: 'Late' }, staff.accessToken)).status,
    ).toBe(201);
    const past = await refundByHand(order._id, { amount: 501, note: 'Late' }, staff.accessToken);
    expect(past).toMatchObject({ status: 403, body: { message: LIMIT_MESSAGE } });
    expect(
      (await refundByHand(order._id, { amount: 500, note: 'Late' }, staff.accessToken)).status,
    ).toBe(201);
    expect(
      (await refundByHand(order._id, { amount: 1, note: 'Late' }, owner.accessToken)).status,
    ).toBe(201);
    expect((await refundRows(order._id)).map((row) => row.decided_by_role)).toEqual([
      'staff',
      'staff',
      'owner',
    ]);
  });
});

describe('staff refunds of one order at once', () => {
  it('lets exactly one of two that together pass the limit through: a returned line and an amount by hand', async () => {
    const bra = bras.find((choice) => choice.price <= LIMIT_RUPEES / 2)!;
    const dear = [...choices].sort((a, b) => b.price - a.price)[0]!;
    const units = Math.ceil(LIMIT_RUPEES / dear.price);
    const { order, lineIds } = await returnsReadyToRefund(
      [
        [bra, 1],
        [dear, units],
      ],
      1,
    );
    const braPaise = Math.round(bra.price * 100);
    // Each alone is within the limit; together they pass it by a rupee.
    const amount = (LIMIT_RUPEES * 100 - braPaise + 100) / 100;
    const answers = await Promise.all([
      deskStep(lineIds[0]!, 'refund', staff.accessToken),
      refundByHand(order._id, { amount, note: 'Goodwill' }, staff.accessToken),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 403)?.body.message).toBe(LIMIT_MESSAGE);
    const owed = await refundRows(order._id);
    expect(owed).toHaveLength(1);
    expect(owed[0]!.amount_paise).toBeLessThanOrEqual(LIMIT_RUPEES * 100);
  });

  it('lets returned lines refunded all at once through only while together within the limit', async () => {
    const lines = brasPassingTheLimitTogether();
    const { order, lineIds } = await returnsReadyToRefund(
      lines.map((bra) => [bra, 1]),
      lines.length,
    );
    const answers = await Promise.all(
      lineIds.map((lineId) => deskStep(lineId, 'refund', staff.accessToken)),
    );
    expect(answers.some((answer) => answer.status === 403)).toBe(true);
    const owed = await refundRows(order._id);
    expect(owed).toHaveLength(answers.filter((answer) => answer.status === 200).length);
    expect(owed.reduce((sum, row) => sum + row.amount_paise, 0)).toBeLessThanOrEqual(
      LIMIT_RUPEES * 100,
    );
  });
});
