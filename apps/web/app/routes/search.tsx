import { redirect } from 'react-router';
import type { Route } from './+types/search';
import { serverApi } from '../lib/api-client';
import { Breadcrumb } from '../components/breadcrumb';
import {
  LISTING_PAGE_SIZE,
  listingHref,
  NO_SEARCH_RESULTS,
  parseListingQuery,
  readPage,
  resultCountText,
  searchHeading,
  toCardProducts,
} from '../components/listing/listing-query';
import { InMySizeFilter } from '../components/listing/in-my-size-filter';
import { Pagination } from '../components/listing/pagination';
import { ProductGrid } from '../components/listing/product-grid';
import { SearchForm } from '../components/listing/search-form';

/**
 * /search?q= (also ?query= or ?search=): the catalogue's search. Unlike the header's live
 * dropdown there is no 3-character minimum: someone who submits 'xl' asked for it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const query = (params.get('q') ?? params.get('query') ?? params.get('search') ?? '').trim();
  // 'In my size': the size (and its sisters) filter the search as they filter the listing.
  const { filters, sisterSizes } = parseListingQuery(params);
  const sizeFilter = { size: filters.size, sisterSizes };
  if (query === '') return { query, sizeFilter, result: null };
  const page = readPage(params);
  const list = await serverApi(context).searchProducts(query, {
    page,
    limit: LISTING_PAGE_SIZE,
    ...(filters.size ? { size: filters.size } : {}),
    ...(sisterSizes ? { sisterSizes: true } : {}),
  });
  const lastPage = Math.max(1, list.pages);
  if (page > lastPage) {
    throw redirect(listingHref(url.pathname, params, { page: String(lastPage) }));
  }
  return {
    query,
    sizeFilter,
    result: {
      products: toCardProducts(list),
      total: list.total,
      page: list.page,
      pages: list.pages,
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.query ? searchHeading(data.query) : 'Search';
  return [
    { title: `${title} | Lacebloom` },
    {
      name: 'description',
      content: 'Search the Lacebloom catalogue of lingerie, sleepwear and more.',
    },
    { name: 'robots', content: 'noindex, follow' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, sizeFilter, result } = loaderData;
  const heading = query ? searchHeading(query) : 'Search';
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: heading }]} />
      <h1 className="mt-4 font-serif text-3xl md:text-4xl">{heading}</h1>
      {result && (
        <p className="mt-1 text-sm text-muted" data-testid="result-count">
          {resultCountText(result.total)}
        </p>
      )}
      <div className="mt-6">
        <SearchForm query={query} />
      </div>
      {result !== null && (
        <div className="mt-4 max-w-sm">
          <InMySizeFilter size={sizeFilter.size} sisterSizes={sizeFilter.sisterSizes} />
        </div>
      )}
      {result === null ? (
        <p className="mt-6 text-muted">Type a product, colour or category and press Search.</p>
      ) : (
        <section className="mt-8" aria-labelledby="search-results-heading">
          <h2 id="search-results-heading" className="sr-only">
            Products
          </h2>
          {result.products.length === 0 ? (
            <p
              className="rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center text-ink"
              data-testid="empty-search"
            >
              {NO_SEARCH_RESULTS}
            </p>
          ) : (
            <ProductGrid
              products={result.products}
              sizes="(min-width: 1280px) 300px, (min-width: 640px) 30vw, 46vw"
            />
          )}
          <Pagination page={result.page} pages={result.pages} />
        </section>
      )}
    </div>
  );
}
