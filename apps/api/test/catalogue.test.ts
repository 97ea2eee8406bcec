import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(async () => {
  await world?.close();
});

const get = (url: string, headers?: Record<string, string>) => getJson(world.app, url, headers);

async function allProducts(query = '') {
  const { body } = await get(`/api/product/products?limit=100${query}`);
  return body.data.products as any[];
}

describe('health', () => {
  it('answers ok with the database kind', async () => {
    const { status, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
        payments: 'simulator',
      },
      message: expect.any(String),
    });
  });
});

describe('categories', () => {
  it('lists the six categories in shop order', async () => {
    const { status, body } = await get('/api/category');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((category: any) => category.name)).toEqual([
      'Bras',
      'Panties',
      'Sleep & Lingerie',
      'Apparel',
      'Beauty',
      'Clearance',
    ]);
    expect(body.data[0]).toMatchObject({
      _id: expect.any(String),
      slug: 'bras',
      image: expect.stringMatching(/^\/media\/categories\//),
    });
  });

  it('pages categories with data, totalPages, currentPage and total', async () => {
    const { body } = await get('/api/category?page=2&limit=5');
    expect(body).toMatchObject({ success: true, totalPages: 2, currentPage: 2, total: 6 });
    expect(body.data).toHaveLength(1);
  });

  it('searches categories, and answers one by id', async () => {
    const search = await get('/api/category/search?q=sleep');
    expect(search.body.data.map((category: any) => category.name)).toContain('Sleep & Lingerie');
    const id = search.body.data[0]._id;
    const one = await get(`/api/category/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data._id).toBe(id);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await get('/api/category/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Category not found' });
    const malformed = await get('/api/category/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, message: 'Invalid category id' });
  });
});

describe('subcategories', () => {
  it('lists at least 18 subcategories, each with its category object', async () => {
    const { body } = await get('/api/sub-category');
    expect(body.data.length).toBeGreaterThanOrEqual(18);
    for (const subcategory of body.data) {
      expect(subcategory).toMatchObject({
        _id: expect.any(String),
        name: expect.any(String),
        isActive: true,
        category: { _id: expect.any(String), name: expect.any(String), slug: expect.any(String) },
      });
    }
  });

  it('filters by q, pages, and answers by category under both spellings', async () => {
    const search = await get('/api/sub-category?q=bikini');
    expect(search.body.data.map((subcategory: any) => subcategory.name)).toContain('Bikinis');

    const all = (await get('/api/sub-category')).body.data;
    const page = await get('/api/sub-category/paginated?page=2&limit=5');
    expect(page.body).toMatchObject({
      currentPage: 2,
      total: all.length,
      totalPages: Math.ceil(all.length / 5),
    });
    expect(page.body.data.map((s: any) => s._id)).toEqual(all.slice(5, 10).map((s: any) => s._id));

    const bras = (await get('/api/category')).body.data[0];
    for (const url of [
      `/api/sub-category/category/${bras._id}`,
      `/api/subcategory/category/${bras._id}`,
    ]) {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((subcategory: any) => subcategory.category._id === bras._id)).toBe(
        true,
      );
    }

    const first = all[0];
    for (const url of [`/api/sub-category/${first._id}`, `/api/subcategory/${first._id}`]) {
      const { body } = await get(url);
      expect(body.data).toMatchObject({ _id: first._id, name: first.name });
    }
    expect((await get('/api/subcategory/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('product lists', () => {
  it('answers page 1 of 12 by default with total and pages', async () => {
    const { status, body } = await get('/api/product/products');
    expect(status).toBe(200);
    const { products, total, page, pages } = body.data;
    expect(products).toHaveLength(12);
    expect(total).toBeGreaterThanOrEqual(60);
    expect(page).toBe(1);
    expect(pages).toBe(Math.ceil(total / 12));
  });

  it('gives every product the fields the storefront reads', async () => {
    const { body } = await get('/api/product/products?limit=1');
    const [product] = body.data.products;
    expect(product).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      subheading: expect.any(String),
      description: expect.any(String),
      price: expect.any(Number),
      rating: expect.any(Number),
      ratings: expect.any(Array),
      images: expect.arrayContaining([expect.stringMatching(/^\/media\/products\//)]),
      tags: expect.any(Array),
      brand: expect.any(String),
      category: expect.any(String),
      subcategory: expect.any(String),
      categoryName: 'Bras',
      subcategoryName: expect.any(String),
      isActive: true,
      createdAt: expect.any(String),
    });
    expect(product.colors.length).toBeGreaterThanOrEqual(1);
    expect(product.colors[0]).toMatchObject({
      _id: expect.any(String),
      colorName: expect.any(String),
      colorHex: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      images: expect.any(Array),
      sizeStock: expect.arrayContaining([{ size: expect.any(String), stock: expect.any(Number) }]),
    });
    const orders = product.specifications.map((spec: any) => spec.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('pages without overlap and clamps limit at 100', async () => {
    const first = (await get('/api/product/products?page=1&limit=5')).body.data.products;
    const second = (await get('/api/product/products?page=2&limit=5')).body.data.products;
    const ids = new Set([...first, ...second].map((product: any) => product._id));
    expect(ids.size).toBe(10);
    const clamped = await get('/api/product/products?limit=1000');
    expect(clamped.status).toBe(200);
    expect(clamped.body.data.products.length).toBeLessThanOrEqual(100);
    expect(clamped.body.data.pages).toBe(Math.ceil(clamped.body.data.total / 100));
  });

  it.each([
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['limit=-5', 'limit'],
    ['limit=ten', 'limit'],
    ['sort=cheapest', 'sort'],
    ['price=1-2', 'price'],
  ])('refuses %s with a 400 naming %s', async (query, parameter) => {
    const { status, body } = await get(`/api/product/products?${query}`);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toContain(parameter);
  });

  it('filters by price band in the database, so totals and pages stay right', async () => {
    const everything = await allProducts();
    for (const [band, low, high] of [
      ['0-500', 0, 500],
      ['500-1000', 500, 1000],
      ['1000-2000', 1000, 2000],
      ['2000-5000', 2000, 5000],
      ['5000%2B', 5000, Infinity],
    ] as const) {
      const { body } = await get(`/api/product/products?price=${band}&limit=5`);
      const expected = everything.filter(
        (product) =>
          (low === 0 ? product.price >= 0 : product.price > low) && product.price <= high,
      );
      expect(body.data.total).toBe(expected.length);
      expect(body.data.pages).toBe(Math.ceil(expected.length / 5));
      for (const product of body.data.products) {
        expect(product.price).toBeGreaterThanOrEqual(low);
        expect(product.price).toBeLessThanOrEqual(high);
      }
    }
  });

  it('filters by size exactly, ignoring case, and only where that size is in stock', async () => {
    const everything = await allProducts();
    const hasSize = (product: any, size: string) =>
      product.colors.some((color: any) =>
        color.sizeStock.some((entry: any) => entry.size.toLowerCase() === size && entry.stock > 0),
      );
    for (const size of ['34c', 'M', 'xl']) {
      const { body } = await get(`/api/product/products?size=${size}&limit=100`);
      const expected = everything.filter((product) => hasSize(product, size.toLowerCase()));
      expect(body.data.total).toBe(expected.length);
      expect(body.data.total).toBeGreaterThan(0);
      expect(body.data.products.every((product: any) => hasSize(product, size.toLowerCase()))).toBe(
        true,
      );
    }
    // '4' is a substring of '34C' but not a size: exact match only.
    expect((await get('/api/product/products?size=4')).body.data.total).toBe(0);
  });

  it('filters by colour and tag substring, ignoring case', async () => {
    const everything = await allProducts();
    const { body } = await get('/api/product/products?color=PINK&limit=100');
    const expected = everything.filter((product) =>
      product.colors.some((color: any) => color.colorName.toLowerCase().includes('pink')),
    );
    expect(body.data.total).toBe(expected.length);
    expect(body.data.total).toBeGreaterThan(0);

    const tagged = await get('/api/product/products?tag=LAC&limit=100');
    const expectedTagged = everything.filter((product) =>
      product.tags.some((tag: string) => tag.toLowerCase().includes('lac')),
    );
    expect(tagged.body.data.total).toBe(expectedTagged.length);
    expect(tagged.body.data.total).toBeGreaterThan(0);
  });

  it('treats % and _ in filters as plain characters', async () => {
    for (const query of ['color=%25', 'color=_', 'tag=%25%25', 'tag=%5C']) {
      const { status, body } = await get(`/api/product/products?${query}`);
      expect(status).toBe(200);
      expect(body.data.total).toBe(0);
    }
  });

  it('sorts by price both ways and by newest', async () => {
    const ascending = (await get('/api/product/products?sort=price-asc&limit=100')).body.data
      .products;
    const prices = ascending.map((product: any) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = (await get('/api/product/products?sort=price-desc&limit=100')).body.data
      .products;
    expect(descending.map((product: any) => product.price)).toEqual(
      [...prices].sort((a, b) => b - a),
    );
    const newest = (await get('/api/product/products?sort=newest&limit=100')).body.data.products;
    const times = newest.map((product: any) => Date.parse(product.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('gives facets for the scope whose counts match the filters', async () => {
    const { body } = await get('/api/product/products?limit=1');
    const { facets } = body.data;
    expect(facets.sizes.length).toBeGreaterThan(5);
    expect(facets.colors.length).toBeGreaterThan(5);
    expect(facets.tags.length).toBeGreaterThan(3);
    expect(facets.priceBands.length).toBeGreaterThan(2);
    for (const [key, param] of [
      ['sizes', 'size'],
      ['colors', 'color'],
      ['tags', 'tag'],
      ['priceBands', 'price'],
    ] as const) {
      const facet = facets[key][0];
      const filtered = await get(
        `/api/product/products?${param}=${encodeURIComponent(facet.value)}`,
      );
      if (key === 'sizes' || key === 'priceBands')
        expect(filtered.body.data.total).toBe(facet.count);
      else expect(filtered.body.data.total).toBeGreaterThanOrEqual(facet.count);
    }
  });
});

describe('products by category and subcategory', () => {
  it('lists only the category and gives that category facets', async () => {
    const category = (await get('/api/category')).body.data[1];
    const { status, body } = await get(`/api/product/category/${category._id}?limit=100`);
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.products.every((product: any) => product.category === category._id)).toBe(
      true,
    );
    const sizeCount = body.data.facets.sizes.reduce(
      (max: number, s: any) => Math.max(max, s.count),
      0,
    );
    expect(sizeCount).toBeLessThanOrEqual(body.data.total);
    expect((await get('/api/product/category/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });

  it('lists a subcategory, active products only (isActive=false too)', async () => {
    const subcategory = (await get('/api/sub-category')).body.data[0];
    const { body } = await get(`/api/product/subcategory/${subcategory._id}?page=1&limit=10`);
    expect(body.data.total).toBeGreaterThanOrEqual(2);
    const [hidden] = body.data.products;
    await world.database.db.execute(
      sql`update products set is_active = false where id = ${hidden._id}`,
    );
    world.app.readCache.clear();

    const active = await get(`/api/product/subcategory/${subcategory._id}?isActive=true&limit=100`);
    expect(active.body.data.products.map((p: any) => p._id)).not.toContain(hidden._id);
    // Deactivated products are never shown to the public, whatever isActive asks for.
    const inactive = await get(
      `/api/product/subcategory/${subcategory._id}?isActive=false&limit=100`,
    );
    expect(inactive.status).toBe(200);
    expect(inactive.body.data.products.map((p: any) => p._id)).not.toContain(hidden._id);
    expect(inactive.body.data.products.every((p: any) => p.isActive)).toBe(true);
    expect((await get(`/api/product/${hidden._id}`)).status).toBe(404);

    await world.database.db.execute(
      sql`update products set is_active = true where id = ${hidden._id}`,
    );
    world.app.readCache.clear();
    expect((await get(`/api/product/subcategory/${subcategory._id}?isActive=maybe`)).status).toBe(
      400,
    );
  });
});

describe('one product', () => {
  it('answers a product by id, 404 when unknown, 400 when malformed', async () => {
    const [first] = (await get('/api/product/products?limit=1')).body.data.products;
    const { status, body } = await get(`/api/product/${first._id}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(first);
    const unknown = await get('/api/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Product not found' });
    const malformed = await get("/api/product/1' or '1'='1");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Invalid product id');
  });

  it('answers the sizes of one colour, ignoring case', async () => {
    const [first] = (await get('/api/product/products?limit=1')).body.data.products;
    const color = first.colors[1] ?? first.colors[0];
    const url = `/api/product/${first._id}/colors/${encodeURIComponent(color.colorName.toUpperCase())}/sizes`;
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      colorName: color.colorName,
      colorHex: color.colorHex,
      sizes: color.sizeStock,
    });
    const missing = await get(`/api/product/${first._id}/colors/Chartreuse/sizes`);
    expect(missing.status).toBe(404);
  });
});

