import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let imageUrl: string;
beforeAll(async () => {
  world = await createTestWorld();
  const { body } = await getJson(world.app, '/api/product/products?limit=1');
  imageUrl = body.data.products[0].images[0];
});
afterAll(async () => {
  await world?.close();
});

const fetchImage = (url: string, accept = 'image/avif,image/webp,*/*') =>
  world.app.inject({ method: 'GET', url, headers: { accept } });

describe('media', () => {
  it('serves AVIF, WebP or JPEG by the Accept header, resized to the asked width', async () => {
    for (const [accept, type, format] of [
      ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const) {
      const response = await fetchImage(`${imageUrl}?w=400`, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toContain('Accept');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe(format);
      expect(metadata.width).toBe(400);
    }
  });

  it('snaps odd widths to the next size the storefront uses', async () => {
    const response = await fetchImage(`${imageUrl}?w=350`, 'image/webp');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(400);
  });

  it('serves every kind of seeded image', async () => {
    const [category] = (await getJson(world.app, '/api/category')).body.data;
    const [banner] = (await getJson(world.app, '/api/banner')).body.data;
    const [blog] = (await getJson(world.app, '/api/blog')).body.data;
    for (const url of [
      category.image,
      banner.imageUrl,
      blog.blogImgUrl.url,
      '/media/site/placeholder',
    ]) {
      const response = await fetchImage(`${url}?w=200`, 'image/webp');
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('answers 404 for an unknown image and refuses path tricks', async () => {
    expect((await fetchImage('/media/products/no-such-image')).statusCode).toBe(404);
    for (const url of [
      '/media/products/..%2F..%2Fjwt-secret',
      '/media/../jwt-secret',
      '/media/secrets/x',
    ]) {
      const response = await fetchImage(url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(world.config.jwtSecret);
    }
    expect((await fetchImage(`${imageUrl}?w=abc`)).statusCode).toBe(400);
  });
});
