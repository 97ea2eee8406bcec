/**
 * Public lookups that cost a courier call or a query are limited per client network: PIN checks
 * and parcel tracking, 60 a minute each by default. Bursts are real requests at once; the
 * courier is a local fake Shiprocket counting the calls it gets.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { send } from './auth-helpers.ts';
import { guestSessionId } from './cart-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const LIMIT = 60;
/** Lowered from its 600 a minute so a burst past it stays small. */
const GUEST_CART_LIMIT = 40;
const TOO_MANY = 'Too many lookups. Please wait a minute and try again.';

let world: TestWorld;
const app = () => world.app;

/** Serviceability questions the fake courier was asked. */
let courierLookups = 0;
const server = createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  if (request.url?.includes('/auth/login')) {
    response.end('{"token":"jwt-1"}');
    return;
  }
  courierLookups += 1;
  response.end(
    JSON.stringify({
      status: 200,
      data: { available_courier_companies: [{ cod: 1, estimated_delivery_days: '4' }] },
    }),
  );
});

let pins: string[];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  world = await createTestWorld({
    SHIPROCKET_EMAIL: 'ops@lacebloom.in',
    SHIPROCKET_PASSWORD: 'secret',
    COURIER_WEBHOOK_SECRET: 'courier-token-0123456789',
    SHIPROCKET_API_URL: `http://127.0.0.1:${port}/v1/external`,
    GUEST_CART_REQUESTS_PER_MINUTE: String(GUEST_CART_LIMIT),
  });
  const rows = await queryRows<{ pin: string }>(
    world.database.db,
    sql`select pin_code as pin from pincodes order by pin_code limit 400`,
  );
  pins = rows.map((row) => row.pin);
}, 120_000);

afterAll(async () => {
  await world?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const checkPin = (pin: string, remoteAddress: string) =>
  send(app(), 'GET', `/api/pincode/${pin}`, { remoteAddress });

const statuses = (answers: Array<{ status: number }>) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
};

describe('GET /api/pincode/{pin} per client network', () => {
  it('answers a burst of 200 distinct PINs from one address 429 past 60, with no courier call', async () => {
    const before = courierLookups;
    const answers = await Promise.all(
      pins.slice(0, 200).map((pin) => checkPin(pin, '198.51.100.10')),
    );
    expect(statuses(answers)).toEqual({ 200: LIMIT, 429: 200 - LIMIT });
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toMatchObject({ success: false, message: TOO_MANY });
    expect(refused.headers['retry-after']).toBeDefined();
    // Only the allowed lookups asked the courier.
    expect(courierLookups - before).toBeLessThanOrEqual(LIMIT);

    // Every other address is still served.
    const other = await checkPin(pins[0]!, '198.51.100.11');
    expect(other.status).toBe(200);
  });

  it('counts an IPv4-mapped address as the IPv4 address', async () => {
    const spent = await Promise.all(
      pins.slice(200, 200 + LIMIT).map((pin) => checkPin(pin, '::ffff:198.51.100.20')),
    );
    expect(statuses(spent)).toEqual({ 200: LIMIT });
    expect((await checkPin(pins[0]!, '198.51.100.20')).status).toBe(429);
  });

  it('counts a burst from several addresses of one IPv6 /64 against one allowance', async () => {
    const network = '2001:db8:aa:bb';
    const answers = await Promise.all(
      pins
        .slice(0, LIMIT + 20)
        .map((pin, i) => checkPin(pin, `${network}:${(i % 7) + 1}:${i}:${i * 3}:${i + 11}`)),
    );
    expect(statuses(answers)).toEqual({ 200: LIMIT, 429: 20 });
    // `::1`-style short forms of the same network are refused too; the next /64 is served.
    expect((await checkPin(pins[1]!, `${network}::1`)).status).toBe(429);
    expect((await checkPin(pins[1]!, '2001:db8:aa:bc::1')).status).toBe(200);
  });
});

describe('GET /api/shipping/track/{awb} per client network', () => {
  it('answers lookups past 60 a minute from one network 429, before the query', async () => {
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 5 }, (_, i) =>
        send(app(), 'GET', `/api/shipping/track/SR${100000 + i}`, {
          remoteAddress: '198.51.100.30',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 404: LIMIT, 429: 5 });
    const other = await send(app(), 'GET', '/api/shipping/track/SR1', {
      remoteAddress: '198.51.100.31',
    });
    expect(other.status).toBe(404);
  });
});

describe('guest carts per client network', () => {
  it('answers requests past the limit from one network 429, for carts nobody made too', async () => {
    const answers = await Promise.all(
      Array.from({ length: GUEST_CART_LIMIT + 10 }, (_, i) =>
        send(app(), 'GET', `/api/cart/guest/${guestSessionId()}${i % 2 ? '/details' : ''}`, {
          remoteAddress: '2001:db8:cc:dd::1',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: GUEST_CART_LIMIT, 429: 10 });
    expect(answers.find((answer) => answer.status === 429)!.body.message).toBe(
      'Too many cart requests. Please wait a minute and try again.',
    );
    // Another address of the same /64 waits too; another network is served.
    const sameLine = await send(app(), 'GET', `/api/cart/guest/${guestSessionId()}`, {
      remoteAddress: '2001:db8:cc:dd:5::9',
    });
    expect(sameLine.status).toBe(429);
    const other = await send(app(), 'GET', `/api/cart/guest/${guestSessionId()}`, {
      remoteAddress: '198.51.100.40',
    });
    expect(other.status).toBe(200);
  });
});
