import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { send, signUp } from './auth-helpers.ts';
import { guestSessionId, stockedChoices } from './cart-helpers.ts';
import { eventually, payOrder, placeOrder } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let world: TestWorld;
const app = () => world.app;

beforeAll(async () => {
  world = await createTestWorld({ METRICS_TOKEN: TOKEN });
});

afterAll(async () => {
  await world?.close();
});

async function scrape(target: FastifyInstance = app()) {
  const response = await target.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample line of the exposition text (`name{labels} value`), if present. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('exists only when METRICS_TOKEN is set', async () => {
    const without = await buildApp({
      config: { ...world.config, metricsToken: undefined },
      database: world.database,
    });
    try {
      const absent = await without.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(absent.statusCode).toBe(404);
      expect(absent.json()).toMatchObject({ success: false, message: 'Route not found' });
    } finally {
      await without.close();
    }
    expect(await scrape()).toContain('# TYPE http_requests_total counter');
  });

  it('answers 401 without the bearer token, with a wrong one, or with another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await app().inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      const body = response.json();
      expect(body).toMatchObject({ success: false, message: 'A valid metrics token is required' });
      expect(body.requestId).toBe(response.headers['x-request-id']);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('answers the Prometheus text format, and is left out of the OpenAPI document', async () => {
    const response = await app().inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    const openapi = await app().inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(openapi.json().paths)).not.toContain('/metrics');
  });

  it('counts requests by method, route pattern and status, never by raw URL', async () => {
    const [choice] = await stockedChoices(app());
    expect(choice).toBeDefined();
    const id = choice!.productId;
    expect((await app().inject({ method: 'GET', url: `/api/product/${id}?x=1` })).statusCode).toBe(
      200,
    );
    await app().inject({ method: 'GET', url: `/api/product/${id}` });
    await app().inject({ method: 'GET', url: '/api/no-such-route/12345' });
    const text = await scrape();
    expect(
      sample(text, 'http_requests_total{method="GET",route="/api/product/:id",status_code="200"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/product/:id",status_code="200"}',
      ),
    ).toBe(2);
    expect(
      sample(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-route');
  });

  it('counts orders placed and payments settled, each once', async () => {
    const before = await scrape();
    const placedBefore = sample(before, 'shop_orders_placed_total') ?? Number.NaN;
    const settledBefore = sample(before, 'shop_payments_settled_total') ?? Number.NaN;
    const { accessToken } = await signUp(app());
    const [choice] = await stockedChoices(app(), 2);
    const order = await placeOrder(app(), accessToken, [[choice!, 1]]);
    expect(sample(await scrape(), 'shop_orders_placed_total')).toBe(placedBefore + 1);

    const paid = await payOrder(app(), accessToken, order.orderId);
    const verified = await send(app(), 'POST', '/api/payments/verify', {
      token: accessToken,
      body: paid,
    });
    expect(verified.status).toBe(200);
    // The simulator's webhook reports the same payment again a moment later: still one.
    await eventually(async () => {
      const [row] = (
        (await world.database.db.execute(
          sql`select count(*)::int as n from webhook_events`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      return (row?.n ?? 0) > 0;
    });
    expect(sample(await scrape(), 'shop_payments_settled_total')).toBe(settledBefore + 1);
  });

  it('reads the outbox lag and the refunds owed when scraped', async () => {
    // A mail no worker will claim yet (its next attempt is far ahead), written two minutes ago.
    await world.database.db.execute(sql`
      insert into mail_outbox (recipient, subject, text, html, created_at, next_attempt_at)
      values ('late@example.in', 'Late', 'late', '<p>late</p>', now() - interval '120 seconds',
              now() + interval '1 day')`);
    let text = await scrape();
    expect(sample(text, 'shop_mail_outbox_unsent')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_mail_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(sample(text, 'shop_refunds_pending')).toBe(0);
    expect(sample(text, 'shop_refunds_failed')).toBe(0);

    // A refund owed (pending), then one the provider refused (failed).
    const { accessToken } = await signUp(app());
    const [choice] = await stockedChoices(app(), 2);
    const order = await placeOrder(app(), accessToken, [[choice!, 1]]);
    await world.database.db.execute(sql`
      insert into refunds (order_id, provider_payment_id, amount_paise, reason, state, next_attempt_at)
      values (${order.orderId}, ${`pay_metrics_${order.orderId}`}, 100, 'duplicate_payment',
              'pending', now() + interval '1 day')`);
    text = await scrape();
    expect(sample(text, 'shop_refunds_pending')).toBe(1);
    expect(sample(text, 'shop_refunds_failed')).toBe(0);
    // Collected at scrape time: the next scrape sees the change.
    await world.database.db.execute(sql`
      update refunds set state = 'failed' where order_id = ${order.orderId}`);
    text = await scrape();
    expect(sample(text, 'shop_refunds_pending')).toBe(0);
    expect(sample(text, 'shop_refunds_failed')).toBe(1);
  });

  it('times each background job since its last success', async () => {
    // The clock the gauge reads is moved on 1.1 s rather than waited for; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1_100);
      const before = sample(await scrape(), 'shop_job_seconds_since_success{job="deliverMail"}');
      expect(before).toBeGreaterThanOrEqual(1);
      await app().jobs.deliverMail();
      const after = sample(await scrape(), 'shop_job_seconds_since_success{job="deliverMail"}');
      expect(after).toBeLessThan(1);
      expect(
        sample(await scrape(), 'shop_job_seconds_since_success{job="expireUnpaidOrders"}'),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads the PostgreSQL pool's use when the database handle reports it", async () => {
    const withPool = Object.assign({}, world.database, {
      poolStats: () => ({ total: 7, idle: 5, waiting: 2 }),
    });
    const pooled = await buildApp({ config: world.config, database: withPool });
    try {
      const text = await scrape(pooled);
      expect(sample(text, 'shop_db_pool_connections{state="total"}')).toBe(7);
      expect(sample(text, 'shop_db_pool_connections{state="idle"}')).toBe(5);
      expect(sample(text, 'shop_db_pool_connections{state="waiting"}')).toBe(2);
    } finally {
      await pooled.close();
    }
    // PGlite has no pool: no such series. PostgreSQL's handle reports its real pool.
    if (world.database.kind === 'pglite') {
      expect(await scrape()).not.toContain('shop_db_pool_connections');
    } else {
      expect(sample(await scrape(), 'shop_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
  });
});

describe('request ids', () => {
  it('names the request id of every error answer, as in its x-request-id header', async () => {
    const answers = [
      await app().inject({ method: 'GET', url: '/api/no-such-route' }),
      await app().inject({
        method: 'GET',
        url: '/api/product/00000000-0000-4000-8000-000000000000',
      }),
      await app().inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
      await app().inject({ method: 'GET', url: '/api/order' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 400, 401]);
    for (const answer of answers) {
      const header = answer.headers['x-request-id'];
      expect(header).toMatch(UUID);
      expect(answer.json()).toMatchObject({ success: false, requestId: header });
    }
    expect(new Set(answers.map((answer) => answer.headers['x-request-id'])).size).toBe(4);
  });

  it('keeps a safe incoming x-request-id and replaces an unsafe one', async () => {
    const safe = await app().inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'lb-7f3a.2_Z' },
    });
    expect(safe.headers['x-request-id']).toBe('lb-7f3a.2_Z');
    expect(safe.json().requestId).toBe('lb-7f3a.2_Z');

    for (const unsafe of ['has space', 'a'.repeat(65), '"quoted"', 'semi;colon', '']) {
      const answer = await app().inject({
        method: 'GET',
        url: '/api/no-such-route',
        headers: { 'x-request-id': unsafe },
      });
      expect(answer.headers['x-request-id'], unsafe).toMatch(UUID);
      expect(answer.json().requestId).toBe(answer.headers['x-request-id']);
    }
  });

  it('answers the request id on successful answers too', async () => {
    const answer = await app().inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});

describe('request log', () => {
  it('writes one line per request with its id, route, status and duration, and no secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await buildApp({
      config: world.config,
      database: world.database,
      logger: { level: 'info', stream },
    });
    try {
      await logged.ready();
      lines.length = 0;
      const answer = await logged.inject({
        method: 'GET',
        url: '/api/product/products?limit=1&token=query-secret-123',
        headers: {
          authorization: 'Bearer header-secret-456',
          cookie: 'session=cookie-secret-789',
          'x-request-id': 'req-log-1',
        },
      });
      expect(answer.statusCode).toBe(200);
      const session = guestSessionId();
      await logged.inject({ method: 'GET', url: `/api/cart/guest/${session}` });
      await logged.inject({ method: 'GET', url: '/api/no-such-route?password=hunter2' });

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const ofFirst = entries.filter((entry) => entry.reqId === 'req-log-1');
      expect(ofFirst).toHaveLength(1);
      expect(ofFirst[0]).toMatchObject({
        level: 30,
        reqId: 'req-log-1',
        method: 'GET',
        route: '/api/product/products',
        path: '/api/product/products',
        statusCode: 200,
        msg: 'request completed',
      });
      expect(typeof ofFirst[0]!.durationMs).toBe('number');

      const requestLines = entries.filter((entry) => entry.msg === 'request completed');
      expect(requestLines).toHaveLength(3);
      expect(requestLines[1]).toMatchObject({
        route: '/api/cart/guest/:sessionId',
        path: '/api/cart/guest/*',
      });
      expect(requestLines[2]).toMatchObject({
        route: 'unmatched',
        path: '/api/no-such-route',
        statusCode: 404,
      });
      for (const entry of requestLines) expect(entry.reqId).toMatch(/^(req-log-1|[0-9a-f-]{36})$/);

      const all = lines.join('\n');
      for (const secret of [
        'query-secret-123',
        'header-secret-456',
        'cookie-secret-789',
        'hunter2',
        session,
        'authorization',
      ]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
