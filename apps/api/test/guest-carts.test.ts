import { Agent, request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, guestSessionId, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

// Guest carts cost a row only once something is in them, are forgotten 7 days after their last
// use, and are keyed by ids nobody can guess.

let world: TestWorld;
let base: string;
let choices: StockedChoice[];

beforeAll(async () => {
  // Its bursts all come from one address; the per-network limit is tested in public-lookups.
  world = await createTestWorld({ GUEST_CART_REQUESTS_PER_MINUTE: '100000' });
  base = await world.app.listen({ port: 0, host: '127.0.0.1' });
  choices = await stockedChoices(world.app, 3);
});
afterAll(async () => {
  await world?.close();
});

// A burst of thousands shares 100 kept-alive connections, as a crowd behind a proxy would
// (thousands of new connections at once would overflow the listen backlog instead).
const agent = new Agent({ keepAlive: true, maxSockets: 100 });
afterAll(() => agent.destroy());

function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const guestLine = (choice: StockedChoice, quantity = 1) => {
  const { product: _product, ...line } = addBody(choice, quantity);
  return line;
};

async function guestCartCount(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    world.database.db,
    sql`select count(*)::int as count from carts where guest_session_id is not null`,
  );
  return row!.count;
}

async function guestCartExists(sessionId: string): Promise<boolean> {
  const rows = await queryRows(
    world.database.db,
    sql`select 1 from carts where guest_session_id = ${sessionId}`,
  );
  return rows.length > 0;
}

