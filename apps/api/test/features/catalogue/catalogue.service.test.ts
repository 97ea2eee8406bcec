import { describe, expect, it } from 'vitest';
import { createReadCache } from '../../../src/http/read-cache.ts';
import type { Database } from '../../../src/db/client.ts';
import type {
  CatalogueRepository,
  IndexRow,
  ProductRow,
} from '../../../src/features/catalogue/catalogue.repository.ts';
import type { Serialized } from '../../../src/http/envelope.ts';
import { createCatalogueService } from '../../../src/features/catalogue/catalogue.service.ts';

const CATEGORY = '00000000-0000-4000-8000-00000000000c';
const row = (id: string, overrides: Partial<IndexRow> = {}): IndexRow => ({
  id,
  category_id: CATEGORY,
  subcategory_id: null,
  price_paise: 100_000,
  position: 0,
  created_at: '2026-01-01T00:00:00Z',
  size_chart_id: null,
  colors: [{ name: 'Black', hex: '#000000', sizes: [{ size: '34C', stock: 2 }] }],
  tags: ['lace'],
  name: `Product ${id}`,
  search_text: '',
  category_name: 'Bras',
  subcategory_name: null,
  ...overrides,
});

/** Stands in for the database handle: the fake repository below never queries. */
const db = {} as Database;

/** A repository over a few products, counting what the service asks of it. */
function fakeRepository(rows: IndexRow[]) {
  const calls = { indexLoads: [] as (string[] | 'all')[], documents: 0 };
  const repository = {
    findIndexRows: async (_tx: unknown, ids?: string[]) => {
      calls.indexLoads.push(ids ?? 'all');
      return ids ? rows.filter((candidate) => ids.includes(candidate.id)) : rows;
    },
    findProductsByIds: async (_tx: unknown, ids: string[]) => {
      calls.documents += 1;
      return ids.map(
        (id) =>
          ({
            id,
            name: `Product ${id}`,
            slug: id,
            subheading: '',
            description: '',
            brand: 'Lacebloom',
            price_paise: rows.find((candidate) => candidate.id === id)!.price_paise,
            original_price_paise: null,
            ratings: [],
            category_id: CATEGORY,
            subcategory_id: null,
            category_name: 'Bras',
            category_slug: 'bras',
            subcategory_name: null,
            subcategory_slug: null,
            size_chart_id: null,
            size_chart_image: null,
            is_active: true,
            created_at: '2026-01-01T00:00:00Z',
            country_of_origin: 'India',
            manufacturer: '',
            generic_name: '',
            net_quantity: '1 N',
            colors: [],
            tags: [],
            specifications: [],
          }) satisfies ProductRow,
      );
    },
    listCategories: async () => [{ id: CATEGORY }],
    // Every subcategory a row names is active.
    listSubcategories: async () =>
      [...new Set(rows.flatMap((candidate) => candidate.subcategory_id ?? []))].map((id) => ({
        subcategory: { id },
      })),
  } as unknown as CatalogueRepository;
  return { repository, calls };
}

/**
 * The service's answers as values, checking on the way that each answer's JSON text (what the
 * routes send) says exactly the same.
 */
function answers(service: ReturnType<typeof createCatalogueService>) {
  const same = <T>(answer: Serialized<T>): T => {
    expect(JSON.parse(answer.json)).toEqual(answer.value);
    return answer.value;
  };
  return {
    listAllProducts: async (list: Parameters<typeof service.listAllProducts>[0]) =>
      same(await service.listAllProducts(list)),
    searchProducts: async (q: string, list: Parameters<typeof service.searchProducts>[1]) =>
      same(await service.searchProducts(q, list)),
    listProductsBySubcategory: async (
      id: string,
      list: Parameters<typeof service.listProductsBySubcategory>[1],
    ) => same(await service.listProductsBySubcategory(id, list)),
    getProduct: async (id: string) => same(await service.getProduct(id)),
  };
}

const input = { page: 1, limit: 12, sort: 'recommended' as const, filters: {} };

