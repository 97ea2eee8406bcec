import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(async () => {
  await world?.close();
});

const get = (url: string) => getJson(world.app, url);

describe('blogs', () => {
  it('lists articles newest first with the fields the journal reads', async () => {
    const { status, body } = await get('/api/blog');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    for (const blog of body.data) {
      expect(blog).toMatchObject({
        _id: expect.any(String),
        title: expect.any(String),
        createdAt: expect.any(String),
        blogImgUrl: { url: expect.stringMatching(/^\/media\/blogs\//) },
        blogContent: { markup: expect.stringContaining('<h2>') },
        content: expect.any(String),
      });
      expect(blog.blogContent.markup).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
    }
    const times = body.data.map((blog: any) => Date.parse(blog.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers one article, 404 when unknown, 400 when malformed', async () => {
    const [first] = (await get('/api/blog')).body.data;
    expect((await get(`/api/blog/${first._id}`)).body.data).toEqual(first);
    expect((await get('/api/blog/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/blog/abc')).status).toBe(400);
  });
});

describe('banners', () => {
  it('answers desktop and mobile banners whose links cover path, https and bare domain', async () => {
    for (const url of ['/api/banner', '/api/mobile-banner']) {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThanOrEqual(3);
      for (const banner of body.data) {
        expect(banner).toMatchObject({
          _id: expect.any(String),
          name: expect.any(String),
          imageUrl: expect.stringMatching(/^\/media\/banners\//),
          link: expect.any(String),
        });
      }
    }
    const links = [
      ...(await get('/api/banner')).body.data,
      ...(await get('/api/mobile-banner')).body.data,
    ].map((banner: any) => banner.link);
    expect(links.some((link) => link.startsWith('/'))).toBe(true);
    expect(links.some((link) => link.startsWith('https://'))).toBe(true);
    expect(links.some((link) => /^www\.|^[a-z0-9-]+\.[a-z]{2,}(\/|$)/i.test(link))).toBe(true);
  });
});
