import { useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Breadcrumb, type Crumb } from '../breadcrumb';
import { ActiveFilters } from './active-filters';
import { FilterPanel } from './filter-panel';
import { ListingEmpty } from './listing-empty';
import { OfferIntro } from '../offers/offer-intro';
import type { ListingData } from './listing-loader.server';
import {
  activeFilterCount,
  clearFiltersHref,
  listingHeading,
  resultCountText,
  searchHeading,
} from './listing-query';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { SortSelect } from './sort-select';

function crumbs(scope: ListingData['scope']): Crumb[] {
  const home = { label: 'Home', to: '/' };
  if (scope.offer) return [home, { label: 'Offers' }, { label: scope.offer.name }];
  if (scope.search !== null) return [home, { label: searchHeading(scope.search) }];
  if (!scope.category) return [home, { label: 'All Products' }];
  const category = { label: scope.category.name, to: `/products/${scope.category.slug}` };
  if (!scope.subcategory) return [home, category];
  return [home, category, { label: scope.subcategory.name }];
}

/**
 * The product listing. Filters sit in a sidebar from 768 px up and in a panel behind a
 * 'Filters' button on phones. Everything the shopper chooses lives in the URL; the only local
 * state is whether that phone panel is open, and the route remounts this per category.
 */
export function ListingPage({ data }: { data: ListingData }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const { scope, query, products, total, page, pages, facets } = data;
  const searchMode = scope.search !== null;
  const activeCount = activeFilterCount(query.filters);
  // Only a change of this listing dims it; leaving for another page does not.
  const updating = navigation.state === 'loading' && navigation.location.pathname === pathname;

  return (
    // data-listing names the address this render shows: tests wait for it after a navigation.
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10" data-listing={`${pathname}${search}`}>
      <Breadcrumb items={crumbs(scope)} />
      <div className="mt-4">
        <h1 className="font-serif text-3xl md:text-4xl">{listingHeading(scope)}</h1>
        {scope.offer ? <OfferIntro offer={scope.offer} /> : null}
        <p className="mt-1 text-sm text-muted" data-testid="result-count">
          {resultCountText(total)}
        </p>
      </div>

      <div className="mt-6 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] md:gap-x-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-x-10">
        <div
          ref={toolbarRef}
          className="flex scroll-mt-20 items-center justify-between gap-3 md:col-start-2 md:row-start-1 md:justify-end"
        >
          <button
            type="button"
            className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink md:hidden"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            >
              <path d="M3 5h14M6 10h8M8.5 15h3" strokeLinecap="round" />
            </svg>
            Filters
            {activeCount > 0 && (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">
                {activeCount}
                <span className="sr-only"> active</span>
              </span>
            )}
          </button>
          <SortSelect sort={query.sort} />
        </div>

        <aside
          id="listing-filters"
          aria-label="Product filters"
          className={`${filtersOpen ? 'mt-4 block rounded-2xl border border-line bg-white px-4 py-4' : 'hidden'} md:col-start-1 md:row-span-2 md:row-start-1 md:mt-0 md:block md:rounded-none md:border-0 md:bg-transparent md:p-0`}
        >
          <FilterPanel facets={facets} filters={query.filters} sisterSizes={query.sisterSizes} />
          <button
            type="button"
            onClick={() => {
              setFiltersOpen(false);
              // The open panel was above the results: bring the shopper back to the toolbar,
              // the chosen filters and the results below them.
              requestAnimationFrame(() => toolbarRef.current?.scrollIntoView({ block: 'start' }));
            }}
            className="mt-2 w-full rounded-full bg-brand-600 py-3 text-sm font-medium text-white hover:bg-brand-700 md:hidden"
          >
            Show {resultCountText(total)}
          </button>
        </aside>

        <div
          className={`mt-4 md:col-start-2 md:row-start-2 ${updating ? 'opacity-60 transition-opacity' : ''}`}
          aria-busy={updating || undefined}
        >
          <ActiveFilters filters={query.filters} facets={facets} sisterSizes={query.sisterSizes} />
          <h2 className="sr-only">Products</h2>
          <div className="mt-4">
            {products.length === 0 ? (
              <ListingEmpty
                searchMode={searchMode}
                clearHref={clearFiltersHref(pathname, new URLSearchParams(search))}
              />
            ) : (
              <ProductGrid products={products} />
            )}
          </div>
          <Pagination page={page} pages={pages} />
        </div>
      </div>
    </div>
  );
}
