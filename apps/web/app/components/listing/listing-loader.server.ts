import type { ProductList } from '@shop/contracts/catalogue';
import { data, redirect } from 'react-router';
import type { ApiClient } from '../../lib/api-client';
import {
  LISTING_PAGE_SIZE,
  listingHref,
  parseListingQuery,
  readSearchText,
  toCardProducts,
  type ListingQuery,
} from './listing-query';

interface Named {
  name: string;
  slug: string;
  description: string;
}

/** An offer page's offer: its badge words, its name and when it ends. */
export interface OfferScope {
  label: string;
  name: string;
  endsAt: string | null;
}

export interface ListingScope {
  category: Named | null;
  subcategory: Named | null;
  /** The search text in search mode, else null. */
  search: string | null;
  /** On an offer's page (/offers/{slug}), the offer whose eligible products are listed. */
  offer?: OfferScope;
}

const notFound = () => data(null, { status: 404 });

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The category and subcategory named by the slugs. An unknown slug, or a subcategory of another
 * category, is a 404; a slug in other letter case redirects to the canonical lower-case address.
 */
async function resolveSlugs(
  api: ApiClient,
  url: URL,
  categorySlug: string | undefined,
  subcategorySlug: string | undefined,
): Promise<
  Pick<ListingScope, 'category' | 'subcategory'> & {
    ids: { category?: string; subcategory?: string };
  }
> {
  if (categorySlug === undefined) return { category: null, subcategory: null, ids: {} };
  const [categories, subcategories] = await Promise.all([
    api.listCategories(),
    subcategorySlug === undefined ? Promise.resolve([]) : api.listSubcategories(),
  ]);
  const category = categories.find((entry) => entry.slug === categorySlug.toLowerCase());
  if (!category) throw notFound();
  const subcategory =
    subcategorySlug === undefined
      ? undefined
      : subcategories.find(
          (entry) =>
            entry.category._id === category._id && entry.slug === subcategorySlug.toLowerCase(),
        );
  if (subcategorySlug !== undefined && !subcategory) throw notFound();

  const canonical = `/products/${category.slug}${subcategory ? `/${subcategory.slug}` : ''}`;
  if (safeDecode(url.pathname).replace(/\/$/, '') !== canonical) {
    throw redirect(`${canonical}${url.search}`, 301);
  }
  const pick = (entry: Named): Named => ({
    name: entry.name,
    slug: entry.slug,
    description: entry.description,
  });
  return {
    category: pick(category),
    subcategory: subcategory ? pick(subcategory) : null,
    ids: { category: category._id, ...(subcategory ? { subcategory: subcategory._id } : {}) },
  };
}

function fetchList(
  api: ApiClient,
  ids: { category?: string; subcategory?: string },
  search: string | null,
  query: ListingQuery,
): Promise<ProductList> {
  const list = listOptions(query);
  // Search mode searches the whole shop, whatever category path it was opened on.
  if (search !== null) return api.searchProducts(search, list);
  if (ids.subcategory) return api.listProductsBySubcategory(ids.subcategory, list);
  if (ids.category) return api.listProductsByCategory(ids.category, list);
  return api.listProducts(list);
}

/**
 * The listing's page of products with its query, sent back to the last page that exists when the
 * URL asks for one past it (a stale shared link).
 */
export function listingAnswer(url: URL, query: ListingQuery, list: ProductList) {
  const lastPage = Math.max(1, list.pages);
  if (query.page > lastPage) {
    throw redirect(listingHref(url.pathname, url.searchParams, { page: String(lastPage) }));
  }
  return {
    query,
    products: toCardProducts(list),
    total: list.total,
    page: list.page,
    pages: list.pages,
    facets: list.facets,
  };
}

/** The listing's paging, sort and filters as the catalogue's list calls take them. */
export const listOptions = (query: ListingQuery) => ({
  page: query.page,
  limit: LISTING_PAGE_SIZE,
  sort: query.sort,
  ...query.filters,
  ...(query.sisterSizes ? { sisterSizes: true } : {}),
});

/** Everything the listing page shows, for /products, /products/all and the category paths. */
export async function loadListing(
  api: ApiClient,
  request: Request,
  slugs: { category?: string | undefined; subcategory?: string | undefined },
) {
  const url = new URL(request.url);
  const { ids, ...names } = await resolveSlugs(api, url, slugs.category, slugs.subcategory);
  const search = readSearchText(url.searchParams);
  const query = parseListingQuery(url.searchParams);
  const list = await fetchList(api, ids, search, query);
  const scope: ListingScope = { ...names, search };
  return { scope, ...listingAnswer(url, query, list) };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
