/**
 * A courier that hangs: Shiprocket's adapter pointed at a real local HTTP server that takes each
 * request and, while "hanging", never answers. PIN checks and checkout must answer within the
 * outbound timeout (plus a second) from the PIN directory, the breaker must open (no more calls)
 * and close again once the courier answers.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryEstimate } from '@shop/domain/delivery-estimate';
import { ZONE_TERMS } from '@shop/domain/delivery-zones';
import { send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { fillCart, orderBody } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const TIMEOUT_MS = 500;
const FAILURES = 2;
const METRICS_TOKEN = 'metrics-token-0123456789';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

/** The fake Shiprocket: hangs while `hanging`, else answers a token and recorded couriers. */
const courier = { hanging: true, requests: [] as string[] };
const held: ServerResponse[] = [];
const serviceability = readFileSync(
  new URL('./fixtures/shiprocket/serviceability.json', import.meta.url),
  'utf8',
);
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  courier.requests.push(`${request.method} ${request.url}`);
  if (courier.hanging) {
    held.push(response);
    return;
  }
  response.setHeader('content-type', 'application/json');
  response.end(request.url?.includes('/auth/login') ? '{"token":"jwt-1"}' : serviceability);
});

let client = 0;
/** A client address of its own per request, so no lookup limit is in the way. */
const nextAddress = () => `203.0.113.${(client += 1)}`;

const checkPin = (pin: string) =>
  send(app(), 'GET', `/api/pincode/${pin}`, { remoteAddress: nextAddress() });

async function breakerOpen(): Promise<boolean> {
  const metrics = await app().inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return /shop_outbound_breaker_open\{provider="courier"\} 1/.test(metrics.body);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  world = await createTestWorld({
    SHIPROCKET_EMAIL: 'ops@lacebloom.in',
    SHIPROCKET_PASSWORD: 'secret',
    COURIER_WEBHOOK_SECRET: 'courier-token-0123456789',
    SHIPROCKET_API_URL: `http://127.0.0.1:${port}/v1/external`,
    OUTBOUND_TIMEOUT_MS: String(TIMEOUT_MS),
    OUTBOUND_BREAKER_FAILURES: String(FAILURES),
    OUTBOUND_BREAKER_HALF_OPEN_MS: '300',
    METRICS_TOKEN,
  });
  choices = await stockedChoices(app(), 1);
}, 120_000);

afterAll(async () => {
  await world?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a courier that never answers', () => {
  it('leaves a PIN check waiting no longer than the timeout: the directory answers', async () => {
    const started = performance.now();
    const answer = await checkPin('400001');
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(answer.status).toBe(200);
    // The directory's own answer: Mumbai from the Bengaluru pickup, metro days, never cash.
    expect(answer.body.data).toMatchObject({
      pinCode: '400001',
      serviceable: true,
      cod: false,
      estimate: deliveryEstimate(new Date(), ZONE_TERMS.metro.transit),
    });
    // A stand-in for the courier's word: no browser keeps it.
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(courier.requests.length).toBeGreaterThan(0);
  });

  it('leaves checkout waiting no longer than the timeout, and the order is placed', async () => {
    const shopper = await signUp(app());
    const lines: [StockedChoice, number][] = [[choices[0]!, 1]];
    await fillCart(app(), shopper.accessToken, lines);
    const body = orderBody(lines, {
      shippingAddress: { ...orderBody(lines).shippingAddress, pinCode: '110001', city: 'Delhi' },
    });
    body.shippingAddress.state = 'Delhi';
    const started = performance.now();
    const placed = await send(app(), 'POST', '/api/order', { token: shopper.accessToken, body });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(placed.status).toBe(201);
  });

  it('opens the breaker: further checks ask the courier nothing and answer at once', async () => {
    await vi.waitFor(async () => expect(await breakerOpen()).toBe(true), { timeout: 10_000 });
    const asked = courier.requests.length;
    const answers = await Promise.all(['302001', '600001', '700001'].map(checkPin));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.every((answer) => answer.body.data.serviceable)).toBe(true);
    expect(courier.requests.length).toBe(asked);
    // Counted as fallbacks in the metrics.
    const metrics = await app().inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/shop_serviceability_fallbacks_total\{reason="open"\} [1-9]/);
    expect(metrics.body).toMatch(
      /shop_outbound_calls_total\{provider="courier",outcome="timeout"\} [1-9]/,
    );
  });

  it('closes the breaker once the courier answers again, and its answer is used', async () => {
    courier.hanging = false;
    for (const response of held.splice(0)) response.destroy();
    // Past the pause a trial call goes through; poll until one has.
    await vi.waitFor(
      async () => {
        await checkPin('560001');
        expect(await breakerOpen()).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );
    // Shiprocket's recorded couriers: fastest 2 days, recommended 5; some take cash.
    const answer = await checkPin('302001');
    expect(answer.body.data).toMatchObject({
      serviceable: true,
      estimate: deliveryEstimate(new Date(), { min: 2, max: 5 }),
    });
    expect(answer.headers['cache-control']).toBe('public, max-age=600');
    expect(courier.requests.some((request) => request.includes('delivery_postcode=302001'))).toBe(
      true,
    );
  });
});
