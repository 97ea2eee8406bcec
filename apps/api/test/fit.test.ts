// Fit: size charts as data (the storefront's chart answer, the back office's list, create and
// replace with the chart rules and the audit log), the bra size finder on a product's own chart
// with the stock of her size and its sisters in the chosen colour (else the shop's default bra
// chart), the listing's "in my size" filter with and without sister sizes, and her saved size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitMessages } from '@shop/contracts/fit';
import { send, signUp } from './auth-helpers.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof signUp>>;
let staff: Awaited<ReturnType<typeof signUp>>;
const app = () => world.app;

interface Card {
  _id: string;
  name: string;
  sizeChartId: string | null;
  sizeMatch?: { size: string; sister: boolean };
  colors: { colorName: string; sizeStock: { size: string; stock: number }[] }[];
}

/** Every active product, a page of 48 at a time. */
async function allProducts(query = ''): Promise<{ cards: Card[]; total: number }> {
  const cards: Card[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const answer = await send(app(), 'GET', `/api/product/products?limit=48&page=${page}${query}`);
    expect(answer.status).toBe(200);
    cards.push(...answer.body.data.products);
    total = answer.body.data.total;
    if (page >= answer.body.data.pages) break;
  }
  return { cards, total };
}

const inStock = (card: Card, size: string) =>
  card.colors.some((colour) =>
    colour.sizeStock.some((entry) => entry.size === size && entry.stock > 0),
  );

let braChartId: string;
let pantyChartId: string;

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  staff = await signUp(app());
  await followVerificationLink(world, staff.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: staff.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
  const charts = await send(app(), 'GET', '/api/admin/size-charts', { token: staff.accessToken });
  expect(charts.status).toBe(200);
  braChartId = charts.body.data.find((chart: any) => chart.name === 'Bra size guide')._id;
  pantyChartId = charts.body.data.find((chart: any) => chart.name === 'Panty size guide')._id;
});
afterAll(async () => {
  await world?.close();
});

describe('size charts as data', () => {
  it('answers a chart with its rows, and every product answer names its chart', async () => {
    const chart = await send(app(), 'GET', `/api/size-chart/${braChartId}`);
    expect(chart.status).toBe(200);
    expect(chart.body.data).toMatchObject({
      _id: braChartId,
      name: 'Bra size guide',
      kind: 'bra',
      image: '/media/charts/bra-size-guide',
    });
    // The modern convention: band 32 is 31–33 in under the bust, cup C 2.5–3.5 in over the band.
    expect(chart.body.data.rows).toContainEqual({
      size: '32C',
      underbustCm: [78.7, 83.8],
      bustCm: [87.6, 90.2],
    });
    const panties = await send(app(), 'GET', `/api/size-chart/${pantyChartId}`);
    expect(panties.body.data.kind).toBe('letter');
    expect(panties.body.data.rows.map((row: any) => row.size)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '3XL',
    ]);

    const { cards } = await allProducts();
    const bra = cards.find((card) => card.sizeChartId === braChartId)!;
    expect(bra).toBeDefined();
    const page = await send(app(), 'GET', `/api/product/${bra._id}`);
    expect(page.body.data.sizeChartId).toBe(braChartId);
    const admin = await send(app(), 'GET', `/api/admin/products/${bra._id}`, {
      token: staff.accessToken,
    });
    expect(admin.body.data.sizeChartId).toBe(braChartId);
  });

  it('answers 404 for an unknown chart and 400 for a malformed id', async () => {
    const unknown = await send(
      app(),
      'GET',
      '/api/size-chart/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Size chart not found');
    const malformed = await send(app(), 'GET', '/api/size-chart/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Invalid size chart id');
  });
});

