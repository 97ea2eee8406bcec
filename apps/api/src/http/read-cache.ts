import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /** Cache this GET's successful JSON answer, keyed by its URL, until the catalogue changes. */
    catalogueCache?: boolean;
  }
}

/** One cached answer: its JSON text, and compressed copies made the first time one is asked for. */
export interface CachedAnswer {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface ReadCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, json: string): void;
  /** Call after any write that changes what catalogue reads return (stock, prices, content). */
  clear(): void;
  /** Runs `listener` on every clear, so other in-memory copies of catalogue facts go with it. */
  onClear(listener: () => void): void;
  readonly size: number;
}

/**
 * In-process cache of serialized catalogue answers. Entries also expire after `ttlMs`, so several
 * processes sharing one PostgreSQL converge within that time on changes made by another process;
 * stock is still checked in the database whenever it matters (adding to cart, placing an order).
 */
export function createReadCache(options: { ttlMs: number; maxEntries: number }): ReadCache {
  const entries = new Map<string, { answer: CachedAnswer; expiresAt: number }>();
  const clearListeners: (() => void)[] = [];
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      // Refresh recency: Map keeps insertion order, so the oldest key is evicted first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, json) {
      if (options.ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { answer: { json }, expiresAt: Date.now() + options.ttlMs });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
      for (const listener of clearListeners) listener();
    },
    onClear(listener) {
      clearListeners.push(listener);
    },
    get size() {
      return entries.size;
    },
  };
}

export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.catalogueCache) return;
    const hit = cache.get(request.url);
    if (hit === undefined) return;
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('vary', 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') {
      hit.br ??= brotliCompressSync(hit.json, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: hit.json.length },
      });
      return reply.header('content-encoding', 'br').send(hit.br);
    }
    if (encoding === 'gzip') {
      hit.gzip ??= gzipSync(hit.json, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(hit.gzip);
    }
    return reply.send(hit.json);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method === 'GET' &&
      request.routeOptions.config.catalogueCache &&
      reply.statusCode === 200 &&
      typeof payload === 'string'
    ) {
      cache.set(request.url, payload);
    }
    return payload;
  });
}

/** Brotli when the client takes it, else gzip, else plain. */
function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepts = (name: string) =>
    header.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      return token?.trim() === name && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
