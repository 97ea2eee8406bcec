import type { ProductFacets } from '@shop/contracts/catalogue';
import { Link, useLocation } from 'react-router';
import { InMySizeFilter } from './in-my-size-filter';
import {
  activeFilterCount,
  clearFiltersHref,
  facetOptions,
  FILTER_LABELS,
  filterValueLabel,
  listingHref,
  type FilterKey,
  type ListingFilters,
} from './listing-query';

interface Option {
  value: string;
  count: number;
  colorHex?: string;
}

/** How many values of a long filter list show before 'Show N more'. */
const VISIBLE_OPTIONS = 8;

const sameValue = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The facet values of one filter. The API only lists values that match something in this
 * listing; a chosen value it does not list (a stale link) is still shown so it can be unticked.
 */
function optionsFor(key: FilterKey, facets: ProductFacets, active: string | undefined): Option[] {
  const options: Option[] = facetOptions(key, facets);
  if (active !== undefined && !options.some((option) => sameValue(option.value, active))) {
    return [...options, { value: active, count: 0 }];
  }
  return options;
}

function CheckMark({ checked, round }: { checked: boolean; round?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-4 w-4 shrink-0 items-center justify-center border ${round ? 'rounded-full' : 'rounded'} ${
        checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-muted bg-white'
      }`}
    >
      {checked && (
        <svg
          viewBox="0 0 12 12"
          className="h-3 w-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M2.5 6.5l2.5 2.5 4.5-5" />
        </svg>
      )}
    </span>
  );
}

function FilterGroup({
  filterKey,
  options,
  active,
  hrefFor,
}: {
  filterKey: FilterKey;
  options: Option[];
  active: string | undefined;
  hrefFor: (value: string | null) => string;
}) {
  const headingId = `filter-${filterKey}`;
  const chips = filterKey === 'size';
  const isChecked = (option: Option) => active !== undefined && sameValue(option.value, active);
  // Long lists (colours, tags) show their most common values; the rest fold away, except a
  // chosen value, which always stays in sight.
  const folded = options.length > VISIBLE_OPTIONS + 2;
  const shown = folded
    ? options.filter((option, index) => index < VISIBLE_OPTIONS || isChecked(option))
    : options;
  const rest = folded ? options.filter((option) => !shown.includes(option)) : [];
  const listClass = chips ? 'flex flex-wrap gap-2' : 'space-y-0.5';

  const renderOption = (option: Option) => {
    const checked = isChecked(option);
    const label = filterValueLabel(filterKey, option.value);
    const common = {
      // Choosing the chosen value again unticks it; each filter holds one value.
      to: hrefFor(checked ? null : option.value),
      preventScrollReset: true,
      // Filter combinations are endless: search engines need not follow them.
      rel: 'nofollow',
      'aria-current': checked ? ('true' as const) : undefined,
      'data-filter': filterKey,
      'data-value': option.value,
    };
    return (
      <li key={option.value}>
        {chips ? (
          <Link
            {...common}
            className={`inline-flex min-h-10 min-w-12 items-center justify-center rounded-full border px-3 text-sm ${
              checked
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-line bg-white text-ink hover:border-brand-600'
            }`}
          >
            {label}
            <span className="sr-only">
              {' '}
              ({option.count} {option.count === 1 ? 'product' : 'products'})
            </span>
          </Link>
        ) : (
          <Link
            {...common}
            className="flex min-h-9 items-center gap-3 rounded px-1 text-sm text-ink hover:text-brand-700"
          >
            <CheckMark checked={checked} round={filterKey === 'price'} />
            {option.colorHex !== undefined && (
              <span
                aria-hidden="true"
                className="h-5 w-5 shrink-0 rounded-full border border-line shadow-inner"
                style={{ backgroundColor: option.colorHex }}
              />
            )}
            <span className={checked ? 'font-semibold' : undefined}>{label}</span>
            <span className="ml-auto text-xs text-muted">({option.count})</span>
          </Link>
        )}
      </li>
    );
  };

  return (
    <section aria-labelledby={headingId} className="border-t border-line py-5 first:border-t-0">
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wider text-ink">
        {FILTER_LABELS[filterKey]}
      </h3>
      <ul className={`mt-3 ${listClass}`}>{shown.map(renderOption)}</ul>
      {rest.length > 0 && (
        // <details> folds without any script, so it works before hydration too.
        <details className="group">
          <summary className="mt-2 inline-flex min-h-9 cursor-pointer list-none items-center px-1 text-sm font-medium text-brand-700 hover:underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Show {rest.length} more</span>
            <span className="hidden group-open:inline">Show fewer</span>
          </summary>
          <ul className={`mt-1 ${listClass}`}>{rest.map(renderOption)}</ul>
        </details>
      )}
    </section>
  );
}

/** Price, size, colour and tag filters from the listing's facets; every choice is a link. */
export function FilterPanel({
  facets,
  filters,
  sisterSizes = false,
}: {
  facets: ProductFacets;
  filters: ListingFilters;
  /** Whether the size filter takes sister sizes too. */
  sisterSizes?: boolean;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const groups = (['price', 'size', 'color', 'tag'] as const)
    .map((key) => ({ key, options: optionsFor(key, facets, filters[key]) }))
    .filter((group) => group.options.length > 0);

  return (
    <div>
      <div className="flex items-baseline justify-between pb-1">
        <h2 className="font-serif text-xl">Filters</h2>
        {activeFilterCount(filters) > 0 && (
          <Link
            to={clearFiltersHref(pathname, params)}
            preventScrollReset
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Clear all
          </Link>
        )}
      </div>
      <InMySizeFilter size={filters.size} sisterSizes={sisterSizes} />
      {groups.map((group) => (
        <FilterGroup
          key={group.key}
          filterKey={group.key}
          options={group.options}
          active={filters[group.key]}
          hrefFor={(value) => listingHref(pathname, params, { [group.key]: value })}
        />
      ))}
      {groups.length === 0 && <p className="py-4 text-sm text-muted">No filters for this list.</p>}
    </div>
  );
}
