// The seeded catalogue gives some colours 5 to 8 pictures, so the product gallery's '+N' tile
// shows; every one of them is a picture of its own, served by the media route.
import { createHash } from 'node:crypto';
import type { Product } from '@shop/contracts/catalogue';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawProductImage } from '../src/db/seed/image-drawings.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let products: Product[];
beforeAll(async () => {
  world = await createTestWorld();
  products = (await getJson(world.app, '/api/product/products?limit=100')).body.data.products;
});
afterAll(async () => {
  await world?.close();
});

const colours = () => products.flatMap((product) => product.colors);

describe('seeded product pictures', () => {
  it('gives some colours 5 to 8 pictures, none more, each picture once', () => {
    const counts = colours().map((colour) => colour.images.length);
    const many = counts.filter((count) => count > 4);
    expect(many.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...counts)).toBe(8);
    expect(Math.min(...many)).toBe(5);
    for (const colour of colours()) {
      expect(new Set(colour.images).size).toBe(colour.images.length);
    }
    // The first product opens the catalogue: its first colour shows the '+N' tile.
    expect(products[0]!.colors[0]!.images.length).toBeGreaterThan(4);
  });

  it('serves the fifth to eighth pictures as real images, each different from the first four', async () => {
    const colour = colours().find((entry) => entry.images.length === 8)!;
    const digests = new Set<string>();
    for (const url of colour.images) {
      // Not rendered yet (the test world's queue only renders what is asked for): the drawing.
      const response = await world.app.inject({
        method: 'GET',
        url: `${url}?w=150`,
        headers: { accept: 'image/avif' },
      });
      expect(response.statusCode, url).toBe(200);
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe('svg');
      digests.add(createHash('sha256').update(response.rawPayload).digest('hex'));
    }
    expect(digests.size).toBe(8);
  });

  it('draws views 5 to 8 as a second sitting of views 1 to 4', () => {
    for (let view = 0; view < 4; view += 1) {
      const first = drawProductImage('bra', '#F4C2C2', view);
      const second = drawProductImage('bra', '#F4C2C2', view + 4);
      expect(second).not.toBe(first);
      expect(second).toContain('scale(1.14)');
      // Deterministic: the same view is the same picture every time.
      expect(drawProductImage('bra', '#F4C2C2', view + 4)).toBe(second);
    }
  });
});
