import { describe, expect, it } from 'vitest';
import { orderApi } from '../../app/components/orders/order-api';
import { ApiError, createApiClient } from '../../app/lib/api-client';
import { sampleProduct } from '../fixtures';

const respond = (status: number, body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const emptyList = {
  products: [],
  total: 0,
  page: 1,
  pages: 0,
  facets: { sizes: [], colors: [], tags: [], priceBands: [] },
};

const product = sampleProduct;

describe('api client errors', () => {
  it("uses the server's message when there is one", async () => {
    const api = createApiClient({
      fetch: respond(404, { success: false, message: 'Product not found' }),
    });
    await expect(api.getProduct('x')).rejects.toEqual(new ApiError('Product not found', 404));
  });

  it("falls back to 'HTTP error! status: {code}'", async () => {
    const api = createApiClient({ fetch: respond(502, '<html>bad gateway</html>') });
    await expect(api.listProducts()).rejects.toThrow('HTTP error! status: 502');
  });

  it("says 'Network error' when the request never arrives", async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(api.listBlogs()).rejects.toThrow('Network error');
  });

  it("uses the call's own fallback for a failure without a message", async () => {
    const api = createApiClient({ fetch: respond(200, { success: false }) });
    await expect(api.listBanners()).rejects.toThrow('Failed to fetch banners');
  });

  it('sends the query, JSON accept header and bearer token', async () => {
    let seen: Request | undefined;
    const api = createApiClient({
      token: 'abc',
      fetch: async (input, init) => {
        seen = new Request(new URL(String(input), 'http://shop.test'), init);
        return new Response(JSON.stringify({ success: true, data: emptyList, message: 'ok' }));
      },
    });
    await api.searchProducts('lace bra', { page: 2, limit: 5, size: '' });
    expect(seen?.url).toBe('http://shop.test/api/product/search?q=lace+bra&page=2&limit=5');
    expect(seen?.headers.get('authorization')).toBe('Bearer abc');
    expect(seen?.headers.get('accept')).toBe('application/json');
  });

  it('sends a return request with its lines, and refuses an answer without the order', async () => {
    let seen: Request | undefined;
    const declined = [{ itemId: 'i2', productName: 'Lace Hipster', reason: 'For hygiene reasons' }];
    const api = createApiClient({
      token: 'abc',
      fetch: async (input, init) => {
        seen = new Request(new URL(String(input), 'http://shop.test'), init);
        return new Response(JSON.stringify({ success: true, data: { declined }, message: 'ok' }));
      },
    });
    const request = {
      reason: 'Too small',
      items: [{ itemId: 'i1', action: 'exchange' as const, size: '36b' }],
    };
    // The contract's answer is the order with what was declined; `declined` alone breaks it.
    await expect(orderApi(api).returnOrder('o 1', request)).rejects.toEqual(
      new ApiError('Failed to return order', 200),
    );
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('http://shop.test/api/order/o%201/return');
    expect(await seen?.json()).toEqual(request);
  });
});

describe('answers parsed with their contract', () => {
  const banner = { _id: 'b1', name: 'Festive', imageUrl: '/banners/festive.jpg', link: '/sale' };

  it('answers a banner list that keeps its contract, typed by it', async () => {
    const api = createApiClient({
      fetch: respond(200, { success: true, data: [banner], message: 'ok' }),
    });
    await expect(api.listBanners()).resolves.toEqual([banner]);
  });

  it("refuses an answer missing a field with the call's message, naming the field", async () => {
    const { imageUrl: _left, ...withoutImage } = banner;
    const api = createApiClient({
      fetch: respond(200, { success: true, data: [withoutImage], message: 'ok' }),
    });
    const failure = await api.listBanners().catch((error: unknown) => error);
    expect(failure).toEqual(new ApiError('Failed to fetch banners', 200));
    // The contract's complaint stays with the error for whoever reads the log.
    expect(String((failure as Error).cause)).toContain('imageUrl');
  });

  it('refuses a product whose price is text, and answers a complete one', async () => {
    const answer = (price: unknown) =>
      respond(200, { success: true, data: { ...product, price }, message: 'ok' });
    await expect(createApiClient({ fetch: answer('1299') }).getProduct('p1')).rejects.toEqual(
      new ApiError('Failed to fetch product', 200),
    );
    await expect(createApiClient({ fetch: answer(1299) }).getProduct('p1')).resolves.toEqual({
      ...product,
      price: 1299,
    });
  });

  it('refuses a success without its data (a proxy answering 200 with something else)', async () => {
    const api = createApiClient({ fetch: respond(200, { success: true, message: 'ok' }) });
    await expect(api.listProducts()).rejects.toThrow('Failed to fetch products');
  });
});
