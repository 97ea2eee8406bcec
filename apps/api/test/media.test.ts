import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '../src/features/media/media-store.ts';
import { createMediaService } from '../src/features/media/media.service.ts';
import {
  mediaWidths,
  nearestStoredVariant,
  nearestWidth,
  plannedVariants,
} from '../src/features/media/media-variants.ts';
import { createRenderQueue } from '../src/features/media/render-queue.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

let world: TestWorld;
let pictures: string[];
let baseUrl: string;
beforeAll(async () => {
  world = await createTestWorld();
  const { body } = await getJson(world.app, '/api/product/products?limit=100');
  pictures = body.data.products.flatMap((product: { colors: { images: string[] }[] }) =>
    product.colors.flatMap((colour) => colour.images),
  );
  baseUrl = await world.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await world?.close();
});

/** Each test takes pictures nobody asked for before. */
let nextPicture = 0;
const freshPicture = () => pictures[nextPicture++]!;

const fetchImage = (url: string, accept = CHROME_ACCEPT) =>
  world.app.inject({ method: 'GET', url, headers: { accept } });

/** The renditions stored for a picture URL, as file names (`400.avif`). */
async function storedFiles(url: string): Promise<string[]> {
  const relative = url.replace(/^\/media\//, '');
  try {
    return (await readdir(join(world.config.mediaDir, 'variants', relative))).sort();
  } catch {
    return [];
  }
}

/** Counts sharp renders in flight (every encode and resize ends in `toBuffer`). */
function watchSharp() {
  const prototype = Object.getPrototypeOf(sharp()) as { toBuffer: (...args: unknown[]) => unknown };
  const original = prototype.toBuffer;
  const watch = { inFlight: 0, most: 0, calls: 0, stop: () => (prototype.toBuffer = original) };
  prototype.toBuffer = function (this: unknown, ...args: unknown[]) {
    watch.calls += 1;
    watch.inFlight += 1;
    watch.most = Math.max(watch.most, watch.inFlight);
    const result = original.apply(this, args) as Promise<unknown>;
    return result.finally(() => (watch.inFlight -= 1));
  };
  return watch;
}

describe('media: no request renders', () => {
  it(
    'answers a burst of 24 unrendered widths at once from what is stored, rendering one image at a time off the requests',
    { timeout: 120_000 },
    async () => {
      // Six pictures nobody asked for, four widths each that the storefront never uses.
      const burstPictures = Array.from({ length: 6 }, freshPicture);
      const burst = burstPictures.flatMap((picture, index) =>
        [1900, 1000, 700, 300].map((width) => `${picture}?w=${width - index}`),
      );
      const watch = watchSharp();
      try {
        const answers = await Promise.all(
          burst.map((url) => fetch(`${baseUrl}${url}`, { headers: { accept: CHROME_ACCEPT } })),
        );
        const rendersWhenAnswered = world.app.media.stats().variantsRendered;
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          // Nothing of these pictures was rendered: each gets its original, asked again soon.
          expect(answer.headers.get('content-type')).toBe('image/svg+xml');
          expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
          expect(answer.headers.get('content-security-policy')).toContain('sandbox');
          expect((await answer.text()).startsWith('<svg')).toBe(true);
        }
        // The answers did not wait for the renders their requests queued: one job per picture.
        const planned = plannedVariants('products').length;
        expect(rendersWhenAnswered).toBeLessThan(burstPictures.length * planned);
        await world.app.media.idle();
        // Each picture got exactly the widths the storefront uses, once; none for 1900 and so on.
        for (const picture of burstPictures) {
          expect(await storedFiles(picture)).toEqual([...plannedVariants('products')].sort());
        }
        expect(world.app.media.stats().variantsRendered).toBe(burstPictures.length * planned);
        expect(watch.most).toBe(1);
      } finally {
        watch.stop();
      }
    },
  );

  it('answers w=1900 with the bytes of the nearest stored width, for good', async () => {
    const picture = freshPicture();
    await fetchImage(`${picture}?w=400`);
    await world.app.media.idle();
    const watch = watchSharp();
    try {
      const response = await fetchImage(`${picture}?w=1900`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/avif');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await readFile(
        join(world.config.mediaDir, 'variants', picture.replace(/^\/media\//, ''), '1200.avif'),
      );
      expect(Buffer.compare(response.rawPayload, stored)).toBe(0);
      expect((await sharp(response.rawPayload).metadata()).width).toBe(1200);
      // Answering asked nothing of sharp and stored nothing new.
      expect(watch.calls).toBe(0);
      expect(world.app.media.stats()).toMatchObject({ waiting: 0, running: 0 });
      expect(await storedFiles(picture)).toEqual([...plannedVariants('products')].sort());
    } finally {
      watch.stop();
    }
  });

  it('serves AVIF to browsers that take it and JPEG to the rest, at the planned width', async () => {
    const picture = freshPicture();
    await fetchImage(`${picture}?w=400`);
    await world.app.media.idle();
    for (const [accept, type, format] of [
      [CHROME_ACCEPT, 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/jpeg', 'jpeg'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const) {
      const response = await fetchImage(`${picture}?w=400`, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toContain('Accept');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe(format);
      expect(metadata.width).toBe(400);
    }
    // Odd widths get the nearest planned one.
    const odd = await fetchImage(`${picture}?w=350`);
    expect((await sharp(odd.rawPayload).metadata()).width).toBe(400);
  });

  it('serves every kind of seeded image, and the placeholder', async () => {
    const [category] = (await getJson(world.app, '/api/category')).body.data;
    const [banner] = (await getJson(world.app, '/api/banner')).body.data;
    const [blog] = (await getJson(world.app, '/api/blog')).body.data;
    const urls = [category.image, banner.imageUrl, blog.blogImgUrl.url, '/media/site/placeholder'];
    for (const url of urls) expect((await fetchImage(`${url}?w=200`)).statusCode, url).toBe(200);
    await world.app.media.idle();
    for (const url of urls) {
      const response = await fetchImage(`${url}?w=1900`);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/avif');
    }
    // Banners are stored at 1920, the desktop slider's width.
    const bannerAnswer = await fetchImage(`${banner.imageUrl}?w=1900`);
    expect((await sharp(bannerAnswer.rawPayload).metadata()).width).toBe(1920);
  });

  it('answers 404 for an unknown image and refuses path tricks', async () => {
    expect((await fetchImage('/media/products/no-such-image')).statusCode).toBe(404);
    for (const url of [
      '/media/products/..%2F..%2Fjwt-secret',
      '/media/../jwt-secret',
      '/media/secrets/x',
      '/media/products/x?w=0',
      '/media/products/x?w=123456',
    ]) {
      const response = await fetchImage(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body).not.toContain(world.config.jwtSecret);
    }
    expect((await fetchImage(`${pictures[0]}?w=abc`)).statusCode).toBe(400);
  });
});

describe('media: renditions are made when an image is stored', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shop-media-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const photo = () =>
    sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 140 } },
    })
      .png()
      .toBuffer();

  it('renders an uploaded photo before the upload is done, and refuses what is not a photo', async () => {
    const store = createLocalMediaStore(join(dir, 'upload'));
    const media = createMediaService({ store, renderConcurrency: 1 });
    try {
      await media.storeOriginal('products', 'new-photo', await photo());
      expect((await store.list('variants/products/new-photo/')).sort()).toEqual(
        plannedVariants('products')
          .map((variant) => `variants/products/new-photo/${variant}`)
          .sort(),
      );
      const answer = await media.answer('products', 'new-photo', 800, CHROME_ACCEPT);
      expect(answer).toMatchObject({ final: true, contentType: 'image/avif' });
      await expect(media.storeOriginal('products', 'new-photo', await photo())).rejects.toThrow(
        'An image with this name already exists',
      );
      await expect(
        media.storeOriginal(
          'products',
          'drawing',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        ),
      ).rejects.toThrow('Images must be PNG, JPEG or WebP files');
    } finally {
      await media.close();
    }
  });

  it('renders at start what stored images lack, once, and nothing when all is there', async () => {
    const store = createLocalMediaStore(join(dir, 'start'));
    await store.write('originals/banners/sale.png', await photo(), 'image/png');
    await store.write(
      'originals/site/mark.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#c48"/></svg>',
      ),
      'image/svg+xml',
    );
    const first = createMediaService({ store, renderConcurrency: 2 });
    expect(await first.renderMissing()).toBe(2);
    await first.idle();
    expect(first.stats().variantsRendered).toBe(
      plannedVariants('banners').length + plannedVariants('site').length,
    );
    await first.close();
    // A drawing is drawn at each width, larger than it was drawn.
    const widest = await store.read('variants/site/mark/1920.jpeg');
    expect((await sharp(widest!).metadata()).width).toBe(1920);
    // A photo is never enlarged.
    const banner = await store.read('variants/banners/sale/1920.avif');
    expect((await sharp(banner!).metadata()).width).toBe(1600);

    const second = createMediaService({ store, renderConcurrency: 1 });
    expect(await second.renderMissing()).toBe(0);
    await second.idle();
    expect(second.stats().variantsRendered).toBe(0);
    await second.close();
  });
});