describe('search', () => {
  it('is typo tolerant: brallete finds bralettes first', async () => {
    const { status, body } = await get('/api/product/search?q=brallete&page=1&limit=5');
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.products[0].name.toLowerCase()).toContain('bralette');
  });

  it('matches category, subcategory and tags, ranked', async () => {
    const byCategory = await get('/api/product/search?q=sleep&limit=100');
    expect(
      byCategory.body.data.products.some((p: any) => p.categoryName === 'Sleep & Lingerie'),
    ).toBe(true);
    const byWord = await get('/api/product/search?q=nightsuit');
    expect(byWord.body.data.products[0].subcategoryName).toBe('Nightsuits');
  });

  it('takes filters and sort too', async () => {
    const { body } = await get('/api/product/search?q=bra&sort=price-asc&limit=100');
    const prices = body.data.products.map((product: any) => product.price);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it.each([
    "'",
    '"unterminated',
    '%',
    '_',
    '\\',
    "'; drop table products; --",
    'a'.repeat(5000),
    '👙🩲 lace',
    '!!! & | :*',
    '<script>alert(1)</script>',
  ])('never fails on the hostile query %#', async (q) => {
    const product = await get(`/api/product/search?q=${encodeURIComponent(q)}`);
    expect(product.status).toBe(200);
    expect(product.body.success).toBe(true);
    const category = await get(`/api/category/search?q=${encodeURIComponent(q)}`);
    expect(category.status).toBe(200);
    const subcategory = await get(`/api/sub-category?q=${encodeURIComponent(q)}`);
    expect(subcategory.status).toBe(200);
  });

  it('still has every product afterwards', async () => {
    const { body } = await get('/api/product/products');
    expect(body.data.total).toBeGreaterThanOrEqual(60);
  });
});

describe('price band spelling', () => {
  it("reads an unencoded '5000+' (a space in a query string) as the top band", async () => {
    const encoded = await get('/api/product/products?price=5000%2B');
    const raw = await get('/api/product/products?price=5000+');
    expect(raw.status).toBe(200);
    expect(raw.body.data.total).toBe(encoded.body.data.total);
  });
});

describe('featured products', () => {
  it('answers in one call what the per-subcategory calls would: one product per group, in shop order', async () => {
    const { status, body } = await get('/api/product/featured');
    expect(status).toBe(200);
    expect(body.message).toBe('Featured products fetched successfully');

    const expected: { _id: string; label: string }[] = [];
    for (const category of (await get('/api/category')).body.data) {
      const subcategories = (await get(`/api/sub-category/category/${category._id}`)).body.data;
      if (subcategories.length === 0) {
        const [first] = (await get(`/api/product/category/${category._id}?page=1&limit=1`)).body
          .data.products;
        if (first) expected.push({ _id: first._id, label: category.name });
      }
      for (const subcategory of subcategories) {
        const [first] = (
          await get(`/api/product/subcategory/${subcategory._id}?page=1&limit=1&isActive=true`)
        ).body.data.products;
        if (first) expected.push({ _id: first._id, label: subcategory.name });
      }
    }
    expect(expected.length).toBeGreaterThanOrEqual(18);
    expect(body.data.map(({ _id, label }: any) => ({ _id, label }))).toEqual(expected);
    const [card] = body.data;
    const product = (await get(`/api/product/${card._id}`)).body.data;
    expect(card).toEqual({
      _id: product._id,
      name: product.name,
      image: product.images[0],
      price: product.price,
      originalPrice: product.originalPrice,
      label: card.label,
      offer: product.offer,
    });
  });
});