describe('the back office’s charts', () => {
  const rowsOf = async (id: string) =>
    (await send(app(), 'GET', `/api/admin/size-charts/${id}`, { token: staff.accessToken })).body
      .data;

  it('is for staff only', async () => {
    const shopper = await signUp(app());
    const refused = await send(app(), 'GET', '/api/admin/size-charts', {
      token: shopper.accessToken,
    });
    expect(refused.status).toBe(403);
  });

  it('refuses rows that break the chart rules with every problem, changing nothing', async () => {
    const before = await rowsOf(pantyChartId);
    const refused = await send(app(), 'PUT', `/api/admin/size-charts/${pantyChartId}`, {
      token: staff.accessToken,
      body: {
        name: 'Panty size guide',
        kind: 'letter',
        rows: [
          { size: 'S', bustCm: [80, 86], waistCm: [62, 68], hipCm: [86, 92] },
          { size: 'M', bustCm: [86, 92], waistCm: [67, 74], hipCm: [92, 98] },
          { size: 'L', bustCm: [92, 98], waistCm: [74, 80], hipCm: [104, 98] },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'rows',
      message:
        'This chart has 2 problems: L: the hip range 104–98 cm runs backwards (lowest first); S waist 62–68 cm overlaps M waist 67–74 cm',
    });
    expect(await rowsOf(pantyChartId)).toEqual(before);
    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=size_chart&id=${pantyChartId}`,
      { token: owner.accessToken },
    );
    // Only the seed's creation: the refused save left no entry.
    expect(audit.body.data.entries.map((entry: any) => entry.action)).toEqual([
      'size_chart.create',
    ]);
  });

  it('replaces a chart’s rows, audited, and the storefront answers the new rows at once', async () => {
    // Cached before the change: the save must empty it.
    const cached = await send(app(), 'GET', `/api/size-chart/${pantyChartId}`);
    expect(cached.body.data.rows).toHaveLength(7);
    const rows = [
      { size: 'S', bustCm: [80, 86], waistCm: [62, 68], hipCm: [86, 92] },
      { size: 'M', bustCm: [86, 92], waistCm: [68, 74], hipCm: [92, 98] },
    ];
    const saved = await send(app(), 'PUT', `/api/admin/size-charts/${pantyChartId}`, {
      token: staff.accessToken,
      body: {
        name: 'Panty size guide',
        kind: 'letter',
        image: '/media/charts/apparel-size-guide',
        rows,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ _id: pantyChartId, rows, isDefaultBra: false });
    const served = await send(app(), 'GET', `/api/size-chart/${pantyChartId}`);
    expect(served.body.data.rows).toEqual(rows);

    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=size_chart&id=${pantyChartId}`,
      { token: owner.accessToken },
    );
    const [entry] = audit.body.data.entries;
    expect(entry).toMatchObject({
      action: 'size_chart.update',
      actorEmail: staff.shopper.email,
      after: { rows },
    });
    expect(entry.before.rows).toHaveLength(7);
  });

  it('creates a chart (audited) and lists it; only a bra chart can be the default', async () => {
    const body = {
      name: 'Legacy brand chart',
      kind: 'bra',
      rows: [
        { size: '32B', underbustCm: [66, 71.1], bustCm: [85.1, 87.6] },
        { size: '32C', underbustCm: [66, 71.1], bustCm: [87.6, 90.2] },
      ],
    };
    const made = await send(app(), 'POST', '/api/admin/size-charts', {
      token: staff.accessToken,
      body,
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      name: 'Legacy brand chart',
      image: null,
      isDefaultBra: false,
    });
    const audit = await send(
      app(),
      'GET',
      `/api/admin/audit?entity=size_chart&id=${made.body.data._id}`,
      { token: owner.accessToken },
    );
    expect(audit.body.data.entries).toMatchObject([{ action: 'size_chart.create', before: null }]);
    const list = await send(app(), 'GET', '/api/admin/size-charts', { token: staff.accessToken });
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ _id: braChartId, isDefaultBra: true, kind: 'bra' }),
    );
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ name: 'Legacy brand chart', sizes: 2, products: 0 }),
    );

    const letterDefault = await send(app(), 'POST', '/api/admin/size-charts', {
      token: staff.accessToken,
      body: {
        name: 'Letters',
        kind: 'letter',
        isDefaultBra: true,
        rows: [{ size: 'M', bustCm: [86, 92], waistCm: [68, 74], hipCm: [92, 98] }],
      },
    });
    expect(letterDefault.status).toBe(400);
    expect(letterDefault.body.message).toBe(fitMessages.defaultMustBeBra);
  });
});

