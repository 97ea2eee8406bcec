// The back office's stock desk: a product's colour × size grid in size order with the units unpaid
// orders hold; `+12` and `=0` saved as movements that explain every number (orders' own included),
// one audit entry a save; a count made while checkouts take the last units ends at counted − sold
// since, never negative; the low-stock threshold, list and popular flag; the dashboard counting
// low sizes the same way; the owners' daily mail sent once with two processes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { readOutbox } from './outbox.ts';
import { send, signUp } from './auth-helpers.ts';
import type { StockedChoice } from './cart-helpers.ts';
import { fillCart, orderBody, placeOrder } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

const OWNER = 'owner@lacebloom.in';
let world: TestWorld;
let owner: { accessToken: string };
const app = () => world.app;

interface Grid {
  product: { _id: string; name: string; lowStockThreshold: number };
  colors: { colorName: string; colorHex: string }[];
  sizes: string[];
  bands: { band: string; sizes: string[] }[] | null;
  cells: { colorName: string; size: string; stock: number; held: number; version: number | null }[];
}

const grid = async (productId: string) => {
  const answer = await send(app(), 'GET', `/api/admin/stock/${productId}`, {
    token: owner.accessToken,
  });
  expect(answer.status).toBe(200);
  return answer.body.data as Grid;
};
const adjust = (productId: string, body: unknown, token = owner.accessToken) =>
  send(app(), 'POST', `/api/admin/stock/${productId}/adjustments`, { token, body });
const movements = (productId: string, query = '') =>
  send(app(), 'GET', `/api/admin/stock/${productId}/movements${query}`, {
    token: owner.accessToken,
  });
const cellOf = (g: Grid, colorName: string, size: string) =>
  g.cells.find((cell) => cell.colorName === colorName && cell.size === size)!;

/** A StockedChoice for a cell, as the storefront's Add To Cart would send it. */
async function choiceOf(
  productId: string,
  colorName: string,
  size: string,
): Promise<StockedChoice> {
  const { body } = await getJson(app(), `/api/product/${productId}`);
  const product = body.data;
  const color = product.colors.find((c: { colorName: string }) => c.colorName === colorName);
  return {
    productId,
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    categoryId: typeof product.category === 'string' ? product.category : product.category._id,
    colorName,
    colorHex: color.colorHex,
    size,
    stock: 0,
    image: color.images[0],
  };
}

let bra: Grid;

