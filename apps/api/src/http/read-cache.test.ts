import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createReadCache, registerReadCache } from './read-cache.ts';

async function appWithCounter(ttlMs = 10_000) {
  const cache = createReadCache({ ttlMs, maxEntries: 2 });
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

  it('never caches failures, and keeps at most maxEntries', async () => {
    const { app, cache, calls } = await appWithCounter();
    await app.inject('/fails');
    await app.inject('/fails');
    expect(calls()).toBe(2);
    for (const query of ['a', 'b', 'c']) await app.inject(`/thing?${query}`);
    expect(cache.size).toBe(2);
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
      const cache = createReadCache({ ttlMs: ttl, maxEntries: 10 });
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
