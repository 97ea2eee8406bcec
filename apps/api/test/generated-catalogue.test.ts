import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { generateCatalogue } from '../src/db/seed/generated-catalogue.ts';
import { sql } from 'drizzle-orm';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

describe('the large-catalogue loader', () => {
  let world: TestWorld;
  let seedCount: number;

  beforeAll(async () => {
    world = await createTestWorld();
    const [row] = await queryRows<{ count: number }>(
      world.database.db,
      sql`select count(*)::int as count from products`,
    );
    seedCount = row!.count;
  });
  afterAll(() => world.close());

  it('grows the catalogue to the number asked, and a second run adds nothing', async () => {
    expect(await generateCatalogue(world.database.db, { total: seedCount + 250 })).toBe(250);
    expect(await generateCatalogue(world.database.db, { total: seedCount + 250 })).toBe(0);
    expect(await generateCatalogue(world.database.db, { total: seedCount + 300 })).toBe(50);
    const [row] = await queryRows<{ count: number; slugs: number }>(
      world.database.db,
      sql`select count(*)::int as count, count(distinct slug)::int as slugs from products`,
    );
    expect(row).toEqual({ count: seedCount + 300, slugs: seedCount + 300 });
  });

  it('makes whole products: colours with shared images, sizes with stock, tags and categories', async () => {
    const [row] = await queryRows<{
      without_colors: number;
      without_stock: number;
      distinct_images: number;
      generated_images: number;
      in_stock: number;
      categories: number;
    }>(
      world.database.db,
      sql`select
            (select count(*)::int from products p where not exists
              (select 1 from product_colors c where c.product_id = p.id)) as without_colors,
            (select count(*)::int from product_colors c where not exists
              (select 1 from product_size_stock s where s.color_id = c.id)) as without_stock,
            (select count(distinct i.url)::int from product_color_images i) as distinct_images,
            (select count(*)::int from product_color_images i
              join product_colors c on c.id = i.color_id
              join products p on p.id = c.product_id where p.position > ${seedCount}) as generated_images,
            (select count(distinct c.product_id)::int from product_size_stock s
              join product_colors c on c.id = s.color_id where s.stock > 0) as in_stock,
            (select count(distinct category_id)::int from products) as categories`,
    );
    expect(row!.without_colors).toBe(0);
    expect(row!.without_stock).toBe(0);
    // Generated products reuse the seed's images: no new image URL per product.
    expect(row!.generated_images).toBeGreaterThan(300);
    expect(row!.distinct_images).toBeLessThan(row!.generated_images);
    expect(row!.in_stock).toBeGreaterThan(seedCount + 200);
    expect(row!.categories).toBe(6);
  });

  it('serves generated products through the catalogue API, findable by search', async () => {
    world.app.readCache.clear();
    const list = await getJson(world.app, '/api/product/products?limit=5');
    expect(list.body.data.total).toBeGreaterThan(seedCount + 250);
    const found = await getJson(world.app, '/api/product/search?q=Bloom');
    expect(found.body.data.products.length).toBeGreaterThan(0);
    const bloom = (found.body.data.products as { _id: string; name: string }[]).find((product) =>
      product.name.startsWith('Bloom '),
    );
    expect(bloom).toBeDefined();
    const product = await getJson(world.app, `/api/product/${bloom!._id}`);
    expect(product.status).toBe(200);
    expect(product.body.data.colors[0].images[0]).toMatch(/^\/media\/products\//);
  });
});
