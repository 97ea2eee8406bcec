import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a cached answer depends on, so a write empties only what it changed:
 * `lists` every product list, search and facet count; `product:<id>` one product's own answers;
 * `categories` the category and subcategory answers; `content` blogs and banners. `stock` tags no
 * answer: it travels with the product tags of a change of stock levels alone, so copies that keep
 * no stock (an order's product facts) know they still hold.
 */
export type CacheTag = 'lists' | 'categories' | 'content' | 'stock' | `product:${string}`;

/** How a route's answers are tagged: fixed tags, or tags read from the validated request. */
export type CacheTagging = CacheTag[] | ((request: FastifyRequest) => CacheTag[]);

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /**
     * Cache this GET's successful JSON answer, keyed by its route and its validated, normalised
     * parameters and query (so reordered or unknown parameters share one entry), until a write
     * invalidates one of its tags.
     */
    catalogueCache?: CacheTagging;
  }
  interface FastifyRequest {
    readCacheMiss?: { key: string; generation: number; settle: (answer?: CachedAnswer) => void };
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
  set(key: string, json: string, tags?: CacheTag[]): CachedAnswer | undefined;
  /** Empties the entries carrying any of `tags` (and tells `onInvalidate` listeners). */
  invalidate(tags: CacheTag[]): void;
  /** Empties everything. */
  clear(): void;
  /** Runs `listener` on every invalidation (undefined tags: everything), for other in-memory copies. */
  onInvalidate(listener: (tags: CacheTag[] | undefined) => void): void;
  /** Counts every invalidation: an answer computed across one is not stored, as it may be stale. */
  readonly generation: number;
  readonly size: number;
  /** Requests answered from memory, and misses that had to ask the handler. */
  readonly stats: { hits: number; misses: number; shared: number };
}

/**
 * In-process cache of serialized catalogue answers. Entries also expire after `ttlMs`, a safety
 * net should a change notice from another process be lost; stock is still checked in the
 * database whenever it matters (adding to cart, placing an order).
 */
export function createReadCache(options: { ttlMs: number; maxEntries: number }): ReadCache {
  const entries = new Map<
    string,
    { answer: CachedAnswer; expiresAt: number; tags: readonly CacheTag[] }
  >();
  const keysByTag = new Map<CacheTag, Set<string>>();
  const listeners: ((tags: CacheTag[] | undefined) => void)[] = [];
  const stats = { hits: 0, misses: 0, shared: 0 };
  let generation = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt < Date.now()) {
        remove(key);
        return undefined;
      }
      // Refresh recency: Map keeps insertion order, so the oldest key is evicted first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, json, tags = []) {
      if (options.ttlMs <= 0) return undefined;
      remove(key);
      const answer: CachedAnswer = { json };
      entries.set(key, { answer, expiresAt: Date.now() + options.ttlMs, tags });
      for (const tag of tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      return answer;
    },
    invalidate(tags) {
      generation += 1;
      for (const tag of tags) for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
      for (const listener of listeners) listener(tags);
    },
    clear() {
      generation += 1;
      entries.clear();
      keysByTag.clear();
      for (const listener of listeners) listener(undefined);
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
    stats,
  };
}

/** A stable text for validated values: object keys sorted, so parameter order does not matter. */
function stableText(value: unknown): string {
  if (value === undefined || value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? '';
  }
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableText(record[key])}`)
    .join(',')}}`;
}

function tagsOf(request: FastifyRequest): CacheTag[] {
  const tagging = request.routeOptions.config.catalogueCache;
  if (!tagging) return [];
  return typeof tagging === 'function' ? tagging(request) : tagging;
}

export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  /**
   * Misses being answered right now, by key: a request for the same key waits for that answer
   * instead of asking the database again, unless a write came in between (its generation).
   */
  const inFlight = new Map<
    string,
    { generation: number; answer: Promise<CachedAnswer | undefined> }
  >();

  // After validation, so the key is built from the parsed parameters, not the raw URL.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.catalogueCache) return;
    const key = `${request.routeOptions.url}?${stableText(request.params)}${stableText(request.query)}`;
    const cached = cache.get(key);
    if (cached) {
      cache.stats.hits += 1;
      return sendCached(request, reply, cached);
    }
    const pending = inFlight.get(key);
    if (pending && pending.generation === cache.generation) {
      const shared = await pending.answer;
      if (shared) {
        cache.stats.shared += 1;
        return sendCached(request, reply, shared);
      }
      return; // the first request failed: this one asks for itself
    }
    const generation = cache.generation;
    let settle!: (answer?: CachedAnswer) => void;
    const answer = new Promise<CachedAnswer | undefined>((resolve) => {
      settle = (settled) => {
        if (inFlight.get(key)?.answer === answer) inFlight.delete(key);
        resolve(settled);
      };
    });
    inFlight.set(key, { generation, answer });
    cache.stats.misses += 1;
    request.readCacheMiss = { key, generation, settle };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = request.readCacheMiss;
    if (!miss) return payload;
    request.readCacheMiss = undefined;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      miss.settle(undefined);
      return payload;
    }
    // An answer computed while a write invalidated the cache may predate that write.
    const stored =
      cache.generation === miss.generation
        ? cache.set(miss.key, payload, tagsOf(request))
        : undefined;
    const answer = stored ?? { json: payload };
    miss.settle(answer);
    // Compressed here, synchronously: cheaper than the compression plugin's streams for an answer
    // of this size, and a stored answer keeps its copy for the next request.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || payload.length < 1024) return payload;
    reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding');
    return compressed(answer, encoding, stored ? 'kept' : 'once');
  });

  // A request that ends without onSend (a dropped connection) must not leave waiters hanging.
  app.addHook('onResponse', async (request) => {
    request.readCacheMiss?.settle(undefined);
    request.readCacheMiss = undefined;
  });
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(compressed(answer, encoding, 'kept'));
}

/**
 * The answer compressed for the client. A kept answer is compressed once, more thoroughly, and
 * the copy reused; an answer sent once is compressed at brotli's fastest setting (a tenth of the
 * time for about 15% more bytes).
 */
function compressed(answer: CachedAnswer, encoding: 'br' | 'gzip', use: 'kept' | 'once'): Buffer {
  if (encoding === 'br') {
    if (use === 'once') {
      return brotliCompressSync(answer.json, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 1,
          [zlib.BROTLI_PARAM_SIZE_HINT]: answer.json.length,
        },
      });
    }
    return (answer.br ??= brotliCompressSync(answer.json, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.json.length },
    }));
  }
  if (use === 'once') return gzipSync(answer.json, { level: 3 });
  return (answer.gzip ??= gzipSync(answer.json, { level: 6 }));
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