beforeAll(async () => {
  world = await createTestWorld({
    ADMIN_EMAILS: OWNER,
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    LOW_STOCK_MAIL_HOUR: '0',
  });
  owner = await signUpOwner(world, OWNER);
  const picked = await send(app(), 'GET', '/api/admin/stock?q=bra&limit=50', {
    token: owner.accessToken,
  });
  expect(picked.status).toBe(200);
  // A bra with at least two colours: its grid reads bands × cups.
  for (const product of picked.body.data.products) {
    const candidate = await grid(product._id);
    if (candidate.colors.length >= 2 && candidate.bands) {
      bra = candidate;
      break;
    }
  }
  expect(bra).toBeDefined();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('the grid', () => {
  it('lists colours × sizes in size order, bras as bands of cups, with what unpaid orders hold', async () => {
    const sorted = [...bra.sizes].sort(
      (a, b) => Number(a.slice(0, 2)) - Number(b.slice(0, 2)) || a.localeCompare(b),
    );
    expect(bra.sizes).toEqual(sorted);
    expect(bra.bands!.flatMap((band) => band.sizes)).toEqual(bra.sizes);
    const color = bra.colors[0]!.colorName;
    const size = bra.sizes[0]!;
    await adjust(bra.product._id, { edits: [{ colorName: color, size, change: '=8' }] });
    const shopper = await signUp(app());
    await placeOrder(app(), shopper.accessToken, [
      [await choiceOf(bra.product._id, color, size), 2],
    ]);
    const after = cellOf(await grid(bra.product._id), color, size);
    expect(after).toMatchObject({ stock: 6, held: 2 });
    // The order's units are a movement of their own.
    const history = await movements(
      bra.product._id,
      `?colorName=${encodeURIComponent(color)}&size=${size}`,
    );
    expect(history.body.data.movements[0]).toMatchObject({
      reason: 'sale',
      delta: -2,
      stockAfter: 6,
      by: null,
    });
  });

  it('answers 404 for a product that does not exist', async () => {
    const missing = await send(
      app(),
      'GET',
      '/api/admin/stock/00000000-0000-4000-8000-000000000000',
      {
        token: owner.accessToken,
      },
    );
    expect(missing.status).toBe(404);
    const bad = await send(app(), 'GET', '/api/admin/stock/nope', { token: owner.accessToken });
    expect(bad.status).toBe(404);
  });
});

describe('edits', () => {
  it('saves +12 and =0 as movements with who and why, one audit entry, and the storefront shows it', async () => {
    const [first, second] = [bra.colors[0]!.colorName, bra.colors[1]!.colorName];
    const size = bra.sizes[1]!;
    const before = await grid(bra.product._id);
    const a = cellOf(before, first, size);
    const b = cellOf(before, second, size);
    const saved = await adjust(bra.product._id, {
      edits: [
        { colorName: first, size, change: '+12', seen: a.version },
        { colorName: second, size, change: '=0', seen: b.version },
      ],
      note: 'Delivery from Tiruppur; shelf counted',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.applied).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          colorName: first,
          change: '+12',
          reason: 'delivery',
          stockAfter: a.stock + 12,
        }),
        expect.objectContaining({
          colorName: second,
          change: '=0',
          reason: 'count',
          stockAfter: 0,
          soldSince: 0,
        }),
      ]),
    );
    expect(cellOf(saved.body.data.grid, first, size).stock).toBe(a.stock + 12);

    const history = await movements(bra.product._id, '?limit=2');
    expect(history.body.data.movements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          colorName: first,
          size,
          delta: 12,
          stockAfter: a.stock + 12,
          reason: 'delivery',
          by: OWNER,
          note: 'Delivery from Tiruppur; shelf counted',
        }),
        expect.objectContaining({
          colorName: second,
          size,
          delta: -b.stock,
          stockAfter: 0,
          reason: 'count',
          by: OWNER,
        }),
      ]),
    );

    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=product&id=${bra.product._id}`,
      {
        token: owner.accessToken,
      },
    );
    expect(audit.body.data.entries[0]).toMatchObject({ action: 'product.stock' });

    // The storefront's product page sells none of the counted size at once.
    const page = await getJson(app(), `/api/product/${bra.product._id}`);
    const color = page.body.data.colors.find((c: { colorName: string }) => c.colorName === second);
    expect(color.sizeStock.find((s: { size: string }) => s.size === size).stock).toBe(0);
  });

  it('refuses what cannot be saved, and saves nothing of the batch', async () => {
    const color = bra.colors[0]!.colorName;
    const size = bra.sizes[2]!;
    const stock = cellOf(await grid(bra.product._id), color, size).stock;
    const bad = await adjust(bra.product._id, {
      edits: [{ colorName: color, size, change: '12x' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Write +12 to add');
    const empty = await adjust(bra.product._id, { edits: [] });
    expect(empty.status).toBe(400);
    const twice = await adjust(bra.product._id, {
      edits: [
        { colorName: color, size, change: '+1' },
        { colorName: color.toUpperCase(), size, change: '+1' },
      ],
    });
    expect(twice.status).toBe(400);
    const unknown = await adjust(bra.product._id, {
      edits: [
        { colorName: color, size, change: '+5' },
        { colorName: color, size: '99Z', change: '+1' },
      ],
    });
    expect(unknown.status).toBe(404);
    const short = await adjust(bra.product._id, {
      edits: [
        { colorName: color, size: bra.sizes[0]!, change: '+5' },
        { colorName: color, size, change: `-${stock + 1}` },
      ],
    });
    expect(short.status).toBe(409);
    expect(short.body.message).toContain(`Only ${stock} left`);
    const after = await grid(bra.product._id);
    expect(cellOf(after, color, size).stock).toBe(stock);
  });

  it('takes off a count what orders sold since the grid was read, and refuses a count another edit overtook', async () => {
    const color = bra.colors[1]!.colorName;
    const size = bra.sizes[0]!;
    await adjust(bra.product._id, { edits: [{ colorName: color, size, change: '=10' }] });
    const read = cellOf(await grid(bra.product._id), color, size);
    const shopper = await signUp(app());
    await placeOrder(app(), shopper.accessToken, [
      [await choiceOf(bra.product._id, color, size), 3],
    ]);
    // Counted 9 on the shelf as read; 3 sold since: 6 left to sell.
    const counted = await adjust(bra.product._id, {
      edits: [{ colorName: color, size, change: '=9', seen: read.version }],
    });
    expect(counted.status).toBe(200);
    expect(counted.body.data.applied[0]).toMatchObject({
      stockBefore: 7,
      stockAfter: 6,
      soldSince: 3,
    });
    // A second count against the same reading would count the shelf twice.
    const stale = await adjust(bra.product._id, {
      edits: [{ colorName: color, size, change: '=9', seen: read.version }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('changed in the back office');
    // A delivery adds whatever happened meanwhile.
    const delivered = await adjust(bra.product._id, {
      edits: [{ colorName: color, size, change: '+4', seen: read.version }],
    });
    expect(delivered.body.data.applied[0]).toMatchObject({ stockAfter: 10 });
  });

  it('pages through the history newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const page = await movements(bra.product._id, `?limit=2${suffix}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.movements.map((m: { _id: string }) => m._id));
      cursor = page.body.data.next;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    const bad = await movements(bra.product._id, '?cursor=abc');
    expect(bad.status).toBe(400);
  });
});