describe('media: the render queue', () => {
  it('runs one job per image at a time, urgent ones first, each once however often asked', async () => {
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = createRenderQueue({
      concurrency: 1,
      run: async (key) => {
        ran.push(key);
        if (key === 'first') await gate;
      },
      onError: () => {},
    });
    void queue.add('first');
    for (const key of ['a', 'b', 'c', 'a', 'b']) void queue.add(key);
    void queue.add('c', { urgent: true });
    void queue.add('first', { urgent: true });
    expect(queue.waiting).toBe(3);
    expect(queue.running).toBe(1);
    release();
    await queue.idle();
    expect(ran).toEqual(['first', 'c', 'a', 'b']);
    await queue.close();
  });
});

describe('media: widths', () => {
  it('answers any width with the nearest planned one, halfway going up', () => {
    expect(nearestWidth(mediaWidths.products, 1900)).toBe(1200);
    expect(nearestWidth(mediaWidths.banners, 1900)).toBe(1920);
    expect(nearestWidth(mediaWidths.products, 300)).toBe(400);
    expect(nearestWidth(mediaWidths.products, 290)).toBe(200);
    expect(nearestWidth(mediaWidths.products, 1)).toBe(150);
    expect(nearestWidth(mediaWidths.products, undefined)).toBe(1200);
  });

  it('falls back to the nearest stored width, in the asked format or JPEG', () => {
    const stored = ['150.avif', '800.jpeg', '1200.avif'];
    expect(nearestStoredVariant(stored, 600, 'avif')).toEqual({ width: 800, format: 'jpeg' });
    expect(nearestStoredVariant(stored, 200, 'avif')).toEqual({ width: 150, format: 'avif' });
    expect(nearestStoredVariant(stored, 1000, 'jpeg')).toEqual({ width: 800, format: 'jpeg' });
    expect(nearestStoredVariant(['400.avif'], 400, 'jpeg')).toBeUndefined();
  });
});
