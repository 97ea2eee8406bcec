import { describe, expect, it } from 'vitest';
import {
  averageRating,
  cataloguePageSize,
  priceBandBounds,
  priceBandOf,
  slugify,
} from '../src/catalogue.ts';

describe('slugify', () => {
  it('lower-cases and hyphenates names', () => {
    expect(slugify('T-Shirt Bras')).toBe('t-shirt-bras');
    expect(slugify('Sleep & Lingerie')).toBe('sleep-lingerie');
    expect(slugify('  Slips & Chemises ')).toBe('slips-chemises');
  });
});

describe('price bands', () => {
  it('gives non-overlapping bounds with an open top band', () => {
    expect(priceBandBounds('0-500')).toEqual({ aboveExclusive: null, atMostInclusive: 50000 });
    expect(priceBandBounds('500-1000')).toEqual({ aboveExclusive: 50000, atMostInclusive: 100000 });
    expect(priceBandBounds('5000+')).toEqual({ aboveExclusive: 500000, atMostInclusive: null });
  });

  it('puts a boundary price in the lower band', () => {
    expect(priceBandOf(50000)).toBe('0-500');
    expect(priceBandOf(50001)).toBe('500-1000');
    expect(priceBandOf(19900)).toBe('0-500');
    expect(priceBandOf(599900)).toBe('5000+');
  });
});

describe('averageRating', () => {
  it('rounds to one decimal and is 0 without ratings', () => {
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([])).toBe(0);
  });
});

describe('cataloguePageSize', () => {
  it('serves the smallest listed page size holding what was asked, 100 at most', () => {
    expect([1, 2, 3, 5, 7, 8, 9, 10, 12, 13, 17, 40, 99, 100, 1000].map(cataloguePageSize)).toEqual(
      [1, 2, 5, 5, 8, 8, 10, 10, 12, 20, 20, 50, 100, 100, 100],
    );
  });
});
