// No hoarding: at most 10 of one size in a cart and in an order, however the units are asked for
// (one line, two lines of the same size, adds at once), so one account can no longer hold a size's
// whole stock in an unpaid order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUp } from './auth-helpers.ts';
import { addBody, guestSessionId, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { fillCart, orderBody } from './order-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

const LIMIT_MESSAGE = 'You can add at most 10 of one size';

let world: TestWorld;
let baseUrl: string;
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld();
  baseUrl = await world.app.listen({ port: 0, host: '127.0.0.1' });
  choices = await stockedChoices(world.app, 1);
  // Plenty of stock in every chosen size, so the 10-per-size rule is what refuses.
  for (const choice of choices) await setStock(choice, 40);
});
afterAll(async () => {
  await world?.close();
});

async function setStock(choice: StockedChoice, stock: number) {
  await world.database.db.execute(sql`
    update product_size_stock s set stock = ${stock}
    from product_colors c
    where s.color_id = c.id and c.product_id = ${choice.productId}
      and c.color_name = ${choice.colorName} and lower(s.size) = lower(${choice.size})`);
  world.app.readCache.clear();
}

async function stockOf(choice: StockedChoice): Promise<number> {
  const { body } = await getJson(app(), `/api/product/${choice.productId}`);
  const color = body.data.colors.find(
    (c: { colorName: string }) => c.colorName === choice.colorName,
  );
  return color.sizeStock.find((s: { size: string }) => s.size === choice.size).stock;
}

/** A real HTTP request to the listening server. */
async function post(path: string, body: unknown, token?: string, method = 'POST') {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('the cart', () => {
  it('refuses more than 10 of one size, added at once or bit by bit', async () => {
    const { accessToken } = await signUp(app());
    const choice = choices[0]!;
    const eleven = await send(app(), 'POST', '/api/cart', {
      token: accessToken,
      body: addBody(choice, 11),
    });
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toBe(LIMIT_MESSAGE);

    const sessionId = guestSessionId();
    const { product: _product, ...guestBody } = addBody(choice, 11);
    const guest = await send(
      app(),
      'POST',
      `/api/cart/guest/${sessionId}/product/${choice.productId}`,
      {
        body: guestBody,
      },
    );
    expect(guest.status).toBe(400);
    expect(guest.body.message).toBe(LIMIT_MESSAGE);

    const ten = await send(app(), 'POST', '/api/cart', {
      token: accessToken,
      body: addBody(choice, 10),
    });
    expect(ten.status).toBe(200);
    const oneMore = await send(app(), 'POST', '/api/cart', {
      token: accessToken,
      body: { ...addBody(choice, 1), size: choice.size.toUpperCase() },
    });
    expect(oneMore.status).toBe(400);
    expect(oneMore.body.message).toBe(LIMIT_MESSAGE);

    const line = ten.body.data.items[0];
    expect(line.quantity).toBe(10);
    const update = await send(app(), 'PUT', `/api/cart/item/${line._id}`, {
      token: accessToken,
      body: { quantity: 11 },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(LIMIT_MESSAGE);
    expect(
      (await send(app(), 'GET', '/api/cart', { token: accessToken })).body.data.items[0].quantity,
    ).toBe(10);
  });

  it('keeps a burst of adds of one size within 10', async () => {
    const { accessToken } = await signUp(app());
    const choice = choices[1]!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/cart', addBody(choice, 4), accessToken)),
    );
    const added = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(added).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(LIMIT_MESSAGE);
    }
    const cart = await send(app(), 'GET', '/api/cart', { token: accessToken });
    expect(cart.body.data.items).toHaveLength(1);
    expect(cart.body.data.items[0].quantity).toBe(8);
  });

  it('joins a size changed into one already in the cart within 10', async () => {
    const { accessToken } = await signUp(app());
    const choice = choices[2]!;
    const other = (await getJson(app(), `/api/product/${choice.productId}`)).body.data.colors
      .find((c: { colorName: string }) => c.colorName === choice.colorName)
      .sizeStock.find(
        (s: { size: string; stock: number }) => s.size !== choice.size && s.stock >= 6,
      );
    if (!other) throw new Error('the product needs a second size in stock');
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choice, 6) });
    const second = await send(app(), 'POST', '/api/cart', {
      token: accessToken,
      body: { ...addBody(choice, 5), size: other.size.toLowerCase() },
    });
    const moving = second.body.data.items.find(
      (item: { size: string }) => item.size === other.size.toLowerCase(),
    );
    const joined = await send(app(), 'PUT', `/api/cart/item/${moving._id}`, {
      token: accessToken,
      body: { quantity: 5, size: choice.size },
    });
    expect(joined.status).toBe(400);
    expect(joined.body.message).toBe(LIMIT_MESSAGE);
  });

  it('moves a wishlist entry into the cart within 10 of one size', async () => {
    const { accessToken } = await signUp(app());
    const choice = choices[3]!;
    await send(app(), 'POST', '/api/wishlist/add', {
      token: accessToken,
      body: { productId: choice.productId },
    });
    const moved = await send(app(), 'POST', `/api/wishlist/move-to-cart/${choice.productId}`, {
      token: accessToken,
      body: { quantity: 11, size: choice.size, colorName: choice.colorName },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(LIMIT_MESSAGE);
  });

  it('merges a guest cart into hers up to 10 of one size', async () => {
    const choice = choices[4]!;
    const sessionId = guestSessionId();
    const { product: _product, ...guestBody } = addBody(choice, 7);
    await send(app(), 'POST', `/api/cart/guest/${sessionId}/product/${choice.productId}`, {
      body: guestBody,
    });
    const { accessToken } = await signUp(app());
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choice, 6) });
    const merged = await send(app(), 'POST', '/api/cart/merge', {
      token: accessToken,
      body: { sessionId },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.data.items[0].quantity).toBe(10);
  });
});

describe('an order', () => {
  it('refuses more than 10 of one size, on one line or on several', async () => {
    const { accessToken } = await signUp(app());
    const [first, second] = [choices[5]!, choices[6]!];
    const before = await stockOf(first);
    const cases = [
      orderBody([[first, 11]]),
      // The same size twice, once in capitals: one size all the same.
      orderBody([
        [first, 6],
        [{ ...first, size: first.size.toUpperCase(), colorName: first.colorName.toUpperCase() }, 5],
      ]),
    ];
    const answers = await Promise.all(cases.map((body) => post('/api/order', body, accessToken)));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(LIMIT_MESSAGE);
    }
    expect(await stockOf(first)).toBe(before);

    await fillCart(app(), accessToken, [
      [first, 10],
      [second, 10],
    ]);
    const allowed = await post(
      '/api/order',
      orderBody([
        [first, 10],
        [second, 10],
      ]),
      accessToken,
    );
    expect(allowed.status).toBe(201);
    expect(await stockOf(first)).toBe(before - 10);
  });

  it("cannot take a size's whole stock: an order for the whole stock of many sizes is refused", async () => {
    const { accessToken } = await signUp(app());
    const sizes = choices.slice(7, 26);
    for (const choice of sizes) await setStock(choice, 14);
    const hoard = await post(
      '/api/order',
      orderBody(sizes.map((choice) => [choice, 14] as [StockedChoice, number])),
      accessToken,
    );
    expect(hoard.status).toBe(400);
    expect(hoard.body.message).toBe(LIMIT_MESSAGE);
    for (const choice of sizes) expect(await stockOf(choice)).toBe(14);
  });
});
