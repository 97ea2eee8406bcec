import type { Paise } from './money.ts';

/** A slug: lower-cased name with spaces turned into hyphens (other punctuation dropped). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

export const priceBands = ['0-500', '500-1000', '1000-2000', '2000-5000', '5000+'] as const;
export type PriceBand = (typeof priceBands)[number];

export interface PriceBounds {
  /** Exclusive lower bound in paise, or null for "from zero, inclusive". */
  aboveExclusive: Paise | null;
  /** Inclusive upper bound in paise, or null for no maximum. */
  atMostInclusive: Paise | null;
}

/**
 * Bands do not overlap: ₹500 belongs to '0-500', ₹500.01 to '500-1000' (see
 * docs/decisions/0003-price-bands.md). An open upper bound means no maximum.
 */
export function priceBandBounds(band: PriceBand): PriceBounds {
  const [low, high] = band.replace('+', '').split('-');
  const lowPaise = Number(low) * 100;
  return {
    aboveExclusive: lowPaise === 0 ? null : lowPaise,
    atMostInclusive: high === undefined ? null : Number(high) * 100,
  };
}

export function priceBandOf(pricePaise: Paise): PriceBand {
  for (const band of priceBands) {
    const { aboveExclusive, atMostInclusive } = priceBandBounds(band);
    const aboveLow = aboveExclusive === null || pricePaise > aboveExclusive;
    const belowHigh = atMostInclusive === null || pricePaise <= atMostInclusive;
    if (aboveLow && belowHigh) return band;
  }
  return '5000+';
}

/** Average of individual 1-5 ratings to one decimal; 0 when there are none. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

export const productSorts = ['recommended', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

/**
 * The page sizes catalogue lists are served in: the storefront's own (1 and 2 for the featured
 * and deals panels, 5 for the header search, 8 for a listing page and similar products, 10 for
 * the home page, categories and subcategories, 12 the default) and a few larger ones for the
 * sitemap and other readers, up to 100.
 */
export const cataloguePageSizes = [1, 2, 5, 8, 10, 12, 20, 50, 100] as const;

/**
 * The page size served for a requested one: the smallest listed size holding at least that many
 * (so a reader gets no fewer than it asked for), 100 at most. Every spelling of a list then reads
 * one of a few pages, and a cached answer serves them all.
 */
export function cataloguePageSize(requested: number): number {
  return cataloguePageSizes.find((size) => size >= requested) ?? 100;
}

export interface SearchableProduct {
  name: string;
  subheading: string;
  categoryName: string;
  subcategoryName: string | null;
  tags: readonly string[];
  colorNames: readonly string[];
}

/** What search matches a product by: its words, its category and subcategory, tags and colours. */
export function productSearchText(product: SearchableProduct): string {
  return [
    product.name,
    product.subheading,
    product.categoryName,
    product.subcategoryName ?? '',
    product.tags.join(' '),
    product.colorNames.join(' '),
  ]
    .filter(Boolean)
    .join(' ');
}