describe('catalogue service: browsing from the in-memory index', () => {
  const rows = [
    // 'lace' in c's name outranks it in a's description.
    row('a', {
      price_paise: 90_000,
      position: 3,
      tags: ['Lace', 'Padded'],
      name: 'Plunge',
      search_text: 'Plunge Bras Lace Padded',
    }),
    row('b', {
      price_paise: 40_000,
      position: 1,
      colors: [{ name: 'Blush Pink', hex: '#F4C2C2', sizes: [{ size: '34C', stock: 0 }] }],
    }),
    row('c', {
      price_paise: 250_000,
      position: 2,
      name: 'Lace Bra',
      search_text: 'Lace Bra Bras cotton',
      colors: [
        { name: 'Black', hex: '#000000', sizes: [{ size: 'M', stock: 1 }] },
        { name: 'Wine', hex: '#722F37', sizes: [{ size: '34c', stock: 5 }] },
      ],
      tags: ['cotton'],
    }),
  ];

  it('filters, sorts, pages and counts as the list queries do', async () => {
    const { repository } = fakeRepository(rows);
    const service = answers(createCatalogueService(db, repository));
    const ids = async (overrides: object) =>
      (await service.listAllProducts({ ...input, ...overrides })).products.map(
        (product) => product._id,
      );
    expect(await ids({})).toEqual(['b', 'c', 'a']);
    expect(await ids({ sort: 'price-desc' })).toEqual(['c', 'a', 'b']);
    // A size filter counts only sizes in stock, in any case.
    expect(await ids({ filters: { size: '34C' } })).toEqual(['c', 'a']);
    expect(await ids({ filters: { color: 'pink' } })).toEqual(['b']);
    expect(await ids({ filters: { tag: 'PAD' } })).toEqual(['a']);
    expect(await ids({ filters: { price: '500-1000' } })).toEqual(['a']);
    const second = await service.listAllProducts({ ...input, limit: 2, page: 2 });
    expect(second.products.map((product) => product._id)).toEqual(['a']);
    expect(second).toMatchObject({ total: 3, pages: 2, page: 2 });

    const { facets } = await service.listAllProducts(input);
    expect(facets.sizes).toEqual([
      { value: 'M', count: 1 },
      { value: '34C', count: 2 },
    ]);
    expect(facets.colors.map(({ value, count }) => [value, count])).toEqual([
      ['Black', 2],
      ['Blush Pink', 1],
      ['Wine', 1],
    ]);
    expect(facets.priceBands).toEqual([
      { value: '0-500', count: 1 },
      { value: '500-1000', count: 1 },
      { value: '2000-5000', count: 1 },
    ]);
  });

  it('loads the index once, then reloads only what a change names', async () => {
    const { repository, calls } = fakeRepository(rows);
    const cache = createReadCache({ ttlMs: 10_000, maxBytes: 1024 * 1024 });
    const service = answers(createCatalogueService(db, repository, cache));
    await Promise.all([
      service.listAllProducts(input),
      service.listAllProducts({ ...input, sort: 'newest' }),
      service.getProduct('a'),
    ]);
    await service.listAllProducts({ ...input, filters: { size: 'm' } });
    expect(calls.indexLoads).toEqual(['all']);
    const documents = calls.documents;
    await service.getProduct('a');
    expect(calls.documents).toBe(documents); // the document is kept

    rows[0]!.colors = [{ name: 'Black', hex: '#000000', sizes: [{ size: '34C', stock: 0 }] }];
    cache.invalidate(['lists', 'product:a']);
    const afterSale = await service.listAllProducts({ ...input, filters: { size: '34c' } });
    expect(afterSale.products.map((product) => product._id)).toEqual(['c']);
    expect(calls.indexLoads).toEqual(['all', ['a']]);
    await service.getProduct('a');
    expect(calls.documents).toBe(documents + 1);

    cache.clear();
    await service.listAllProducts(input);
    expect(calls.indexLoads).toEqual(['all', ['a'], 'all']);
  });

  it('finds, ranks, pages, sorts, filters and counts search matches in memory', async () => {
    const { repository, calls } = fakeRepository(rows);
    const service = answers(createCatalogueService(db, repository));
    const found = await service.searchProducts('lace', input);
    expect(found.products.map((product) => product._id)).toEqual(['c', 'a']);
    expect(found.total).toBe(2);
    expect(found.facets.colors.map(({ value, count }) => [value, count])).toEqual([
      ['Black', 2],
      ['Wine', 1],
    ]);
    const cheapest = await service.searchProducts('lace', { ...input, sort: 'price-asc' });
    expect(cheapest.products.map((product) => product._id)).toEqual(['a', 'c']);
    const wine = await service.searchProducts('lace', { ...input, filters: { color: 'wine' } });
    expect(wine.products.map((product) => product._id)).toEqual(['c']);
    // Only the index and the page's documents were read: no query searched.
    expect(calls.indexLoads).toEqual(['all']);
  });

  it('agrees with a plain filter and sort over hundreds of products, in every scope', async () => {
    // Deterministic pseudo-random catalogue: several 32-product words of the filter bit sets.
    let state = 7;
    const random = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const SUBCATEGORIES = ['s1', 's2', 's3'];
    const many = Array.from({ length: 333 }, (_unused, at) =>
      row(`p${String(at).padStart(3, '0')}`, {
        subcategory_id: random() < 0.8 ? pick(SUBCATEGORIES) : null,
        price_paise: Math.round(random() * 800_000),
        position: Math.floor(random() * 20),
        created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 300))).toISOString(),
        colors: [
          {
            name: pick(['Black', 'Blush Pink', 'Wine', 'Navy']),
            hex: '#000000',
            sizes: ['32B', '34B', 'M', 'XL'].map((size) => ({
              size: random() < 0.5 ? size : size.toLowerCase(),
              stock: random() < 0.4 ? 0 : 3,
            })),
          },
        ],
        tags: random() < 0.5 ? ['Lace'] : ['Cotton', 'Padded'],
      }),
    );
    const { repository } = fakeRepository(many);
    const service = answers(createCatalogueService(db, repository));
    const sorts = {
      recommended: (a: IndexRow, b: IndexRow) =>
        a.position - b.position ||
        Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)) ||
        (a.id < b.id ? -1 : 1),
      'price-asc': (a: IndexRow, b: IndexRow) =>
        a.price_paise - b.price_paise || a.position - b.position || (a.id < b.id ? -1 : 1),
      'price-desc': (a: IndexRow, b: IndexRow) =>
        b.price_paise - a.price_paise || a.position - b.position || (a.id < b.id ? -1 : 1),
      newest: (a: IndexRow, b: IndexRow) =>
        Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)) ||
        (a.id < b.id ? -1 : 1),
    } as const;
    const bands = { '500-1000': [50_000, 100_000], '2000-5000': [200_000, 500_000] } as const;
    for (let trial = 0; trial < 60; trial += 1) {
      const sort = pick(Object.keys(sorts) as (keyof typeof sorts)[]);
      const filters = {
        ...(random() < 0.5 ? { price: pick(Object.keys(bands) as (keyof typeof bands)[]) } : {}),
        ...(random() < 0.5 ? { size: pick(['34b', 'M', 'xl', '40D']) } : {}),
        ...(random() < 0.4 ? { color: pick(['pink', 'NAVY', 'i']) } : {}),
        ...(random() < 0.4 ? { tag: pick(['lace', 'PAD', 'zz']) } : {}),
      };
      const subcategory = random() < 0.5 ? pick(SUBCATEGORIES) : undefined;
      const page = 1 + Math.floor(random() * 4);
      const expected = many
        .filter((product) => !subcategory || product.subcategory_id === subcategory)
        .filter((product) => {
          const [above, atMost] = filters.price ? bands[filters.price] : [-1, Infinity];
          const sizes = product.colors.flatMap((color) =>
            color.sizes.filter((entry) => entry.stock > 0).map((entry) => entry.size),
          );
          return (
            product.price_paise > above &&
            product.price_paise <= atMost &&
            (!filters.size ||
              sizes.some((size) => size.toLowerCase() === filters.size!.toLowerCase())) &&
            (!filters.color ||
              product.colors.some((color) =>
                color.name.toLowerCase().includes(filters.color!.toLowerCase()),
              )) &&
            (!filters.tag ||
              product.tags.some((tag) => tag.toLowerCase().includes(filters.tag!.toLowerCase())))
          );
        })
        .sort(sorts[sort]);
      const list = { page, limit: 10, sort, filters };
      const answer = subcategory
        ? await service.listProductsBySubcategory(subcategory, list)
        : await service.listAllProducts(list);
      expect({
        trial,
        ids: answer.products.map((product) => product._id),
        total: answer.total,
      }).toEqual({
        trial,
        ids: expected.slice((page - 1) * 10, page * 10).map((product) => product.id),
        total: expected.length,
      });
    }
  });
});