describe('the bra size finder', () => {
  it('answers in the product’s own chart with the stock of her size and its sisters in the colour', async () => {
    const { cards } = await allProducts();
    // A bra offering 34B and both its sisters (32C, 36A is not seeded: 0) in its first colour.
    const bra = cards.find(
      (card) =>
        card.sizeChartId === braChartId &&
        card.colors[0]!.sizeStock.some((entry) => entry.size === '34B') &&
        card.colors[0]!.sizeStock.some((entry) => entry.size === '32C'),
    )!;
    expect(bra).toBeDefined();
    const colour = bra.colors[0]!;
    const units = (size: string) =>
      colour.sizeStock.find((entry) => entry.size === size)?.stock ?? 0;

    const answer = await send(app(), 'POST', '/api/fit/bra-size', {
      body: {
        productId: bra._id,
        colorName: colour.colorName.toUpperCase(),
        method: 'tape',
        unit: 'in',
        underbust: 34,
        bust: 36,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      size: '34B',
      sisterSizes: ['32C', '36A'],
      stock: { '34B': units('34B'), '32C': units('32C'), '36A': units('36A') },
      confidence: 'exact',
      reason: 'Your under-bust 34 in is band 34; bust 36 in is cup B in this chart',
      chartId: braChartId,
    });
    // The stock is the colour's own, not the product's across its colours.
    const other = bra.colors.find((entry) => entry.colorName !== colour.colorName);
    if (other) {
      const elsewhere = await send(app(), 'POST', '/api/fit/bra-size', {
        body: {
          productId: bra._id,
          colorName: other.colorName,
          method: 'feel',
          wornSize: '34B',
          band: 'fine',
          cups: 'fine',
        },
      });
      expect(elsewhere.body.data.stock['34B']).toBe(
        other.sizeStock.find((entry) => entry.size === '34B')?.stock ?? 0,
      );
    }
  });

  it('answers in the shop’s default bra chart without a product, by feel', async () => {
    const answer = await send(app(), 'POST', '/api/fit/bra-size', {
      body: { method: 'feel', wornSize: '34 b', band: 'rides_up', cups: 'fine' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      size: '32C',
      sisterSizes: ['30D', '34B'],
      stock: {},
      confidence: 'exact',
      reason: 'You wear 34B; the band rides up, so one band down and one cup up: 32C in this chart',
      chartId: braChartId,
    });
  });

  it('refuses bad input with clear 4xx answers', async () => {
    const post = (body: unknown) => send(app(), 'POST', '/api/fit/bra-size', { body });
    const cases: [unknown, number, string][] = [
      [{}, 400, fitMessages.method],
      [{ method: 'ruler' }, 400, fitMessages.method],
      [{ method: 'tape', unit: 'in', underbust: 34 }, 400, fitMessages.bust],
      [{ method: 'tape', unit: 'mm', underbust: 34, bust: 36 }, 400, fitMessages.unit],
      [
        { method: 'tape', unit: 'in', underbust: 5, bust: 36 },
        400,
        'Measurements in inches run from 20 to 70',
      ],
      [
        { method: 'tape', unit: 'cm', underbust: 80, bust: 78 },
        400,
        fitMessages.bustNotOverUnderbust,
      ],
      [
        { method: 'feel', wornSize: 'medium', band: 'fine', cups: 'fine' },
        400,
        fitMessages.wornSize,
      ],
      [{ method: 'feel', wornSize: '34B', band: 'loose', cups: 'fine' }, 400, fitMessages.band],
      [
        { method: 'feel', wornSize: '34B', band: 'fine', cups: 'fine', productId: 'x' },
        400,
        fitMessages.productId,
      ],
      [
        {
          method: 'feel',
          wornSize: '34B',
          band: 'fine',
          cups: 'fine',
          productId: '00000000-0000-4000-8000-000000000000',
        },
        404,
        'Product not found',
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post(body);
      expect({ body, status: answer.status, message: answer.body.message }).toEqual({
        body,
        status,
        message,
      });
    }

    const { cards } = await allProducts();
    const bra = cards.find((card) => card.sizeChartId === braChartId)!;
    const noColour = await post({
      method: 'feel',
      wornSize: '34B',
      band: 'fine',
      cups: 'fine',
      productId: bra._id,
      colorName: 'Chartreuse',
    });
    expect(noColour.status).toBe(400);
    expect(noColour.body).toMatchObject({ message: fitMessages.colorNotFound, field: 'colorName' });
    const letter = cards.find((card) => card.sizeChartId === pantyChartId)!;
    const panty = await post({
      method: 'feel',
      wornSize: '34B',
      band: 'fine',
      cups: 'fine',
      productId: letter._id,
    });
    expect(panty.status).toBe(400);
    expect(panty.body.message).toBe(fitMessages.notBraChart);
  });
});

describe('the finder’s throttle', () => {
  it('answers 120 a minute to one client network, then 429, and still serves others', async () => {
    const body = { method: 'feel', wornSize: '34B', band: 'fine', cups: 'fine' };
    const burst = await Promise.all(
      Array.from({ length: 125 }, () =>
        send(app(), 'POST', '/api/fit/bra-size', { body, remoteAddress: '203.0.113.7' }),
      ),
    );
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(120);
    const refused = burst.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toBe(
      'Too many size lookups. Please wait a minute and try again.',
    );
    const other = await send(app(), 'POST', '/api/fit/bra-size', {
      body,
      remoteAddress: '198.51.100.9',
    });
    expect(other.status).toBe(200);
  });
});

describe('browsing by her size', () => {
  it('filters by her size, and by her sister sizes when asked, each card saying which', async () => {
    const { cards } = await allProducts();
    const with32C = cards.filter((card) => card.sizeChartId === braChartId && inStock(card, '32C'));
    expect(with32C.length).toBeGreaterThan(0);

    // No seeded bra comes in 30D: only its sister 32C (band up, cup down) can match.
    const exact = await allProducts('&size=30D');
    expect(exact.total).toBe(0);
    const sisters = await allProducts('&size=30d&sisterSizes=true');
    expect(sisters.cards.map((card) => card._id).sort()).toEqual(
      with32C.map((card) => card._id).sort(),
    );
    for (const card of sisters.cards) expect(card.sizeMatch).toEqual({ size: '32C', sister: true });

    // Her own size first: a card with 34B in stock says so, not its sister.
    const own = await allProducts('&size=34B&sisterSizes=true');
    const with34B = cards.filter((card) => card.sizeChartId === braChartId && inStock(card, '34B'));
    for (const card of with34B) {
      expect(own.cards.find((entry) => entry._id === card._id)?.sizeMatch).toEqual({
        size: '34B',
        sister: false,
      });
    }
    const plain = await allProducts('&size=34B');
    expect(plain.total).toBe(
      with34B.length +
        cards.filter((card) => card.sizeChartId !== braChartId && inStock(card, '34B')).length,
    );

    const bad = await send(app(), 'GET', '/api/product/products?size=34B&sisterSizes=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid sisterSizes: must be true or false');
  });
});

describe('her saved size', () => {
  it('is set, read and forgotten through the profile, as a bra size only', async () => {
    const shopper = await signUp(app());
    const patch = (body: unknown) =>
      send(app(), 'PATCH', '/api/auth/profile', { token: shopper.accessToken, body });
    expect(
      (await send(app(), 'GET', '/api/auth/profile', { token: shopper.accessToken })).body.data
        .mySize,
    ).toBeNull();
    const saved = await patch({ mySize: '34 dd' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.mySize).toBe('34DD');
    const read = await send(app(), 'GET', '/api/auth/profile', { token: shopper.accessToken });
    expect(read.body.data.mySize).toBe('34DD');

    const refused = await patch({ mySize: 'M' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(fitMessages.mySize);
    // Another field's change keeps her size.
    expect((await patch({ firstName: 'Asha' })).body.data.mySize).toBe('34DD');
    expect((await patch({ mySize: null })).body.data.mySize).toBeNull();
  });
});

describe('a chart change', () => {
  it('reaches the listing’s sister sizes and the finder at once', async () => {
    const before = await allProducts('&size=30D&sisterSizes=true');
    expect(before.total).toBeGreaterThan(0);
    const chart = (
      await send(app(), 'GET', `/api/admin/size-charts/${braChartId}`, { token: staff.accessToken })
    ).body.data;
    // Without band 32, 30D has no sister in the chart: 32C no longer counts.
    const saved = await send(app(), 'PUT', `/api/admin/size-charts/${braChartId}`, {
      token: staff.accessToken,
      body: {
        name: chart.name,
        kind: 'bra',
        image: chart.image,
        rows: chart.rows.filter((row: any) => !row.size.startsWith('32')),
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.isDefaultBra).toBe(true);
    expect((await allProducts('&size=30D&sisterSizes=true')).total).toBe(0);
    const found = await send(app(), 'POST', '/api/fit/bra-size', {
      body: { method: 'feel', wornSize: '34B', band: 'rides_up', cups: 'fine' },
    });
    expect(found.body.data).toMatchObject({
      size: '30C',
      confidence: 'outside_chart',
      reason:
        'You wear 34B; the band rides up, so one band down and one cup up: 32C is outside this chart; the nearest size it has is 30C',
    });
  });
});
