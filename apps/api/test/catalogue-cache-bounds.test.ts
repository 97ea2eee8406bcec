import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

// The catalogue's answer cache is bounded by bytes, whatever queries arrive, and every spelling
// of one query shares one entry.

const BUDGET_BYTES = 1024 * 1024;

let world: TestWorld;
let base: string;

beforeAll(async () => {
  world = await createTestWorld({ CATALOGUE_CACHE_MAX_MB: '1' });
  base = await world.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  agent.destroy();
  await world?.close();
});

// A burst shares 100 kept-alive connections, as a crowd behind a proxy would.
const agent = new Agent({ keepAlive: true, maxSockets: 100 });

function get(
  path: string,
  encoding?: 'br',
): Promise<{ status: number; text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      { agent, headers: encoding ? { 'accept-encoding': encoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body =
            response.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({
            status: response.statusCode!,
            text: body.toString('utf8'),
            bytes: body.length,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('the catalogue answer cache', () => {
  it('keeps every spelling of one query in one entry', async () => {
    const cache = world.app.readCache;
    const subcategory = (await getJson(world.app, '/api/sub-category')).body.data[0];
    const product = (await getJson(world.app, '/api/product/products?limit=1')).body.data
      .products[0];
    const colorName: string = product.colors[0].colorName;
    const groups: string[][] = [
      [
        '/api/product/products?color=pink&limit=8',
        '/api/product/products?color=Pink&limit=7',
        '/api/product/products?color=%20PINK%20&limit=6&size=&tag=%20&price=',
        '/api/product/products?limit=8&color=pink&sort=RECOMMENDED&page=',
        '/api/product/products?color=pink&sort=&page=1&limit=08',
      ],
      [
        '/api/product/search?q=Lace%20Bra',
        '/api/product/search?q=lace%20%20bra',
        '/api/product/search?q=%20LACE%20BRA!',
        '/api/product/search?q=lace+bra&sort=Recommended&limit=12',
        '/api/product/search?q=lace%20bra&limit=11&page=1',
      ],
      [
        `/api/product/subcategory/${subcategory._id}?isActive=true`,
        `/api/product/subcategory/${subcategory._id}?isActive=false`,
        `/api/product/subcategory/${subcategory._id}?isActive=TRUE&limit=`,
        `/api/product/subcategory/${subcategory._id}?isActive=`,
        `/api/product/subcategory/${subcategory._id}`,
      ],
      [
        '/api/category/search?q=Sleep',
        '/api/category/search?q=sleep',
        '/api/category/search?q=%20SLEEP%20',
      ],
      [
        `/api/product/${product._id}/colors/${encodeURIComponent(colorName)}/sizes`,
        `/api/product/${product._id}/colors/${encodeURIComponent(colorName.toUpperCase())}/sizes`,
        `/api/product/${product._id}/colors/${encodeURIComponent(colorName.toLowerCase())}/sizes`,
      ],
      ['/api/category?page=1&limit=9', '/api/category?limit=10', '/api/category?page=&limit=%2010'],
      [
        '/api/sub-category/paginated?page=1&limit=4',
        '/api/sub-category/paginated?limit=5',
        '/api/sub-category/paginated?page=&limit=%205',
      ],
      ['/api/sub-category?q=', '/api/sub-category', '/api/sub-category?q=%20'],
    ];
    cache.clear();
    const urls = groups.flat();
    // Each spelling several times at once, in a shuffled order.
    const burst = [...urls, ...urls, ...urls].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(burst.map(async (url) => ({ url, ...(await get(url)) })));
    for (const answer of answers) expect(answer.status, answer.url).toBe(200);
    for (const group of groups) {
      const texts = new Set(answers.filter((a) => group.includes(a.url)).map((a) => a.text));
      expect(texts.size, group[0]).toBe(1);
    }
    expect(cache.size).toBe(groups.length);
  });

  it('serves a limit as the smallest page size holding it', async () => {
    const { body } = await getJson(world.app, '/api/product/products?limit=7&page=2');
    expect(body.data.products).toHaveLength(8);
    expect(body.data.pages).toBe(Math.ceil(body.data.total / 8));
    const first = (await getJson(world.app, '/api/product/products?limit=8')).body.data.products;
    const second = (await getJson(world.app, '/api/product/products?limit=8&page=2')).body.data
      .products;
    expect(body.data.products).toEqual(second);
    expect(first).not.toEqual(second);
  });

  it('holds at most its byte budget under a burst of distinct large answers', async () => {
    const cache = world.app.readCache;
    cache.clear();
    const urls: string[] = [];
    for (const sort of ['recommended', 'price-asc', 'price-desc', 'newest']) {
      for (const price of ['', '0-500', '500-1000', '1000-2000', '2000-5000', '5000+']) {
        for (const limit of [50, 100]) {
          for (const color of ['', 'a', 'e', 'i', 'o', 'r', 'l', 'n', 'u', 'b']) {
            const query = new URLSearchParams({ sort, limit: String(limit) });
            if (price) query.set('price', price);
            if (color) query.set('color', color);
            urls.push(`/api/product/products?${query}`);
          }
        }
      }
    }
    const answers = await Promise.all(
      urls.map((url, n) => get(url, n % 2 === 0 ? 'br' : undefined)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const answered = answers.reduce((total, answer) => total + answer.bytes, 0);
    // The burst asked for many times the budget.
    expect(answered).toBeGreaterThan(10 * BUDGET_BYTES);
    // Not every answer is kept: the least recently used went to make room.
    expect(cache.size).toBeLessThan(urls.length);
    expect(cache.bytes).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(BUDGET_BYTES);

    // What was pushed out is answered afresh, the same as before.
    const again = await get(urls[0]!);
    expect(again.text).toBe(answers[0]!.text);
  }, 120_000);
});
