import type { ProductFacets } from '@shop/contracts/catalogue';
import { Link, useLocation } from 'react-router';
import {
  FILTER_KEYS,
  FILTER_LABELS,
  facetOptions,
  filterValueLabel,
  listingHref,
  type ListingFilters,
} from './listing-query';

/** The chosen filters above the results, each removable on its own. */
export function ActiveFilters({
  filters,
  facets,
  sisterSizes = false,
}: {
  filters: ListingFilters;
  facets: ProductFacets;
  sisterSizes?: boolean;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const active = FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    return value === undefined ? [] : [{ key, value }];
  });
  if (active.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters">
      {active.map(({ key, value }) => {
        // 'black' typed in a link reads as the catalogue writes it: 'Black'.
        const shown =
          facetOptions(key, facets).find(
            (option) => option.value.toLowerCase() === value.toLowerCase(),
          )?.value ?? value;
        const sisters = key === 'size' && sisterSizes ? ' and its sister sizes' : '';
        const text = `${FILTER_LABELS[key]}: ${filterValueLabel(key, shown)}${sisters}`;
        return (
          <li key={key}>
            <Link
              to={listingHref(pathname, params, { [key]: null })}
              preventScrollReset
              rel="nofollow"
              aria-label={`Remove filter ${text}`}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
              data-testid="active-filter"
            >
              {text}
              <svg
                aria-hidden="true"
                viewBox="0 0 12 12"
                className="h-3 w-3"
                stroke="currentColor"
                strokeWidth="1.8"
              >
                <path d="M3 3l6 6M9 3l-6 6" />
              </svg>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
