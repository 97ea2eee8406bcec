// No silent simulator: health names the payment provider, and in production the API document
// is served only when asked for (API_DOCS=1), listing the simulator's routes only while it runs.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;

beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(async () => {
  await world?.close();
});

const razorpay: AppConfig['payments'] = {
  provider: 'razorpay',
  keyId: 'rzp_live_test_only',
  keySecret: 'razorpay-key-secret-for-the-tests-0123',
  webhookSecret: 'razorpay-webhook-secret-for-the-tests',
};

/** The shop with `changes` to its configuration, for `use`, closed after. */
async function withApp(changes: Partial<AppConfig>, use: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ config: { ...world.config, ...changes }, database: world.database });
  try {
    await app.ready();
    await use(app);
  } finally {
    await app.close();
  }
}

const get = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.body };
};

describe('GET /api/health', () => {
  it('names the payment provider beside the database', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => world.app.inject({ method: 'GET', url: '/api/health' })),
    );
    for (const answer of answers) {
      expect(answer.json().data).toEqual({
        status: 'ok',
        database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
        payments: 'simulator',
      });
    }
    await withApp({ production: true, payments: razorpay }, async (app) => {
      expect(JSON.parse((await get(app, '/api/health')).body).data.payments).toBe('razorpay');
    });
  });
});

describe('the API document in production', () => {
  it('is not served unless API_DOCS asks for it', async () => {
    await withApp({ production: true, apiDocs: false, payments: razorpay }, async (app) => {
      for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/static/index.html']) {
        const answer = await get(app, url);
        expect(answer.status, url).toBe(404);
        expect(JSON.parse(answer.body).message).toBe('Route not found');
      }
    });
  });

  it("lists the simulator's routes only while the simulator runs", async () => {
    // As loadConfig makes it in production: no courier named, so no courier simulator either.
    const noCourier = { ...world.config.shipping, booking: false };
    await withApp(
      { production: true, apiDocs: true, payments: razorpay, shipping: noCourier },
      async (app) => {
        const answer = await get(app, '/api/openapi.json');
        expect(answer.status).toBe(200);
        const paths = Object.keys(JSON.parse(answer.body).paths);
        expect(paths).toContain('/api/payments/initiate');
        expect(paths.filter((path) => path.includes('simulator'))).toEqual([]);
        expect(
          (await app.inject({ method: 'POST', url: '/api/payments/simulator/pay' })).statusCode,
        ).toBe(404);
        expect((await get(app, '/api/docs')).status).toBe(200);
      },
    );
    await withApp({ production: true, apiDocs: true }, async (app) => {
      const paths = Object.keys(JSON.parse((await get(app, '/api/openapi.json')).body).paths);
      expect(paths).toContain('/api/payments/simulator/pay');
    });
  });
});
