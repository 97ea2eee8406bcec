import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * What a cached answer depends on, so a write empties only what it changed:
 * `lists` every product list, search and facet count; `product:<id>` one product's own answers;
 * `categories` the category and subcategory answers; `content` blogs (the banner lists are not cached: their schedule follows the clock); `pages` the
 * FAQ and policy pages. `stock` tags no
 * answer: it travels with the product tags of a change of stock levels alone, so copies that keep
 * no stock (an order's product facts) know they still hold.
 */
export type CacheTag =
  | 'lists'
  | 'categories'
  | 'content'
  | 'pages'
  | 'stock'
  | 'size-charts'
  | 'offers'
  | `product:${string}`;

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
  /** Counts the compressed copies an entry gained since it was stored against the budget. */
  resize(key: string, answer: CachedAnswer): void;
  /** Empties the entries carrying any of `tags` (and tells `onInvalidate` listeners). */
  invalidate(tags: CacheTag[]): void;
  /** Empties everything. */
  clear(): void;
  /** Runs `listener` on every invalidation (undefined tags: everything), for other in-memory copies. */
  onInvalidate(listener: (tags: CacheTag[] | undefined) => void): void;
  /** Counts every invalidation: an answer computed across one is not stored, as it may be stale. */
  readonly generation: number;
  /** Entries held. */
  readonly size: number;
  /** Bytes the entries hold, as counted against the budget (`maxBytes`). */
  readonly bytes: number;
  /** Requests answered from memory, and misses that had to ask the handler. */
  readonly stats: { hits: number; misses: number; shared: number };
}

/** What one entry costs besides its texts: the entry, its list node and its tag index slots. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * An entry's weight against the budget: its key, its JSON text (V8 keeps ASCII text at one byte
 * a character) and the compressed copies it has gained.
 */
function entryBytes(key: string, answer: CachedAnswer): number {
  return (
    ENTRY_OVERHEAD_BYTES +
    key.length +
    answer.json.length +
    (answer.br?.length ?? 0) +
    (answer.gzip?.length ?? 0)
  );
}

/**
 * In-process cache of serialized catalogue answers, bounded by bytes, least recently used out
 * first: however many distinct queries arrive, it holds at most `maxBytes` (an answer larger than
 * that is served but not kept). Entries also expire after `ttlMs`, a safety net should a change
 * notice from another process be lost; stock is still checked in the database whenever it
 * matters (adding to cart, placing an order).
 */
export function createReadCache(options: { ttlMs: number; maxBytes: number }): ReadCache {
  const keysByTag = new Map<CacheTag, Set<string>>();
  const entries = new LRUCache<string, { answer: CachedAnswer; tags: readonly CacheTag[] }>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => entryBytes(key, entry.answer),
    // lru-cache reads a TTL of 0 as "never expires"; a TTL of 0 stores nothing instead (in set).
    ttl: Math.max(options.ttlMs, 1),
    // Evicted, expired, replaced or deleted: the entry leaves the tag index too.
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = keysByTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) keysByTag.delete(tag);
      }
    },
  });
  const listeners: ((tags: CacheTag[] | undefined) => void)[] = [];
  const stats = { hits: 0, misses: 0, shared: 0 };
  let generation = 0;

  return {
    get(key) {
      return entries.get(key)?.answer;
    },
    set(key, json, tags = []) {
      if (options.ttlMs <= 0) return undefined;
      const answer: CachedAnswer = { json };
      entries.set(key, { answer, tags });
      // An answer larger than the whole budget is not kept.
      if (!entries.has(key)) return undefined;
      for (const tag of tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      return answer;
    },
    resize(key, answer) {
      const entry = entries.peek(key);
      // A new wrapper of the same answer is weighed anew (evicting others if need be); its
      // expiry and tags stay.
      if (entry?.answer === answer) {
        entries.set(key, { ...entry }, { noUpdateTTL: true, noDisposeOnSet: true });
      }
    },
    invalidate(tags) {
      generation += 1;
      for (const tag of tags)
        for (const key of [...(keysByTag.get(tag) ?? [])]) entries.delete(key);
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
    get bytes() {
      return entries.calculatedSize;
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
      return sendCached(request, reply, cached, () => cache.resize(key, cached));
    }
    const pending = inFlight.get(key);
    if (pending && pending.generation === cache.generation) {
      const shared = await pending.answer;
      if (shared) {
        cache.stats.shared += 1;
        return sendCached(request, reply, shared, () => cache.resize(key, shared));
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
    if (!stored) return compressed(answer, encoding, 'once');
    return keptCopy(answer, encoding, () => cache.resize(miss.key, answer));
  });

  // A request that ends without onSend (a dropped connection) must not leave waiters hanging.
  app.addHook('onResponse', async (request) => {
    request.readCacheMiss?.settle(undefined);
    request.readCacheMiss = undefined;
  });
}

function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  grew: () => void,
) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(keptCopy(answer, encoding, grew));
}

/** The kept compressed copy, made on first use: `grew` then counts it against the budget. */
function keptCopy(answer: CachedAnswer, encoding: 'br' | 'gzip', grew: () => void): Buffer {
  const made = answer[encoding] === undefined;
  const copy = compressed(answer, encoding, 'kept');
  if (made) grew();
  return copy;
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
