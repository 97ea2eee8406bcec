import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './test-app.ts';

/**
 * A real server process killed with SIGKILL in the middle of 100 concurrent checkouts: after a
 * restart on the same data, every order it confirmed exists, every payment it confirmed is paid,
 * and the stock adds up exactly (what is left plus what live orders hold is what there was).
 */
const here = fileURLToPath(new URL('.', import.meta.url));
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let server: ChildProcess | undefined;
let base = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startShop(port: number) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'fixtures/api-server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      // A shared PostgreSQL gets the demo catalogue only when asked.
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (!output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server = child;
  base = `http://127.0.0.1:${port}`;
}

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-crash-'));
  const scratch = await createScratchDatabase('shop_crash');
  databaseUrl = scratch?.url;
  if (scratch) dropDatabase = scratch.drop;
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of checkouts', () => {
  it('loses no confirmed order or payment, and its stock adds up after a restart', async () => {
    await startShop(await freePort());
    const list = await call('GET', '/api/product/products?limit=30');
    const variants = (list.body.data.products as any[])
      .flatMap((product) =>
        product.colors.flatMap((color: any) =>
          color.sizeStock
            .filter((entry: any) => entry.stock >= 3)
            .map((entry: any) => ({
              product: product._id,
              colorName: color.colorName,
              size: entry.size,
              stock: entry.stock,
            })),
        ),
      )
      .slice(0, 8);
    const shoppers: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const signup = await call('POST', '/api/auth/signup', {
        firstName: 'Crash',
        lastName: `Test${i}`,
        email: `crash.${i}.${Date.now()}@example.in`,
        password: 'crash-password-1',
        phone: '9876543210',
      });
      shoppers.push(signup.body.data.accessToken);
    }

    const placed: { token: string; orderId: string }[] = [];
    const paid: { token: string; orderId: string }[] = [];
    let finished = 0;
    const checkout = async (n: number) => {
      const token = shoppers[n % shoppers.length]!;
      const variant = variants[n % variants.length]!;
      try {
        // Orders are placed from the cart: it holds just this checkout's line.
        await call('DELETE', '/api/cart/clear', undefined, token);
        await call(
          'POST',
          '/api/cart',
          {
            product: variant.product,
            quantity: 1,
            size: variant.size,
            color: { colorName: variant.colorName, colorHex: '#000000' },
            selectedImage: '/media/placeholder.jpg',
          },
          token,
        );
        const order = await call(
          'POST',
          '/api/order',
          {
            items: [
              {
                product: variant.product,
                quantity: 1,
                size: variant.size,
                color: { colorName: variant.colorName },
              },
            ],
            shippingAddress: {
              name: 'Crash Test',
              addressLine1: '1 MG Road',
              city: 'Bengaluru',
              state: 'Karnataka',
              pinCode: '560001',
              phone: '9876543210',
            },
          },
          token,
        );
        if (order.status !== 201) return;
        placed.push({ token, orderId: order.body.data.orderId });
        const initiated = await call(
          'POST',
          '/api/payments/initiate',
          { orderId: order.body.data.orderId },
          token,
        );
        const result = await call(
          'POST',
          '/api/payments/simulator/pay',
          { razorpayOrderId: initiated.body.data.razorpayOrderId },
          token,
        );
        const verified = await call('POST', '/api/payments/verify', result.body.data, token);
        if (verified.status === 200) paid.push({ token, orderId: order.body.data.orderId });
      } catch {
        // The server died under this request: nothing was promised.
      } finally {
        finished += 1;
      }
    };
    // Ten shoppers at once, each checking out one order after another (a new order from a cart
    // replaces its unpaid predecessor, so one shopper's checkouts do not overlap).
    const running = shoppers.map(async (_, first) => {
      for (let n = first; n < 100; n += shoppers.length) await checkout(n);
    });
    while (finished < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    server!.kill('SIGKILL');
    await Promise.all(running);
    expect(placed.length).toBeGreaterThan(0);

    await startShop(await freePort());
    for (const { token, orderId } of placed) {
      const order = await call('GET', `/api/order/${orderId}`, undefined, token);
      expect(order.status, orderId).toBe(200);
    }
    for (const { token, orderId } of paid) {
      const order = await call('GET', `/api/order/${orderId}`, undefined, token);
      expect(order.body.data.paymentStatus).toBe('paid');
    }
    // Stock: what is left plus what live orders hold is what there was.
    const held = new Map<string, number>();
    for (const token of shoppers) {
      const orders = await call('GET', '/api/order?limit=50', undefined, token);
      for (const order of orders.body.data.orders) {
        if (order.status === 'cancelled') continue;
        for (const item of order.items) {
          const key = `${item.product}|${item.color.colorName}|${item.size.toLowerCase()}`;
          held.set(key, (held.get(key) ?? 0) + item.quantity);
        }
      }
    }
    for (const variant of variants) {
      const product = await call('GET', `/api/product/${variant.product}`);
      const color = product.body.data.colors.find((c: any) => c.colorName === variant.colorName);
      const left = color.sizeStock.find((s: any) => s.size === variant.size).stock;
      const key = `${variant.product}|${variant.colorName}|${variant.size.toLowerCase()}`;
      expect(left + (held.get(key) ?? 0), key).toBe(variant.stock);
    }
  }, 180_000);
});
