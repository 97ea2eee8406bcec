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

export interface ReadCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  /** Call after any write that changes what catalogue reads return (stock, prices, content). */
  clear(): void;
  readonly size: number;
}

/**
 * In-process cache of serialized catalogue answers. Entries also expire after `ttlMs`, so several
 * processes sharing one PostgreSQL converge within that time on changes made by another process;
 * stock is still checked in the database whenever it matters (adding to cart, placing an order).
 */
export function createReadCache(options: { ttlMs: number; maxEntries: number }): ReadCache {
  const entries = new Map<string, { value: string; expiresAt: number }>();
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
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
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
    if (hit !== undefined) {
      return reply.header('content-type', 'application/json; charset=utf-8').send(hit);
    }
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
