/**
 * The cart under load on the embedded database (PGlite): add to cart (a new guest cart each
 * request, as many shoppers arriving at once) and the details of a 3-line signed-in cart.
 * Goal (ARCHITECTURE.md): p99 under 50 ms at 20 connections.
 *
 *   npm run bench:cart            (DURATION=10 CONNECTIONS=20 to change the defaults)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newGuestSessionId } from '@shop/domain/cart';
import {
  callShop,
  measure,
  settleShop,
  startBenchServer,
  stopBenchServer,
} from './shop-process.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 20);
const port = 4121;
const base = `http://127.0.0.1:${port}`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-cart-'));
  const shop = await startBenchServer(['shop', String(port), dataDir]);
  try {
    // A fresh shop renders its seeded pictures in the background for a while.
    await settleShop(dataDir, 'PGlite');
    const list = await callShop(base, 'GET', '/api/product/products?limit=12');
    const lines = (list.data.products as any[]).flatMap((product) => {
      const color = product.colors[0];
      const size = color?.sizeStock.find((entry: { stock: number }) => entry.stock >= 50);
      return size
        ? [
            {
              product: product._id,
              size: size.size.toLowerCase(),
              color: { colorName: color.colorName, colorHex: color.colorHex },
              selectedImage: color.images[0],
              quantity: 1,
            },
          ]
        : [];
    });
    if (lines.length < 3) throw new Error('the seeded catalogue has too few well-stocked sizes');
    const signup = await callShop(base, 'POST', '/api/auth/signup', {
      firstName: 'Bench',
      lastName: 'Shopper',
      email: `bench.cart.${Date.now()}@example.in`,
      password: 'bench-password-1',
      phone: '9876543210',
    });
    const token = signup.data.accessToken as string;
    for (const line of lines.slice(0, 3)) await callShop(base, 'POST', '/api/cart', line, token);

    const { product, ...guestLine } = lines[0]!;
    console.log(`autocannon: ${connections} connections, ${duration} s per run, 2 s warm-up\n`);
    const rows = [
      await measure(
        'POST /api/cart/guest/{session}/product/{id} (new cart each)',
        {
          url: base,
          connections,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(guestLine),
              setupRequest: (request) => ({
                ...request,
                path: `/api/cart/guest/${newGuestSessionId(randomUUID)}/product/${product}`,
              }),
            },
          ],
        },
        duration,
      ),
      await measure(
        'GET /api/cart/details (3 lines, signed in)',
        {
          url: `${base}/api/cart/details`,
          connections,
          headers: { authorization: `Bearer ${token}` },
        },
        duration,
      ),
    ];
    console.table(rows);
  } finally {
    await stopBenchServer(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
