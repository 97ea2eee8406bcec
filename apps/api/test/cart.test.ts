import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { send, signUp } from './auth-helpers.ts';
import { addBody, guestSessionId, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { stockTags } from '../src/features/catalogue/catalogue-changes.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld();
  choices = await stockedChoices(world.app, 3);
});
afterAll(async () => {
  await world?.close();
});

const guestBody = (choice: StockedChoice, quantity = 1) => {
  const { product: _product, ...body } = addBody(choice, quantity);
  return body;
};
const guestAdd = (sessionId: string, choice: StockedChoice, quantity = 1, extra: object = {}) =>
  send(app(), 'POST', `/api/cart/guest/${sessionId}/product/${choice.productId}`, {
    body: { ...guestBody(choice, quantity), ...extra },
  });

async function setStock(choice: StockedChoice, stock: number) {
  await world.database.db.execute(sql`
    update product_size_stock s set stock = ${stock}
    from product_colors c
    where s.color_id = c.id and c.product_id = ${choice.productId}
      and c.color_name = ${choice.colorName} and lower(s.size) = lower(${choice.size})`);
  // What every stock-changing write of the shop does: catalogue copies in memory go.
  world.app.readCache.clear();
}

describe('guest cart', () => {
  it('adds, prices from the catalogue (ignoring any price sent), and totals in rupees', async () => {
    const sessionId = guestSessionId();
    const [first, second] = choices;
    const added = await guestAdd(sessionId, first!, 2, { price: 1, itemTotal: 2, total: 0 });
    expect(added.status).toBe(200);
    expect(added.body.data.items).toHaveLength(1);
    const line = added.body.data.items[0];
    expect(line).toMatchObject({
      productId: first!.productId,
      name: first!.name,
      size: first!.size.toLowerCase(),
      quantity: 2,
      color: { colorName: first!.colorName, colorHex: first!.colorHex },
      price: first!.price,
      itemTotal: Math.round(first!.price * 2 * 100) / 100,
    });
    const secondAdd = await guestAdd(sessionId, second!, 1);

    const details = await send(app(), 'GET', `/api/cart/guest/${sessionId}/details`);
    expect(details.status).toBe(200);
    const subtotal = Math.round((first!.price * 2 + second!.price) * 100) / 100;
    expect(details.body.data.totals).toEqual({
      subtotal,
      offerDiscount: 0,
      discountAmount: 0,
      total: subtotal,
      itemCount: 3,
    });
    expect(details.body.data.items).toHaveLength(2);
    expect(details.body.data.cart.items).toHaveLength(2);
    const plain = await send(app(), 'GET', `/api/cart/guest/${sessionId}`);
    expect(plain.body.data.total).toBe(subtotal);
    // An add answers the whole cart as it now is, the same as reading it.
    expect(secondAdd.body.data).toEqual(plain.body.data);
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  it('refuses anything that is not a guest session id', async () => {
    for (const bad of ['abc', 'session_', 'session_12_x', "session_1763900000_x'--"]) {
      const answer = await send(app(), 'GET', `/api/cart/guest/${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
    }
  });

  it('checks the fields in the order of the form, with the messages shoppers see', async () => {
    const choice = choices[0]!;
    const { accessToken } = await signUp(app());
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Product ID is required'],
      [{ product: choice.productId }, 'Size is required'],
      [{ product: choice.productId, size: 'm' }, 'Color information is required'],
      [
        { product: choice.productId, size: 'm', color: { colorName: 'Nude' } },
        'Color information is required',
      ],
      [
        { product: choice.productId, size: 'm', color: { colorName: 'Nude', colorHex: '#eee' } },
        'Product image is required',
      ],
      [{ ...addBody(choice), quantity: 0 }, 'Quantity must be a whole number of at least 1'],
      [{ ...addBody(choice), quantity: 1.5 }, 'Quantity must be a whole number of at least 1'],
    ];
    for (const [body, message] of cases) {
      const answer = await send(app(), 'POST', '/api/cart', { token: accessToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('refuses unknown products, colours and sizes, and quantities above the stock', async () => {
    const sessionId = guestSessionId();
    const choice = choices[1]!;
    const unknown = await send(
      app(),
      'POST',
      `/api/cart/guest/${sessionId}/product/00000000-0000-4000-8000-000000000000`,
      {
        body: guestBody(choice),
      },
    );
    expect(unknown.status).toBe(404);
    expect(
      (
        await guestAdd(sessionId, choice, 1, {
          color: { colorName: 'Tartan', colorHex: '#123456' },
        })
      ).status,
    ).toBe(400);
    expect((await guestAdd(sessionId, choice, 1, { size: 'xxxxl' })).status).toBe(400);

    // A stock below the 10-per-size rule, so the stock is what refuses.
    const scarce = { ...choice, stock: 6 };
    await setStock(scarce, scarce.stock);
    try {
      const tooMany = await guestAdd(sessionId, scarce, scarce.stock + 1);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(
        `Only ${scarce.stock} items available in size ${scarce.size.toUpperCase()}`,
      );
      expect((await guestAdd(sessionId, scarce, scarce.stock)).status).toBe(200);
      const oneMore = await guestAdd(sessionId, scarce, 1);
      expect(oneMore.status).toBe(400);
      expect(oneMore.body.message).toContain(`Only ${scarce.stock} items available`);
    } finally {
      await setStock(choice, choice.stock);
    }
  });

  it('treats sizes and colour names in any case as the same line, stored lower-case', async () => {
    const sessionId = guestSessionId();
    const choice = choices[2]!;
    await guestAdd(sessionId, choice, 1, { size: choice.size.toUpperCase() });
    const again = await guestAdd(sessionId, choice, 1, {
      size: ` ${choice.size.toLowerCase()} `,
      color: { colorName: choice.colorName.toUpperCase(), colorHex: '#000000' },
    });
    expect(again.body.data.items).toHaveLength(1);
    expect(again.body.data.items[0].quantity).toBe(2);
    expect(again.body.data.items[0].size).toBe(choice.size.toLowerCase());
    // The catalogue's colour, not the browser's.
    expect(again.body.data.items[0].color).toEqual({
      colorName: choice.colorName,
      colorHex: choice.colorHex,
    });
  });

  it('updates quantities, removes at 0 or less, and removes by product, colour and size', async () => {
    const sessionId = guestSessionId();
    const [a, b] = choices;
    await guestAdd(sessionId, a!, 1);
    const cart = (await guestAdd(sessionId, b!, 1)).body.data;
    const lineA = cart.items.find((item: { productId: string }) => item.productId === a!.productId);

    const updated = await send(app(), 'PUT', `/api/cart/guest/${sessionId}/item/${lineA._id}`, {
      body: { quantity: 3 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.items.find((i: { _id: string }) => i._id === lineA._id).quantity).toBe(
      3,
    );
    const tooMany = await send(app(), 'PUT', `/api/cart/guest/${sessionId}/item/${lineA._id}`, {
      body: { quantity: 999 },
    });
    expect(tooMany.status).toBe(400);

    const zero = await send(app(), 'PUT', `/api/cart/guest/${sessionId}/item/${lineA._id}`, {
      body: { quantity: 0 },
    });
    expect(zero.body.data.items).toHaveLength(1);
    const missing = await send(app(), 'PUT', `/api/cart/guest/${sessionId}/item/${lineA._id}`, {
      body: { quantity: 1 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Item not found in cart');

    const wrongSize = await send(
      app(),
      'DELETE',
      `/api/cart/guest/${sessionId}/product/${b!.productId}?size=zz&colorName=${encodeURIComponent(b!.colorName)}`,
    );
    expect(wrongSize.status).toBe(404);
    const removed = await send(
      app(),
      'DELETE',
      `/api/cart/guest/${sessionId}/product/${b!.productId}?size=${encodeURIComponent(b!.size.toUpperCase())}&colorName=${encodeURIComponent(b!.colorName.toLowerCase())}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.items).toHaveLength(0);
    expect(removed.body.data.total).toBe(0);
  });

  it('forgets a guest cart once it expires (7 days after its last use)', async () => {
    const sessionId = guestSessionId();
    await guestAdd(sessionId, choices[0]!, 1);
    await world.database.db.execute(
      sql`update carts set updated_at = now() - interval '31 days' where guest_session_id = ${sessionId}`,
    );
    const answer = await send(app(), 'GET', `/api/cart/guest/${sessionId}`);
    expect(answer.body.data.items).toEqual([]);
    // A new add starts a fresh cart under the same id.
    const fresh = await guestAdd(sessionId, choices[1]!, 1);
    expect(fresh.body.data.items).toHaveLength(1);
    expect(fresh.body.data.items[0].productId).toBe(choices[1]!.productId);
  });
});

describe('signed-in cart', () => {
  it('needs a token', async () => {
    expect((await send(app(), 'GET', '/api/cart')).status).toBe(401);
    expect((await send(app(), 'POST', '/api/cart', { body: addBody(choices[0]!) })).status).toBe(
      401,
    );
  });

  it('keeps each shopper to her own lines', async () => {
    const asha = await signUp(app());
    const divya = await signUp(app());
    const ashaCart = (
      await send(app(), 'POST', '/api/cart', {
        token: asha.accessToken,
        body: addBody(choices[0]!),
      })
    ).body.data;
    const itemId = ashaCart.items[0]._id;
    expect(
      (
        await send(app(), 'PUT', `/api/cart/item/${itemId}`, {
          token: divya.accessToken,
          body: { quantity: 2 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await send(app(), 'DELETE', `/api/cart/product/${choices[0]!.productId}`, {
          token: divya.accessToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (await send(app(), 'GET', '/api/cart', { token: divya.accessToken })).body.data.items,
    ).toEqual([]);
    expect(
      (await send(app(), 'GET', '/api/cart', { token: asha.accessToken })).body.data.items,
    ).toHaveLength(1);
  });

  it('clears the cart', async () => {
    const { accessToken } = await signUp(app());
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choices[0]!) });
    const cleared = await send(app(), 'DELETE', '/api/cart/clear', { token: accessToken });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('Cart cleared successfully!');
    expect(cleared.body.data.items).toEqual([]);
  });

  it('validates: guests hear it is for signed-in shoppers; lines deactivated, repriced or short are reported', async () => {
    const guest = await send(app(), 'POST', '/api/cart/validate');
    expect(guest.body.data).toEqual({
      valid: true,
      issues: [],
      message: 'Validation not available for guest users',
    });

    const { accessToken } = await signUp(app());
    const [a, b, c] = choices.slice(3, 6);
    for (const choice of [a!, b!, c!]) {
      await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choice, 2) });
    }
    expect(
      (await send(app(), 'POST', '/api/cart/validate', { token: accessToken })).body.data.valid,
    ).toBe(true);
    const db = world.database.db;
    await db.execute(sql`update products set is_active = false where id = ${a!.productId}`);
    await db.execute(
      sql`update products set price_paise = price_paise + 10000 where id = ${b!.productId}`,
    );
    await setStock(c!, 1);
    try {
      const answer = await send(app(), 'POST', '/api/cart/validate', { token: accessToken });
      expect(answer.body.data.valid).toBe(false);
      const kinds = Object.fromEntries(
        answer.body.data.issues.map((issue: { productId: string; type: string }) => [
          issue.productId,
          issue.type,
        ]),
      );
      expect(kinds).toEqual({
        [a!.productId]: 'unavailable',
        [b!.productId]: 'price_changed',
        [c!.productId]: 'insufficient_stock',
      });
      const short = answer.body.data.issues.find(
        (issue: { type: string }) => issue.type === 'insufficient_stock',
      );
      expect(short.available).toBe(1);
      // The cart itself is priced at today's price.
      const cart = await send(app(), 'GET', '/api/cart', { token: accessToken });
      expect(
        cart.body.data.items.find((i: { productId: string }) => i.productId === b!.productId).price,
      ).toBe(b!.price + 100);
    } finally {
      await db.execute(sql`update products set is_active = true where id = ${a!.productId}`);
      await db.execute(
        sql`update products set price_paise = price_paise - 10000 where id = ${b!.productId}`,
      );
      await setStock(c!, c!.stock);
    }
  });
});

describe('merging a guest cart on sign-in', () => {
  it('adds quantities of the same line, capped at the stock, and moves the rest', async () => {
    const sessionId = guestSessionId();
    const [listed, other] = choices.slice(6, 8);
    // A stock below the 10-per-size rule, so the stock is the cap.
    const same = { ...listed!, stock: 6 };
    await setStock(same, same.stock);
    await guestAdd(sessionId, same, same.stock - 1);
    await guestAdd(sessionId, other!, 1);
    const { accessToken } = await signUp(app());
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(same, 2) });

    const merged = await send(app(), 'POST', '/api/cart/merge', {
      token: accessToken,
      body: { sessionId },
    });
    await setStock(listed!, listed!.stock);
    expect(merged.status).toBe(200);
    expect(merged.body.message).toBe('Cart merged successfully!');
    const lines = merged.body.data.items;
    expect(lines).toHaveLength(2);
    expect(lines.find((l: { productId: string }) => l.productId === same.productId).quantity).toBe(
      same.stock,
    );
    expect(
      lines.find((l: { productId: string }) => l.productId === other!.productId).quantity,
    ).toBe(1);
    // The guest cart is gone.
    expect((await send(app(), 'GET', `/api/cart/guest/${sessionId}`)).body.data.items).toEqual([]);
    const again = await send(app(), 'POST', '/api/cart/merge', {
      token: accessToken,
      body: { sessionId },
    });
    expect(again.body.message).toBe('No guest cart to merge');
    expect(again.body.data.items).toHaveLength(2);
    expect(
      (
        await send(app(), 'POST', '/api/cart/merge', {
          token: accessToken,
          body: { sessionId: 'nope' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('changing lines and merging carts', () => {
  it('write in one statement each, with no transaction held open, and answer the cart as stored', async () => {
    // A product with two sizes in stock: changing one line to the other size joins the two.
    const two = await (async () => {
      for (const choice of choices.slice(12)) {
        const { body } = await getJson(app(), `/api/product/${choice.productId}`);
        const color = body.data.colors.find(
          (c: { colorName: string }) => c.colorName === choice.colorName,
        );
        const other = color.sizeStock.find(
          (s: { size: string; stock: number }) => s.stock >= 5 && s.size !== choice.size,
        );
        if (choice.stock >= 5 && other)
          return { first: choice, second: { ...choice, size: other.size } };
      }
      throw new Error('no product with two sizes in stock');
    })();
    const { first, second } = two;
    const third = choices.find((c) => c.productId !== first.productId && c.stock >= 2)!;
    const { accessToken } = await signUp(app());
    const token = { token: accessToken };
    const sessionId = guestSessionId();
    await guestAdd(sessionId, third, 2);
    await send(app(), 'POST', '/api/cart', { ...token, body: addBody(first, 1) });
    const added = await send(app(), 'POST', '/api/cart', { ...token, body: addBody(second, 2) });
    const lineOf = (cart: { items: { _id: string; size: string }[] }, size: string) =>
      cart.items.find((item) => item.size === size.toLowerCase())!;
    const firstLine = lineOf(added.body.data, first.size);

    // The welcome mail's delivery, started by the sign-up, claims its mail in a transaction of its
    // own: it ends before the cart's writes are watched.
    await app().jobs.deliverMail();
    const transactions = vi.spyOn(world.database.db, 'transaction');
    try {
      const grown = await send(app(), 'PUT', `/api/cart/item/${firstLine._id}`, {
        ...token,
        body: { quantity: 2 },
      });
      expect(lineOf(grown.body.data, first.size)).toMatchObject({ quantity: 2 });
      // To the size already in the cart: one line of 2 + 2.
      const joined = await send(app(), 'PUT', `/api/cart/item/${firstLine._id}`, {
        ...token,
        body: { quantity: 2, size: second.size.toLowerCase() },
      });
      expect(joined.status).toBe(200);
      expect(joined.body.data.items).toHaveLength(1);
      expect(joined.body.data.items[0]).toMatchObject({
        size: second.size.toLowerCase(),
        quantity: 4,
      });
      const merged = await send(app(), 'POST', '/api/cart/merge', {
        ...token,
        body: { sessionId },
      });
      expect(merged.body.message).toBe('Cart merged successfully!');
      expect(merged.body.data.items.map((i: { quantity: number }) => i.quantity).sort()).toEqual([
        2, 4,
      ]);
      // What each answer showed is what the database holds.
      const stored = (await send(app(), 'GET', '/api/cart', token)).body.data;
      expect(stored.items).toEqual(merged.body.data.items);
      expect(stored.total).toBe(merged.body.data.total);
      expect((await send(app(), 'GET', `/api/cart/guest/${sessionId}`)).body.data.items).toEqual(
        [],
      );
      const removed = await send(
        app(),
        'DELETE',
        `/api/cart/product/${third.productId}?size=${encodeURIComponent(third.size)}`,
        token,
      );
      expect(removed.body.data.items).toHaveLength(1);
      const zero = await send(app(), 'PUT', `/api/cart/item/${joined.body.data.items[0]._id}`, {
        ...token,
        body: { quantity: 0 },
      });
      expect(zero.body.data.items).toEqual([]);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
  });

  it('moves a guest cart once when two merges of it arrive at once', async () => {
    const [kept, moved] = choices.filter((c) => c.stock >= 4).slice(3, 5);
    const { accessToken } = await signUp(app());
    const sessionId = guestSessionId();
    await guestAdd(sessionId, kept!, 1);
    await guestAdd(sessionId, moved!, 1);
    await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(kept!, 1) });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(app(), 'POST', '/api/cart/merge', { token: accessToken, body: { sessionId } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const stored = (await send(app(), 'GET', '/api/cart', { token: accessToken })).body.data;
    const quantityOf = (choice: StockedChoice) =>
      stored.items.find((item: { productId: string }) => item.productId === choice.productId)
        ?.quantity;
    expect([quantityOf(kept!), quantityOf(moved!)]).toEqual([2, 1]);
  });
});

describe('a cart after an order changed the stock', () => {
  it("shows today's stock on the line and on every size of its product", async () => {
    const choice = choices[10]!;
    const { accessToken } = await signUp(app());
    await setStock(choice, 8);
    try {
      const first = await send(app(), 'POST', '/api/cart', {
        token: accessToken,
        body: addBody(choice, 1),
      });
      expect(first.body.data.items[0].stock).toBe(8);
      // A name changed behind the shop's back (no change notice): shown only if the product is
      // read again, which the stock change alone must not cause.
      await world.database.db.execute(
        sql`update products set name = 'Read again' where id = ${choice.productId}`,
      );
      // What an order does to the catalogue: one size's stock falls, and copies in memory learn
      // that only the stock changed.
      await world.database.db.execute(sql`
        update product_size_stock s set stock = 6
        from product_colors c
        where s.color_id = c.id and c.product_id = ${choice.productId}
          and c.color_name = ${choice.colorName} and lower(s.size) = lower(${choice.size})`);
      world.app.readCache.invalidate(stockTags([choice.productId]));

      const again = await send(app(), 'POST', '/api/cart', {
        token: accessToken,
        body: addBody(choice, 1),
      });
      expect(again.status).toBe(200);
      const [line] = again.body.data.items;
      expect(line).toMatchObject({ quantity: 2, stock: 6, name: choice.name });
      const color = line.product.colors.find(
        (c: { colorName: string }) => c.colorName === choice.colorName,
      );
      const size = color.sizeStock.find(
        (s: { size: string }) => s.size.toLowerCase() === choice.size.toLowerCase(),
      );
      expect(size.stock).toBe(6);
      const shown = await send(app(), 'GET', '/api/cart', { token: accessToken });
      expect(shown.body.data.items[0]).toMatchObject({ stock: 6, name: choice.name });
    } finally {
      await world.database.db.execute(
        sql`update products set name = ${choice.name} where id = ${choice.productId}`,
      );
      await setStock(choice, choice.stock);
    }
  });
});

describe('stock is not reserved by carts', () => {
  it('lets 20 carts take the last units at once; validation then flags lines above the stock', async () => {
    const choice = choices[8]!;
    await setStock(choice, 3);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => guestAdd(guestSessionId(), choice, 3)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const { accessToken } = await signUp(app());
      await send(app(), 'POST', '/api/cart', { token: accessToken, body: addBody(choice, 3) });
      await setStock(choice, 2);
      const validation = await send(app(), 'POST', '/api/cart/validate', { token: accessToken });
      expect(validation.body.data.issues).toEqual([
        expect.objectContaining({
          type: 'insufficient_stock',
          available: 2,
          productId: choice.productId,
        }),
      ]);
    } finally {
      await setStock(choice, choice.stock);
    }
  });
});

describe('discounts', () => {
  async function shopperWith(lines: [StockedChoice, number][]) {
    const session = await signUp(app());
    for (const [choice, quantity] of lines) {
      await send(app(), 'POST', '/api/cart', {
        token: session.accessToken,
        body: addBody(choice, quantity),
      });
    }
    return session;
  }

  it('needs sign-in', async () => {
    const answer = await send(app(), 'POST', '/api/cart/apply-discount', {
      body: { code: 'NEW10' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Please login to apply discounts');
  });

  it('applies NEW10 (any case, trimmed) as 10% off, and removal returns the total to the subtotal', async () => {
    const [a] = choices;
    const { accessToken } = await shopperWith([[a!, 2]]);
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code: '  new10 ', type: 'coupon' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('Discount applied successfully!');
    const cart = applied.body.data;
    const subtotalPaise = Math.round(a!.price * 100) * 2;
    const discountPaise = Math.floor((subtotalPaise * 10 + 50) / 100);
    expect(cart.hasDiscount).toBe(true);
    expect(cart.appliedCoupon).toMatchObject({
      code: 'NEW10',
      discountAmount: discountPaise / 100,
    });
    expect(cart.discountAmount).toBe(discountPaise / 100);
    expect(cart.total).toBe((subtotalPaise - discountPaise) / 100);

    const details = await send(app(), 'GET', '/api/cart/details', { token: accessToken });
    expect(details.body.data.totals.discountAmount).toBe(discountPaise / 100);

    const removed = await send(app(), 'DELETE', '/api/cart/remove-discount', {
      token: accessToken,
      body: { type: 'coupon' },
    });
    expect(removed.body.message).toBe('Discount removed successfully!');
    expect(removed.body.data).toMatchObject({
      hasDiscount: false,
      appliedCoupon: null,
      discountAmount: 0,
      total: subtotalPaise / 100,
    });
  });

  it('refuses unknown, expired, already used, too-small and ineligible codes with their reasons', async () => {
    const { body } = await getJson(app(), '/api/category');
    const bras = body.data.find((category: { slug: string }) => category.slug === 'bras')._id;
    const cheapNonBra = choices
      .filter((c) => c.categoryId !== bras)
      .sort((x, y) => x.price - y.price)[0]!;
    const { accessToken, user } = await shopperWith([[cheapNonBra, 1]]);
    const apply = (code: string) =>
      send(app(), 'POST', '/api/cart/apply-discount', { token: accessToken, body: { code } });

    expect((await apply('NOPE99')).body).toMatchObject({
      success: false,
      message: 'Invalid discount code',
    });
    expect((await apply('FESTIVE20')).body.message).toBe('This discount code has expired');
    const minimum = await apply('WELCOME200');
    expect(minimum.status).toBe(400);
    expect(minimum.body.message).toMatch(/minimum order of ₹1,499/);
    expect((await apply('BRA15')).body.message).toBe(
      'This discount code does not apply to the items in your cart',
    );
    const empty = await apply('');
    expect(empty.body.message).toBe('Valid discount code is required');

    // NEW10 once per shopper: an order placed with it counts as a use.
    await world.database.db.execute(
      sql`insert into discount_uses (discount_id, user_id) select id, ${user._id} from discounts where code = 'NEW10'`,
    );
    expect((await apply('NEW10')).body.message).toBe('You have already used this discount code');
  });

  it('recomputes the discount when the cart changes', async () => {
    const big = [...choices].sort((x, y) => y.price - x.price)[0]!;
    const { accessToken } = await shopperWith([[big, 2]]);
    const applied = await send(app(), 'POST', '/api/cart/apply-discount', {
      token: accessToken,
      body: { code: 'WELCOME200', type: 'voucher' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.appliedVoucher).toMatchObject({
      code: 'WELCOME200',
      discountAmount: 200,
      valid: true,
    });
    const itemId = applied.body.data.items[0]._id;
    const smaller = await send(app(), 'PUT', `/api/cart/item/${itemId}`, {
      token: accessToken,
      body: { quantity: 1 },
    });
    if (big.price < 1499) {
      expect(smaller.body.data.appliedVoucher).toMatchObject({ discountAmount: 0, valid: false });
      expect(smaller.body.data.total).toBe(big.price);
    } else {
      expect(smaller.body.data.appliedVoucher.discountAmount).toBe(200);
    }
    const cleared = await send(app(), 'DELETE', '/api/cart/clear', { token: accessToken });
    expect(cleared.body.data).toMatchObject({ appliedVoucher: null, hasDiscount: false, total: 0 });
  });

  it('answers whether a code can be used on given products, and describes a code', async () => {
    const { accessToken } = await signUp(app());
    const [a] = choices;
    const usable = await send(app(), 'POST', '/api/cart/validate-discount', {
      token: accessToken,
      body: { code: 'new10', productIds: [a!.productId] },
    });
    expect(usable.body.data).toMatchObject({ canUse: true });
    const expired = await send(app(), 'POST', '/api/cart/validate-discount', {
      token: accessToken,
      body: { code: 'FESTIVE20', productIds: [a!.productId] },
    });
    expect(expired.body.data).toMatchObject({
      canUse: false,
      message: 'This discount code has expired',
    });
    const info = await send(app(), 'GET', '/api/discount/code/new10', { token: accessToken });
    expect(info.body.data).toMatchObject({ code: 'NEW10', type: 'coupon', percentOff: 10 });
    expect(
      (await send(app(), 'GET', '/api/discount/code/NOPE', { token: accessToken })).status,
    ).toBe(404);
  });
});

describe('wishlist', () => {
  it('needs sign-in for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['GET', '/api/wishlist/count'],
      ['POST', '/api/wishlist/add'],
      ['DELETE', '/api/wishlist/clear'],
    ] as const) {
      const answer = await send(
        app(),
        method,
        url,
        method === 'POST' ? { body: { productId: choices[0]!.productId } } : {},
      );
      expect(answer.status, url).toBe(401);
      expect(answer.body.message).toBe('Please login to use wishlist');
    }
  });

  it('adds, counts, checks, toggles, removes and clears, keeping the catalogue price', async () => {
    const { accessToken } = await signUp(app());
    const [a, b] = choices;
    const empty = await send(app(), 'GET', '/api/wishlist', { token: accessToken });
    expect(empty.body.data).toMatchObject({
      name: 'My Wishlist',
      isPublic: false,
      items: [],
      count: 0,
    });

    const added = await send(app(), 'POST', '/api/wishlist/add', {
      token: accessToken,
      body: { productId: a!.productId, priceWhenAdded: 1 },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.items[0]).toMatchObject({
      productId: a!.productId,
      priceWhenAdded: a!.price,
      price: a!.price,
      name: a!.name,
    });
    expect(
      (await send(app(), 'GET', '/api/wishlist/count', { token: accessToken })).body.data,
    ).toEqual({ count: 1 });
    expect(
      (await send(app(), 'GET', `/api/wishlist/check/${a!.productId}`, { token: accessToken })).body
        .data,
    ).toEqual({ exists: true });
    expect(
      (await send(app(), 'GET', `/api/wishlist/check/${b!.productId}`, { token: accessToken })).body
        .data,
    ).toEqual({ exists: false });

    const toggledOn = await send(app(), 'POST', '/api/wishlist/toggle', {
      token: accessToken,
      body: { productId: b!.productId },
    });
    expect(toggledOn.body.data.action).toBe('added');
    const toggledOff = await send(app(), 'POST', '/api/wishlist/toggle', {
      token: accessToken,
      body: { productId: b!.productId },
    });
    expect(toggledOff.body.data.action).toBe('removed');
    expect(toggledOff.body.data.wishlist.count).toBe(1);

    expect(
      (await send(app(), 'DELETE', `/api/wishlist/remove/${b!.productId}`, { token: accessToken }))
        .body.message,
    ).toBe('Item not found in wishlist');
    expect(
      (await send(app(), 'DELETE', `/api/wishlist/remove/${a!.productId}`, { token: accessToken }))
        .status,
    ).toBe(200);

    await send(app(), 'POST', '/api/wishlist/add', {
      token: accessToken,
      body: { productId: a!.productId },
    });
    const cleared = await send(app(), 'DELETE', '/api/wishlist/clear', { token: accessToken });
    expect(cleared.body.message).toBe('Wishlist cleared!');
    expect(cleared.body.data.count).toBe(0);
    expect(
      (await send(app(), 'DELETE', '/api/wishlist/clear', { token: accessToken })).body.message,
    ).toBe('Your wishlist is already empty');

    const created = await send(app(), 'POST', '/api/wishlist/create', {
      token: accessToken,
      body: { name: 'Honeymoon', isPublic: true },
    });
    expect(created.body.data).toMatchObject({ name: 'Honeymoon', isPublic: true });
  });

  it('moves an item to the cart with defaults, or says why it cannot', async () => {
    const { accessToken } = await signUp(app());
    const choice = choices[9]!;
    expect(
      (
        await send(app(), 'POST', `/api/wishlist/move-to-cart/${choice.productId}`, {
          token: accessToken,
          body: {},
        })
      ).body.message,
    ).toBe('Item not found in wishlist');
    await send(app(), 'POST', '/api/wishlist/add', {
      token: accessToken,
      body: { productId: choice.productId },
    });
    // A stock below the 10-per-size rule, so the stock is what refuses.
    await setStock(choice, 4);
    const tooMany = await send(app(), 'POST', `/api/wishlist/move-to-cart/${choice.productId}`, {
      token: accessToken,
      body: { quantity: 5, size: choice.size, colorName: choice.colorName },
    });
    await setStock(choice, choice.stock);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      `Only 4 items available in size ${choice.size.toUpperCase()}`,
    );

    const moved = await send(app(), 'POST', `/api/wishlist/move-to-cart/${choice.productId}`, {
      token: accessToken,
      body: {
        quantity: 1,
        size: choice.size.toLowerCase(),
        colorName: choice.colorName,
        colorHex: choice.colorHex,
        selectedImage: choice.image,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(`${choice.name} - Item moved to cart!`);
    expect(moved.body.data.cart.items).toEqual([
      expect.objectContaining({ productId: choice.productId, quantity: 1 }),
    ]);
    expect(moved.body.data.wishlist.count).toBe(0);

    // With nothing chosen: quantity 1, the first colour, and its first size in stock.
    const other = choices[10]!;
    await send(app(), 'POST', '/api/wishlist/add', {
      token: accessToken,
      body: { productId: other.productId },
    });
    const defaults = await send(app(), 'POST', `/api/wishlist/move-to-cart/${other.productId}`, {
      token: accessToken,
    });
    expect(defaults.status).toBe(200);
    expect(
      defaults.body.data.cart.items.find(
        (i: { productId: string }) => i.productId === other.productId,
      ).quantity,
    ).toBe(1);
  });
});
