import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEstimate, deliveryMessages } from '@shop/domain/delivery-estimate';
import { ZONE_TERMS } from '@shop/domain/delivery-zones';
import { queryRows } from '../src/db/client.ts';
import { loadPincodeDirectory } from '../src/db/pincode-directory.ts';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, fillCart, orderBody } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  choices = await stockedChoices(app(), 2);
}, 120_000);
afterAll(() => world?.close());

/** Cash on delivery on or off, as the owner sets it. */
async function offerCash(on: boolean) {
  owner ??= await signUpOwner(world, 'owner@lacebloom.in');
  const current = await send(app(), 'GET', '/api/admin/settings', { token: owner.accessToken });
  const saved = await send(app(), 'PATCH', '/api/admin/settings', {
    token: owner.accessToken,
    body: { ...current.body.data.settings, paymentMethods: on ? ['online', 'cod'] : ['online'] },
  });
  expect(saved.status).toBe(200);
}
let owner: { accessToken: string } | undefined;

describe('the PIN directory', () => {
  it('holds every delivery PIN once, with states as the GST list names them', async () => {
    const [counts] = await queryRows<{ pins: number; states: number }>(
      world.database.db,
      sql`select count(*)::int as pins, count(distinct state)::int as states from pincodes`,
    );
    expect(counts!.pins).toBeGreaterThan(19_000);
    expect(counts!.states).toBe(36);
    const [leh] = await queryRows<{ state: string }>(
      world.database.db,
      sql`select state from pincodes where pin_code = '194101'`,
    );
    expect(leh!.state).toBe('Ladakh');
  });

  it('is loaded once: migrating again reads nothing', async () => {
    expect(await loadPincodeDirectory(world.database.db)).toBe(0);
  });
});

describe('GET /api/pincode/{pin}', () => {
  it('answers a served PIN with its place, cash and the dates', async () => {
    await offerCash(true);
    const before = new Date();
    const answer = await getJson(app(), '/api/pincode/400001');
    expect(answer.status).toBe(200);
    // From the shop's Bengaluru pickup to Mumbai: metro to metro, express days.
    const expected = deliveryEstimate(before, ZONE_TERMS.metro.transit);
    expect(answer.body).toEqual({
      success: true,
      message: 'PIN code checked',
      data: {
        pinCode: '400001',
        city: 'Mumbai',
        district: 'Mumbai',
        state: 'Maharashtra',
        serviceable: true,
        cod: true,
        estimate: expected,
      },
    });
  });

  it('offers cash nowhere while the shop does not take it', async () => {
    await offerCash(false);
    expect((await getJson(app(), '/api/pincode/400001')).body.data).toMatchObject({
      serviceable: true,
      cod: false,
    });
    await offerCash(true);
  });

  it('takes longer to the islands and takes no cash there', async () => {
    const answer = await getJson(app(), '/api/pincode/744101');
    expect(answer.body.data).toMatchObject({
      state: 'Andaman and Nicobar Islands',
      serviceable: true,
      cod: false,
      estimate: deliveryEstimate(new Date(), ZONE_TERMS.north_east_and_islands.transit),
    });
  });

  it('answers a PIN that exists but is not served with serviceable: false', async () => {
    const answer = await getJson(app(), '/api/pincode/744301');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      pinCode: '744301',
      city: 'Nicobar',
      serviceable: false,
      cod: false,
      estimate: null,
    });
  });

  it.each(['999999', '000001', '12345', '5600011', 'abcdef', '56 001'])(
    'answers %s with 404 and the message',
    async (pin) => {
      const answer = await getJson(app(), `/api/pincode/${encodeURIComponent(pin)}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: deliveryMessages.invalidPin });
    },
  );
});

describe('placing an order', () => {
  it('is refused for a PIN the courier does not serve, with the message by the field', async () => {
    const shopper = await signUp(app());
    const lines: [StockedChoice, number][] = [[choices[0]!, 1]];
    await fillCart(app(), shopper.accessToken, lines);
    const refused = await send(app(), 'POST', '/api/order', {
      token: shopper.accessToken,
      body: orderBody(lines, {
        shippingAddress: {
          ...address,
          city: 'Nicobar',
          state: 'Andaman and Nicobar Islands',
          pinCode: '744301',
        },
      }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(deliveryMessages.notDeliverable);
    const [count] = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from orders`,
    );
    expect(count!.n).toBe(0);
    // The same cart to a served PIN goes through.
    const placed = await send(app(), 'POST', '/api/order', {
      token: shopper.accessToken,
      body: orderBody(lines),
    });
    expect(placed.status).toBe(201);
  });
});
