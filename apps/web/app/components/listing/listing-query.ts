import type { ProductFacets, ProductList } from '@shop/contracts/catalogue';
import { priceBands, productSorts, type PriceBand, type ProductSort } from '@shop/domain/catalogue';
import { formatPrice } from '../../lib/format';
import { cardImageAlt } from '../../lib/product-image-alt';

/** Products per listing page. */
export const LISTING_PAGE_SIZE = 8;

export const FILTER_KEYS = ['price', 'size', 'color', 'tag'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The API's own length limits: a longer value would be refused with a 400, so it is ignored. */
const MAX_LENGTH: Record<Exclude<FilterKey, 'price'>, number> = { size: 20, color: 50, tag: 50 };

export interface ListingFilters {
  price?: PriceBand;
  size?: string;
  color?: string;
  tag?: string;
}

export interface ListingQuery {
  page: number;
  sort: ProductSort;
  filters: ListingFilters;
  /** With a size filter: her sister sizes count too (`sisterSizes=true`). */
  sisterSizes: boolean;
}

/** The URL's parameter that widens a size filter to its sister sizes. */
export const SISTER_SIZES_PARAM = 'sisterSizes';

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest First' },
];

export const FILTER_LABELS: Record<FilterKey, string> = {
  price: 'Price',
  size: 'Size',
  color: 'Colour',
  tag: 'Tag',
};

const isPriceBand = (value: string): value is PriceBand =>
  (priceBands as readonly string[]).includes(value);
const isSort = (value: string): value is ProductSort =>
  (productSorts as readonly string[]).includes(value);

/** A page number from the URL; anything that is not a whole number ≥ 1 reads as page 1. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page')?.trim() ?? '';
  return /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/**
 * The listing's state from its URL. Values the API would refuse (an unknown price band or sort,
 * an over-long text) are dropped rather than turned into an error page: a hand-edited or stale
 * link still shows products.
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const filters: ListingFilters = {};
  // An unencoded '+' in a query string arrives as a space: '5000+' becomes '5000 '.
  const price = params.get('price')?.trim();
  if (price) {
    const band = price === '5000' ? '5000+' : price;
    if (isPriceBand(band)) filters.price = band;
  }
  for (const key of ['size', 'color', 'tag'] as const) {
    const value = params.get(key)?.trim();
    if (value && value.length <= MAX_LENGTH[key]) filters[key] = value;
  }
  const sort = params.get('sort')?.trim() ?? '';
  return {
    page: readPage(params),
    sort: isSort(sort) ? sort : 'recommended',
    filters,
    // Sister sizes widen a size filter; without one they mean nothing.
    sisterSizes: filters.size !== undefined && params.get(SISTER_SIZES_PARAM) === 'true',
  };
}

/** The search text of search mode: 'search' or 'q' (either is accepted); blank means no search. */
export function readSearchText(params: URLSearchParams): string | null {
  const text = (params.get('search') ?? params.get('q') ?? '').trim();
  return text === '' ? null : text;
}

export type ListingChanges = Partial<
  Record<FilterKey | 'sort' | 'page' | typeof SISTER_SIZES_PARAM, string | null>
>;

/**
 * A link to the same listing with some parameters changed. Any change other than the page sends
 * the shopper back to page 1; defaults (page 1, recommended) are left out so each state has one URL.
 * Parameters this page does not know (the search text, campaign tags) are kept.
 */
export function listingHref(
  pathname: string,
  current: URLSearchParams,
  changes: ListingChanges,
): string {
  const next = new URLSearchParams(current);
  if (Object.keys(changes).some((key) => key !== 'page')) next.delete('page');
  // A size filter taken away takes its sister sizes with it.
  if ('size' in changes && changes.size == null) next.delete(SISTER_SIZES_PARAM);
  for (const [key, value] of Object.entries(changes)) {
    const isDefault =
      value == null || value === '' || (key === 'page' && value === '1') || value === 'recommended';
    if (isDefault) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The same listing without any filter (the sort and the search text stay). */
export function clearFiltersHref(pathname: string, current: URLSearchParams): string {
  return listingHref(pathname, current, {
    price: null,
    size: null,
    color: null,
    tag: null,
    [SISTER_SIZES_PARAM]: null,
  });
}

export function activeFilterCount(filters: ListingFilters): number {
  return FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}

/** '₹500 – ₹1,000'; the open band reads 'Above ₹5,000'. */
export function priceBandLabel(band: string): string {
  if (band.endsWith('+')) return `Above ${formatPrice(Number(band.slice(0, -1)))}`;
  const [low = 0, high = 0] = band.split('-').map(Number);
  return `${formatPrice(low)} – ${formatPrice(high)}`;
}

/** The values the API offers for one filter, with their counts (and colour swatches). */
export function facetOptions(
  key: FilterKey,
  facets: ProductFacets,
): { value: string; count: number; colorHex?: string }[] {
  if (key === 'price') return facets.priceBands;
  if (key === 'size') return facets.sizes;
  if (key === 'color') return facets.colors;
  return facets.tags;
}

/** How a filter value reads to the shopper. */
export function filterValueLabel(key: FilterKey, value: string): string {
  return key === 'price' ? priceBandLabel(value) : value;
}

/**
 * Page buttons: the first, the last, and the neighbours of the current page, with 'gap' where
 * pages are skipped (1 2 3 … 9). A gap of one page shows that page instead of '…'.
 */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  if (pages <= 1) return [];
  const start = Math.max(1, Math.min(current - 1, pages - 2));
  const end = Math.min(pages, Math.max(current + 1, 3));
  const shown = new Set<number>([1, pages]);
  for (let page = start; page <= end; page += 1) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}

/** Only what a product card needs travels to the browser: keeps the page's data small. */
export function toCardProduct(product: ProductList['products'][number]) {
  return {
    _id: product._id,
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    images: product.images.slice(0, 1),
    imageAlts: [cardImageAlt(product)],
    subcategoryName: product.subcategoryName,
    categoryName: product.categoryName,
    inStock: product.inStock,
    createdAt: product.createdAt,
    // Present when the listing is filtered by a size: hers, or the sister size in stock.
    ...(product.sizeMatch ? { sizeMatch: product.sizeMatch } : {}),
    offer: product.offer ?? null,
  };
}

export function toCardProducts(list: ProductList) {
  return list.products.map(toCardProduct);
}

export type CardProduct = ReturnType<typeof toCardProducts>[number];

interface HeadingScope {
  category: { name: string } | null;
  subcategory: { name: string } | null;
  search: string | null;
  offer?: { name: string };
}

/** The page heading: the offer, else the search, else the subcategory, else the category. */
export function listingHeading(scope: HeadingScope): string {
  if (scope.offer) return scope.offer.name;
  if (scope.search !== null) return searchHeading(scope.search);
  if (scope.subcategory) return scope.subcategory.name;
  if (scope.category) return scope.category.name;
  return 'All Products';
}

export const searchHeading = (text: string) => `Search Results for "${text}"`;

export const resultCountText = (total: number) =>
  `${total} ${total === 1 ? 'product' : 'products'}`;

/** The /search page's text when nothing matches. */
export const NO_SEARCH_RESULTS = 'No products found matching your search.';
