import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '@shop/domain/search-terms';
import { createReadCache } from '../../http/read-cache.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';
import { createCatalogueService } from './catalogue.service.ts';

/** A repository that answers empty pages and one facet row, counting facet queries. */
function countingRepository() {
  let facetQueries = 0;
  const repository = {
    planSearch: async (q: string) => ({ ...parseSearchQuery(q), mode: 'words' as const }),
    findProductPage: async () => ({ products: [], total: 0 }),
    findFacets: async () => {
      facetQueries += 1;
      return [{ facet: 'size' as const, value: '34C', color_hex: null, count: 3 }];
    },
  } as unknown as CatalogueRepository;
  return { repository, facetQueries: () => facetQueries };
}

const input = { page: 1, limit: 12, sort: 'recommended' as const, filters: {} };

describe('catalogue service facets', () => {
  it('computes facets once per scope while the read cache holds them', async () => {
    const { repository, facetQueries } = countingRepository();
    const cache = createReadCache({ ttlMs: 10_000, maxEntries: 10 });
    const service = createCatalogueService(repository, cache);
    const first = await service.listAllProducts(input);
    await service.listAllProducts({ ...input, page: 2, filters: { size: '34c' } });
    expect(facetQueries()).toBe(1);
    expect(first.facets.sizes).toEqual([{ value: '34C', count: 3 }]);
    await service.searchProducts('lace', input);
    expect(facetQueries()).toBe(2);
    cache.clear();
    await service.listAllProducts(input);
    expect(facetQueries()).toBe(3);
  });

  it('asks the database every time without a cache', async () => {
    const { repository, facetQueries } = countingRepository();
    const service = createCatalogueService(repository);
    await service.listAllProducts(input);
    await service.listAllProducts(input);
    expect(facetQueries()).toBe(2);
  });
});
