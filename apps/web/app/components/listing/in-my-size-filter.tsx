import { Link, useLocation } from 'react-router';
import { useMySize } from '../fit/my-size';
import { listingHref, SISTER_SIZES_PARAM } from './listing-query';

const toggle = 'flex min-h-9 items-center gap-3 rounded px-1 text-sm text-ink hover:text-brand-700';

function Box({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border text-[10px] ${
        checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-muted bg-white'
      }`}
    >
      {checked ? '✓' : ''}
    </span>
  );
}

/**
 * 'In my size': the size filter set to her saved size, and 'Include sister sizes' (the same cup
 * volume on the next band, as each product's own chart has them). Both are links, so the choice
 * lives in the URL like every filter and a shared link shows the same list. Without a saved size
 * it points to the size guide.
 */
export function InMySizeFilter({
  size,
  sisterSizes,
}: {
  size: string | undefined;
  sisterSizes: boolean;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const { size: mySize } = useMySize();
  const mine = mySize !== null && size?.toLowerCase() === mySize.toLowerCase();

  return (
    <section
      aria-labelledby="filter-my-size"
      className="border-t border-line py-5 first:border-t-0"
    >
      <h3 id="filter-my-size" className="text-sm font-semibold uppercase tracking-wider text-ink">
        In my size
      </h3>
      <ul className="mt-3 space-y-0.5">
        {mySize ? (
          <li>
            <Link
              to={listingHref(pathname, params, { size: mine ? null : mySize })}
              preventScrollReset
              rel="nofollow"
              aria-current={mine ? 'true' : undefined}
              className={toggle}
              data-filter="my-size"
            >
              <Box checked={mine} />
              <span className={mine ? 'font-semibold' : undefined}>In my size ({mySize})</span>
            </Link>
          </li>
        ) : (
          <li>
            <Link to="/size-guide" className="text-sm font-medium text-brand-700 hover:underline">
              Find your size first
            </Link>
          </li>
        )}
        {size !== undefined && (
          <li>
            <Link
              to={listingHref(pathname, params, {
                [SISTER_SIZES_PARAM]: sisterSizes ? null : 'true',
              })}
              preventScrollReset
              rel="nofollow"
              aria-current={sisterSizes ? 'true' : undefined}
              className={toggle}
              data-filter="sister-sizes"
            >
              <Box checked={sisterSizes} />
              <span className={sisterSizes ? 'font-semibold' : undefined}>
                Include sister sizes
              </span>
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
