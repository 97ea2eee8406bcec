import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './auth-helpers.ts';
import { addBody, stockedChoices } from './cart-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';
import { COMPRESSION_MIN_BYTES, FAST_COMPRESSION_MAX_BYTES } from '../src/http/compression.ts';

// Answers under 4 KB (a one-line cart, an order) are sent as they are, those up to 16 KB (a cart
// of several lines) compressed at the fastest level, pages and catalogue lists at the plugin's
// own, where the bytes saved matter more than the CPU.

let world: TestWorld;

beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(async () => {
  await world?.close();
});

const brotliAt = (quality: number, text: Buffer) =>
  brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });

describe('compressed answers', () => {
  it('compresses a cart of several lines at the fastest level and a large list at the default one', async () => {
    const [first, second] = await stockedChoices(world.app, 2);
    const { accessToken } = await signUp(world.app);
    const add = (choice: typeof first) =>
      world.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'br' },
        payload: addBody(choice!, 1),
      });
    // A one-line cart (about 3 KB) is sent as it is: too small to be worth the CPU.
    const oneLine = await add(first);
    expect(oneLine.statusCode).toBe(200);
    expect(oneLine.headers['content-encoding']).toBeUndefined();
    expect(oneLine.rawPayload.length).toBeGreaterThan(1024);
    expect(oneLine.rawPayload.length).toBeLessThan(COMPRESSION_MIN_BYTES);

    const cart = await add(second);
    expect(cart.headers['content-encoding']).toBe('br');
    const plain = brotliDecompressSync(cart.rawPayload);
    expect(plain.length).toBeGreaterThanOrEqual(COMPRESSION_MIN_BYTES);
    expect(plain.length).toBeLessThanOrEqual(FAST_COMPRESSION_MAX_BYTES);
    expect(JSON.parse(plain.toString('utf8')).data.itemCount).toBe(2);
    // Brotli's output at a given quality is deterministic: the answer is quality 1's.
    const fastest = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(cart.rawPayload.equals(fastest)).toBe(true);

    const gzipped = await world.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const gzipPlain = gunzipSync(gzipped.rawPayload);
    expect(gzipped.rawPayload.length).toBe(gzipSync(gzipPlain, { level: 1 }).length);

    const list = await world.app.inject({
      method: 'GET',
      url: '/api/product/products?limit=50',
      headers: { 'accept-encoding': 'br' },
    });
    expect(list.headers['content-encoding']).toBe('br');
    const listPlain = brotliDecompressSync(list.rawPayload);
    expect(listPlain.length).toBeGreaterThan(FAST_COMPRESSION_MAX_BYTES);
    expect(list.rawPayload.length).toBeLessThan(brotliAt(1, listPlain).length);
  });

  it('sends small answers as they are', async () => {
    const health = await world.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
