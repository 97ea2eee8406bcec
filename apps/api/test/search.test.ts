import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseSearchQuery } from '@shop/domain/search-terms';
import { queryRows } from '../src/db/client.ts';
import { createCatalogueIndex } from '../src/features/catalogue/catalogue-index.ts';
import { createCatalogueRepository } from '../src/features/catalogue/catalogue.repository.ts';
import { toProduct } from '../src/features/catalogue/catalogue.service.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(async () => {
  await world?.close();
});

async function search(q: string, extra = '') {
  const { status, body } = await getJson(
    world.app,
    `/api/product/search?q=${encodeURIComponent(q)}&limit=100${extra}`,
  );
  expect(status).toBe(200);
  return body.data.products as any[];
}

const names = (products: any[]) => products.map((product) => product.name);

/** In stock in `size` (any colour), comparing sizes ignoring case. */
const inStock = (product: any, size: string) =>
  product.colors.some((color: any) =>
    color.sizeStock.some(
      (entry: any) => entry.size.toLowerCase() === size.toLowerCase() && entry.stock > 0,
    ),
  );

describe('search ranking on the seeded catalogue', () => {
  it.each([
    ['nighty', 'Lace Trim Cotton Chemise'],
    ['nightie', 'Lace Trim Cotton Chemise'],
    ['nighties', 'Lace Trim Cotton Chemise'],
    ['night dress', 'Lace Trim Cotton Chemise'],
    ["women's cotton nighty", 'Lace Trim Cotton Chemise'],
    ['panty', 'Cotton Comfort Hipster (Pack of 3)'],
    ['panties', 'Cotton Comfort Hipster (Pack of 3)'],
    ['chaddi', 'Cotton Comfort Hipster (Pack of 3)'],
    ['sports bra 34B', 'High-Impact Racerback Sports Bra'],
    ['gym', 'High-Impact Racerback Sports Bra'],
    ['bra', 'Everyday Lace T-Shirt Bra'],
    ['push up bra', 'Plunge Push-Up Bra'],
    ['brallete', 'Scalloped Lace Bralette'],
    ['nightsuit', 'Brushed Flannel Pyjama Set'],
    ['pyjamas', 'Brushed Flannel Pyjama Set'],
    ['spaghetti top', 'Shelf Bra Modal Camisole'],
    ['tummy tucker', 'High-Waist Shaping Shorts'],
    ['lace', 'Everyday Lace T-Shirt Bra'],
    ['free size', 'Rose & Oud Body Mist'],
  ])("'%s' finds %s first", async (q, first) => {
    const products = await search(q);
    expect(products[0]?.name).toBe(first);
  });

  it("'nighty' and 'nightie' find nightdresses, not bras with 'date-night' or pyjama sets", async () => {
    for (const q of ['nighty', 'nightie']) {
      const products = await search(q);
      expect(names(products)).toEqual(['Lace Trim Cotton Chemise', 'Bias-Cut Satin Slip']);
    }
  });

  it("'panty' finds every panty and nothing else", async () => {
    const products = await search('panty');
    expect(products.length).toBe(18);
    for (const product of products) {
      expect(['Panties', 'Clearance']).toContain(product.categoryName);
      expect(product.subcategoryName).not.toMatch(/bras/i);
    }
  });

  it("'bra' ranks every bra above a camisole that only has a shelf bra", async () => {
    const products = await search('bra');
    const camisole = names(products).indexOf('Shelf Bra Modal Camisole');
    expect(camisole).toBeGreaterThan(0);
    const lastBra = products.findLastIndex((product) =>
      /bras$/i.test(product.subcategoryName ?? ''),
    );
    const bralettes = products.filter((product) => product.subcategoryName === 'Bralettes');
    expect(bralettes.length).toBe(4);
    expect(lastBra).toBeLessThan(camisole);
    expect(products.slice(0, camisole).every((product) => /bra/i.test(product.name))).toBe(true);
  });

  it("'sports bra 34B' finds only sports bras with 34B in stock", async () => {
    const products = await search('sports bra 34B');
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.name).toMatch(/sports bra/i);
      expect(inStock(product, '34B')).toBe(true);
    }
    expect(names(await search('Sports Bra 34b'))).toEqual(names(products));
  });
});

describe('size words in a query', () => {
  it.each(['34B', '36C', 'M', 'XL', 'free size', '40d'])(
    "'%s' keeps only products with that size in stock",
    async (size) => {
      const products = await search(size);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) expect(inStock(product, size)).toBe(true);
    },
  );

  it('a size word filters the text matches, and an unknown size finds nothing', async () => {
    const all = await search('bra');
    const in40d = await search('bra 40D');
    expect(in40d.length).toBeGreaterThan(0);
    expect(in40d.length).toBeLessThan(all.length);
    expect(in40d.every((product) => inStock(product, '40D'))).toBe(true);
    expect(await search('bra XXL')).toEqual([]);
  });

  it('works with the size filter and sort of the list', async () => {
    const products = await search('hipster xl', '&size=m&sort=price-asc');
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(inStock(product, 'XL') && inStock(product, 'M')).toBe(true);
    }
    const prices = products.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('search plans', () => {
  /** How each term of a query matches the catalogue, from a model loaded now. */
  async function planOf(q: string) {
    const repository = createCatalogueRepository();
    const index = createCatalogueIndex(world.database.db, repository, {
      toProduct,
      maxDocuments: 10,
    });
    return index.searchPlan(parseSearchQuery(q));
  }

  it('corrects only a term that is no catalogue word, to its nearest words', async () => {
    expect((await planOf('bralette')).map((term) => term.match)).toEqual(['words']);
    const [near] = await planOf('brallete');
    expect(near?.match).toBe('near');
    expect(near?.words).toContain('bralette');
    const [prefix] = await planOf('bral');
    expect(prefix?.match).toBe('prefix');
    expect(prefix?.words).toContain('bralette');
    const [nothing] = await planOf('zzqqxxnothing');
    expect(nothing).toEqual({ text: 'zzqqxxnothing', match: 'near', words: [] });
    expect(await search('zzqqxxnothing')).toEqual([]);
  });

  it('learns the words of a product added later', async () => {
    const db = world.database.db;
    const [product] = await queryRows<{ id: string }>(
      db,
      sql`select id from products where name = 'Lace Trim Cotton Chemise'`,
    );
    // The app's model has searched already; the change reaches it as a change of one product.
    expect(await search('kafftan')).toEqual([]);
    await db.execute(
      sql`update products set search_text = search_text || ' Kaftan' where id = ${product!.id}`,
    );
    world.app.readCache.invalidate(['lists', `product:${product!.id}`]);
    try {
      expect((await planOf('kaftan')).map((term) => term.match)).toEqual(['words']);
      expect((await planOf('kafftan'))[0]?.words).toContain('kaftan');
      expect(names(await search('kaftan'))).toEqual(['Lace Trim Cotton Chemise']);
      expect(names(await search('kafftan'))).toEqual(['Lace Trim Cotton Chemise']);
    } finally {
      await db.execute(
        sql`update products set search_text = replace(search_text, ' Kaftan', '') where id = ${product!.id}`,
      );
      world.app.readCache.invalidate(['lists', `product:${product!.id}`]);
    }
    expect(await search('kaftan')).toEqual([]);
  });
});
