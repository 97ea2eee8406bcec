import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld({ CORS_ORIGINS: 'https://partner.example' });
});
afterAll(async () => {
  await world?.close();
});

describe('security headers', () => {
  it('sends a nonce-based CSP and the other defaults on API answers', async () => {
    const response = await world.app.inject({ method: 'GET', url: '/api/category' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Served over http here: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('uses a new nonce on every response', async () => {
    const nonce = async () => {
      const response = await world.app.inject({ method: 'GET', url: '/api/health' });
      return /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    };
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('lets only allow-listed origins read across origins', async () => {
    const stranger = await world.app.inject({
      method: 'GET',
      url: '/api/category',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const partner = await world.app.inject({
      method: 'GET',
      url: '/api/category',
      headers: { origin: 'https://partner.example' },
    });
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const { status, body } = await getJson(world.app, '/api/no-such-thing');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, message: 'Route not found' });
  });

  it('refuses an oversized body with a 413 and a message', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }),
    });
    expect([404, 413]).toContain(response.statusCode);
    expect(response.json().success).toBe(false);
  });

  it('never leaks a stack trace or SQL', async () => {
    for (const url of [
      '/api/product/search?q=%27%22%5C',
      '/api/product/products?page=99999999999',
      '/api/product/products?limit=%00',
      '/api/product/products?sort[]=x',
      '/api/category/%E0%A4%A',
    ]) {
      const response = await world.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(/at .*\.ts:\d+|select |syntax error|stack/i);
    }
  });
});

describe('OpenAPI', () => {
  it('serves the document of the API and a browsable page', async () => {
    const { status, body } = await getJson(world.app, '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/product/products',
      '/api/product/search',
      '/api/product/{id}',
      '/api/category',
      '/api/sub-category/paginated',
      '/api/blog',
      '/api/mobile-banner',
      '/api/health',
    ]) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    const page = await world.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
