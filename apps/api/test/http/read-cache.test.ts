import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createReadCache, registerReadCache } from '../../src/http/read-cache.ts';

async function appWithCounter(ttlMs = 10_000, maxBytes = 1024 * 1024) {
  const cache = createReadCache({ ttlMs, maxBytes });
  const app = Fastify();
  registerReadCache(app, cache);
  let calls = 0;
  app.get('/thing', { config: { catalogueCache: [] } }, async (request) => {
    calls += 1;
    return { calls, query: request.query };
  });
  app.get('/fails', { config: { catalogueCache: [] } }, async (_request, reply) => {
    calls += 1;
    return reply.status(404).send({ calls });
  });
  return { app, cache, calls: () => calls };
}

describe('read cache', () => {
  it('answers a repeated GET from memory until cleared', async () => {
    const { app, cache, calls } = await appWithCounter();
    const first = await app.inject('/thing?a=1');
    const second = await app.inject('/thing?a=1');
    expect(second.body).toBe(first.body);
    expect(calls()).toBe(1);
    await app.inject('/thing?a=2');
    expect(calls()).toBe(2);
    cache.clear();
    await app.inject('/thing?a=1');
    expect(calls()).toBe(3);
  });

  it('never caches failures', async () => {
    const { app, cache, calls } = await appWithCounter();
    await app.inject('/fails');
    await app.inject('/fails');
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxBytes, least recently used out first, counting compressed copies', async () => {
    const cache = createReadCache({ ttlMs: 10_000, maxBytes: 10_000 });
    const text = (seed: string) => JSON.stringify({ seed, text: 'x'.repeat(2_000) });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, text(key), ['lists']);
    expect(cache.size).toBe(4);
    expect(cache.get('a')).toBeDefined(); // 'b' is now the least recently used
    cache.set('e', text('e'), ['lists']);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);

    // A compressed copy made later counts too: the oldest entry leaves to make room.
    const kept = cache.get('e')!;
    kept.gzip = Buffer.alloc(2_500);
    cache.resize('e', kept);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    expect(cache.get('e')).toBe(kept);

    // An answer larger than the whole budget is served but not kept; what was there stays.
    expect(cache.set('huge', 'x'.repeat(20_000), ['lists'])).toBeUndefined();
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(3);

    // Evicted entries leave the tag index: invalidating the tag empties exactly what is held.
    cache.invalidate(['lists']);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('stays within its byte budget under a burst of distinct large answers', async () => {
    const { app, cache } = await appWithCounter(10_000, 200_000);
    app.get('/big', { config: { catalogueCache: [] } }, async (request) => ({
      query: request.query,
      text: 'lace '.repeat(10_000),
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          fetch(`http://127.0.0.1:${address.port}/big?n=${n}`, {
            headers: { 'accept-encoding': 'br, gzip' },
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
      expect(cache.bytes).toBeGreaterThan(0);
      expect(cache.bytes).toBeLessThanOrEqual(200_000);
      expect(cache.size).toBeLessThan(200_000 / 50_000 + 1);
    } finally {
      await app.close();
    }
  });

  it('serves brotli or gzip copies of the same JSON', async () => {
    const { app } = await appWithCounter();
    const plain = await app.inject('/thing');
    const br = await app.inject({
      url: '/thing',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({
      url: '/thing',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses a first answer too, and the same whether stored or not', async () => {
    for (const ttl of [10_000, 0]) {
      const cache = createReadCache({ ttlMs: ttl, maxBytes: 1024 * 1024 });
      const app = Fastify();
      registerReadCache(app, cache);
      app.get('/big', { config: { catalogueCache: [] } }, async () => ({
        text: 'lace '.repeat(1000),
      }));
      const first = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
      expect(first.headers['content-encoding']).toBe('br');
      const text = brotliDecompressSync(first.rawPayload).toString();
      expect(JSON.parse(text)).toEqual({ text: 'lace '.repeat(1000) });
      const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
    }
  });

  it('is off when the TTL is 0', async () => {
    const { app, calls } = await appWithCounter(0);
    await app.inject('/thing');
    await app.inject('/thing');
    expect(calls()).toBe(2);
  });
});