describe('guest carts are stored only once something is in them', () => {
  it('answers 1,000 reads of carts nobody made with an empty cart, storing none', async () => {
    const before = await guestCartCount();
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, n) =>
        call('GET', `/api/cart/guest/${guestSessionId()}${n % 2 === 0 ? '' : '/details'}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const cart = answer.body.data.cart ?? answer.body.data;
      expect(cart).toMatchObject({ _id: null, items: [], total: 0 });
    }
    expect(await guestCartCount()).toBe(before);
  }, 120_000);

  it('stores no cart for adds the stock refuses, however many arrive at once', async () => {
    const choice = choices[0]!;
    await world.database.db.execute(sql`
      update product_size_stock s set stock = 1
      from product_colors c
      where s.color_id = c.id and c.product_id = ${choice.productId}
        and c.color_name = ${choice.colorName} and lower(s.size) = lower(${choice.size})`);
    world.app.readCache.clear();
    try {
      const before = await guestCartCount();
      const answers = await Promise.all(
        Array.from({ length: 300 }, () =>
          call(
            'POST',
            `/api/cart/guest/${guestSessionId()}/product/${choice.productId}`,
            guestLine(choice, 2),
          ),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body.message).toMatch(/^Only 1 items available in size /);
      }
      expect(await guestCartCount()).toBe(before);
    } finally {
      await world.database.db.execute(sql`
        update product_size_stock s set stock = ${choice.stock}
        from product_colors c
        where s.color_id = c.id and c.product_id = ${choice.productId}
          and c.color_name = ${choice.colorName} and lower(s.size) = lower(${choice.size})`);
      world.app.readCache.clear();
    }
  }, 120_000);

  it('keeps a cart that holds a line when a later add is refused', async () => {
    const [first, second] = choices;
    const sessionId = guestSessionId();
    const path = (choice: StockedChoice) =>
      `/api/cart/guest/${sessionId}/product/${choice.productId}`;
    expect((await call('POST', path(first!), guestLine(first!))).status).toBe(200);
    const refused = await call('POST', path(second!), guestLine(second!, second!.stock + 1));
    expect(refused.status).toBe(400);
    expect(await guestCartExists(sessionId)).toBe(true);
    const cart = await call('GET', `/api/cart/guest/${sessionId}`);
    expect(cart.body.data.items).toHaveLength(1);
  });

  it('makes the cart with its first add, once for many adds at once', async () => {
    const choice = choices[1]!;
    const sessionId = guestSessionId();
    expect(await guestCartExists(sessionId)).toBe(false);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call('POST', `/api/cart/guest/${sessionId}/product/${choice.productId}`, guestLine(choice)),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const [row] = await queryRows<{ count: number }>(
      world.database.db,
      sql`select count(*)::int as count from carts where guest_session_id = ${sessionId}`,
    );
    expect(row!.count).toBe(1);
    const cart = await call('GET', `/api/cart/guest/${sessionId}`);
    expect(cart.body.data.items).toHaveLength(1);
    expect(cart.body.data.items[0].quantity).toBe(3);
  });
});

describe('untouched guest carts expire after 7 days', () => {
  it('sweeps a guest cart untouched for 8 days, keeps one touched 6 days ago and signed-in carts', async () => {
    const choice = choices[2]!;
    const stale = guestSessionId();
    const recent = guestSessionId();
    for (const sessionId of [stale, recent]) {
      const added = await call(
        'POST',
        `/api/cart/guest/${sessionId}/product/${choice.productId}`,
        guestLine(choice),
      );
      expect(added.status).toBe(200);
    }
    const shopper = await signUp(world.app);
    const own = await send(world.app, 'POST', '/api/cart', {
      token: shopper.accessToken,
      body: addBody(choice),
    });
    expect(own.status).toBe(200);
    const age = async (where: ReturnType<typeof sql>, days: number) =>
      world.database.db.execute(
        sql`update carts set updated_at = now() - make_interval(days => ${days}) where ${where}`,
      );
    await age(sql`guest_session_id = ${stale}`, 8);
    await age(sql`guest_session_id = ${recent}`, 6);
    await age(sql`user_id = ${shopper.user._id}`, 40);

    // Even before the sweep, the expired cart reads as empty; the recent one is whole.
    expect((await call('GET', `/api/cart/guest/${stale}`)).body.data.items).toEqual([]);
    expect((await call('GET', `/api/cart/guest/${recent}`)).body.data.items).toHaveLength(1);

    // The background job, as its timer runs it; twice at once, as two processes would.
    const swept = await Promise.all([
      world.app.jobs.sweepGuestCarts(),
      world.app.jobs.sweepGuestCarts(),
    ]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    expect(await guestCartExists(stale)).toBe(false);
    expect(await guestCartExists(recent)).toBe(true);
    const signedIn = await send(world.app, 'GET', '/api/cart', { token: shopper.accessToken });
    expect(signedIn.body.data.items).toHaveLength(1);
  });
});

describe('guest cart ids', () => {
  const shortIds = [
    'session_1763900000_abcd', // 4 random characters
    'session_1763900000_k3j9x0a1b', // what Math.random().toString(36) gave: 9
    `session_1763900000_${'a'.repeat(19)}`,
  ];

  it('refuses ids whose random part is shorter than 20 characters on every guest route', async () => {
    const choice = choices[0]!;
    const before = await guestCartCount();
    const shopper = await signUp(world.app);
    const requests = shortIds.flatMap((id) => [
      call('GET', `/api/cart/guest/${id}`),
      call('GET', `/api/cart/guest/${id}/details`),
      call('POST', `/api/cart/guest/${id}/product/${choice.productId}`, guestLine(choice)),
      call('PUT', `/api/cart/guest/${id}/item/${choice.productId}`, { quantity: 2 }),
      call('DELETE', `/api/cart/guest/${id}/product/${choice.productId}`),
      call('POST', '/api/cart/merge', { sessionId: id }, shopper.accessToken),
    ]);
    const answers = await Promise.all([...requests, ...requests.map(() => requests[2]!)]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        'Invalid guest session id: its random part must be at least 20 letters or digits',
      );
    }
    expect(await guestCartCount()).toBe(before);
  });

  it('refuses ids of the wrong shape or alphabet', async () => {
    for (const bad of [
      'abc',
      'session_',
      "session_1763900000_x'--",
      `session_x_${'a'.repeat(32)}`,
    ]) {
      const answer = await call('GET', `/api/cart/guest/${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe('Invalid guest session id');
    }
  });

  it('accepts the ids the storefront makes: a random UUID', async () => {
    const choice = choices[0]!;
    const id = guestSessionId();
    expect(id).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    const added = await call(
      'POST',
      `/api/cart/guest/${id}/product/${choice.productId}`,
      guestLine(choice),
    );
    expect(added.status).toBe(200);
    expect((await call('GET', `/api/cart/guest/session_1763900000_${'a'.repeat(20)}`)).status).toBe(
      200,
    );
  });
});
