import type { ProductSort } from '@shop/domain/catalogue';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listingHref, SORT_OPTIONS } from './listing-query';

/**
 * The sort order, applied as soon as it changes. It is also a plain GET form (with a submit button
 * inside <noscript>) so it works before the scripts load.
 */
export function SortSelect({ sort }: { sort: ProductSort }) {
  const id = useId();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const kept = [...params.entries()].filter(([key]) => key !== 'sort' && key !== 'page');

  return (
    <form method="get" action={pathname} className="flex min-w-0 items-center gap-2">
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id} className="sr-only whitespace-nowrap text-sm text-muted sm:not-sr-only">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={sort}
        onChange={(event) =>
          void navigate(listingHref(pathname, params, { sort: event.target.value }), {
            preventScrollReset: true,
          })
        }
        className="h-10 min-w-0 max-w-full rounded-full border border-line bg-white pl-3 pr-8 text-sm text-ink"
        data-testid="sort-select"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-full border border-line px-3 py-2 text-sm">
          Apply
        </button>
      </noscript>
    </form>
  );
}
