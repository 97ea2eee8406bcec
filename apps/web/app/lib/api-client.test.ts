import { describe, expect, it } from 'vitest';
import { orderApi } from '../components/orders/order-api';
import { ApiError, createApiClient } from './api-client';

const respond = (status: number, body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

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
        return new Response(JSON.stringify({ success: true, data: { products: [] } }));
      },
    });
    await api.searchProducts('lace bra', { page: 2, limit: 5, size: '' });
    expect(seen?.url).toBe('http://shop.test/api/product/search?q=lace+bra&page=2&limit=5');
    expect(seen?.headers.get('authorization')).toBe('Bearer abc');
    expect(seen?.headers.get('accept')).toBe('application/json');
  });

  it('sends a return request with its lines and answers what was declined', async () => {
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
    const answer = await orderApi(api).returnOrder('o 1', request);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('http://shop.test/api/order/o%201/return');
    expect(await seen?.json()).toEqual(request);
    expect(answer.data.declined).toEqual(declined);
  });
});