describe('a count while checkouts take the last units', () => {
  it('ends at counted − sold since, never negative', async () => {
    const color = bra.colors[0]!.colorName;
    const size = bra.sizes[bra.sizes.length - 1]!;
    const choice = await choiceOf(bra.product._id, color, size);
    const shoppers = [];
    for (let i = 0; i < 6; i += 1) shoppers.push(await signUp(app()));
    // The count starts at once, or once some of the checkouts are answered, so it lands before,
    // among and after them in different rounds.
    for (const [round, answeredFirst] of [
      [1, 0],
      [2, 2],
      [3, 4],
      [4, 6],
    ] as const) {
      await adjust(bra.product._id, { edits: [{ colorName: color, size, change: '=6' }] });
      for (const shopper of shoppers) await fillCart(app(), shopper.accessToken, [[choice, 1]]);
      const read = cellOf(await grid(bra.product._id), color, size);
      expect(read.stock).toBe(6);
      // The shelf holds 4 (two were lost): six checkouts of the last units race the count.
      let answered = 0;
      let countMayStart = () => {};
      const countStarts = new Promise<void>((resolve) => (countMayStart = resolve));
      if (answeredFirst === 0) countMayStart();
      const [countAnswer, ...orders] = await Promise.all([
        countStarts.then(() =>
          adjust(bra.product._id, {
            edits: [{ colorName: color, size, change: '=4', seen: read.version }],
          }),
        ),
        ...shoppers.map(async (shopper) => {
          const answer = await send(app(), 'POST', '/api/order', {
            token: shopper.accessToken,
            body: orderBody([[choice, 1]]),
          });
          answered += 1;
          if (answered === answeredFirst) countMayStart();
          return answer;
        }),
      ]);
      expect(countAnswer.status).toBe(200);
      const sold = orders.filter((answer) => answer.status === 201).length;
      expect(orders.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
      const after = cellOf(await grid(bra.product._id), color, size);
      expect(after.stock, `round ${round}: ${sold} sold`).toBe(Math.max(0, 4 - sold));
      expect(after.stock).toBeGreaterThanOrEqual(0);
      // The history explains the number: the reading plus every movement since.
      const [ledger] = await queryRows<{ moved: number }>(
        world.database.db,
        sql`select coalesce(sum(delta), 0)::int as moved from stock_movements
            where product_id = ${bra.product._id} and lower(color_name) = lower(${color})
              and lower(size) = lower(${size}) and id > ${read.version}`,
      );
      expect(read.stock + ledger!.moved).toBe(after.stock);
      // Each shopper's unpaid order is cancelled by her next placement; start the round afresh.
      for (const shopper of shoppers) {
        await send(app(), 'DELETE', '/api/cart/clear', { token: shopper.accessToken });
      }
      await world.database.db.execute(
        sql`update orders set payment_due_at = now() - interval '1 minute'
            where status = 'pending' and payment_status = 'pending'`,
      );
      await app().jobs.expireUnpaidOrders();
    }
  }, 60_000);
});

describe('low stock', () => {
  it('edits the threshold per product, audited, within its bounds', async () => {
    const path = `/api/admin/stock/${bra.product._id}/threshold`;
    const bad = await send(app(), 'PATCH', path, {
      token: owner.accessToken,
      body: { threshold: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Threshold');
    const saved = await send(app(), 'PATCH', path, {
      token: owner.accessToken,
      body: { threshold: 5 },
    });
    expect(saved.status).toBe(200);
    expect((await grid(bra.product._id)).product.lowStockThreshold).toBe(5);
    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=product&id=${bra.product._id}`,
      {
        token: owner.accessToken,
      },
    );
    expect(audit.body.data.entries[0]).toMatchObject({
      action: 'product.low_stock_threshold',
      before: { lowStockThreshold: 3 },
      after: { lowStockThreshold: 5 },
    });
  });

  it('lists sizes at their threshold or under, flags popular sizes sold out, and agrees with the dashboard', async () => {
    const color = bra.colors[1]!.colorName;
    const size = bra.sizes[1]!;
    await adjust(bra.product._id, { edits: [{ colorName: color, size, change: '=0' }] });
    // Sales of the last 30 days, written straight into the table: only the list's reads are under test.
    await world.database.db.execute(
      sql`insert into stock_movements (product_id, color_name, size, delta, stock_after, reason, at)
          values (${bra.product._id}, ${color}, ${size}, -4, 0, 'sale', now() - interval '3 days'),
                 (${bra.product._id}, ${color}, ${size}, -9, 0, 'sale', now() - interval '40 days')`,
    );
    const rows: {
      productId: string;
      colorName: string;
      size: string;
      stock: number;
      threshold: number;
      sold30: number;
      popularSoldOut: boolean;
    }[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const page = await send(app(), 'GET', `/api/admin/stock/low?limit=100${suffix}`, {
        token: owner.accessToken,
      });
      expect(page.status).toBe(200);
      rows.push(...page.body.data.sizes);
      cursor = page.body.data.next;
    } while (cursor);
    expect(rows.every((row) => row.stock <= row.threshold)).toBe(true);
    expect(rows.map((row) => row.stock)).toEqual(
      [...rows.map((row) => row.stock)].sort((a, b) => a - b),
    );
    const counted = rows.find(
      (row) => row.productId === bra.product._id && row.colorName === color && row.size === size,
    );
    expect(counted).toMatchObject({ stock: 0, threshold: 5, popularSoldOut: true });
    expect(counted!.sold30).toBeGreaterThanOrEqual(4);
    expect(counted!.sold30).toBeLessThan(13);

    const popular = await send(app(), 'GET', '/api/admin/stock/low?popular=1&limit=100', {
      token: owner.accessToken,
    });
    expect(
      popular.body.data.sizes.every((row: { popularSoldOut: boolean }) => row.popularSoldOut),
    ).toBe(true);
    expect(
      popular.body.data.sizes.some(
        (row: { size: string; colorName: string }) => row.size === size && row.colorName === color,
      ),
    ).toBe(true);

    const dashboard = await send(app(), 'GET', '/api/admin/dashboard', {
      token: owner.accessToken,
    });
    expect(dashboard.body.data.lowStock).toBe(rows.length);
  });

  it('mails the owners once a day, whichever of two processes gets there first', async () => {
    // A size falls to its threshold since the last mail.
    const color = bra.colors[0]!.colorName;
    const size = bra.sizes[0]!;
    await adjust(bra.product._id, { edits: [{ colorName: color, size, change: '=9' }] });
    await adjust(bra.product._id, {
      edits: [{ colorName: color, size, change: '-7', reason: 'damage' }],
    });
    const second = await buildApp({ config: world.config, database: world.database });
    await second.ready();
    try {
      const [a, b] = await Promise.all([app().jobs.mailLowStock(), second.jobs.mailLowStock()]);
      expect(a + b).toBe(1);
      expect(await app().jobs.mailLowStock()).toBe(0);
      expect(await second.jobs.mailLowStock()).toBe(0);
    } finally {
      await second.close();
    }
    await app().jobs.deliverMail();
    const mails = (await readOutbox(world.config.outboxDir)).filter(
      (mail) => mail.to === OWNER && mail.subject.startsWith('Low stock'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${bra.product.name}, ${color}, ${size}: 2 left`);
    expect(mails[0]!.html).toContain('/admin/stock/low');
  });
});

describe('who may use it', () => {
  it('answers a shopper 403 before reading the body', async () => {
    const shopper = await signUp(app());
    const answer = await adjust(bra.product._id, { edits: 'nonsense' }, shopper.accessToken);
    expect(answer.status).toBe(403);
  });
});
