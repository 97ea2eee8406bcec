import { Link, useLocation } from 'react-router';
import { listingHref, pageItems } from './listing-query';

interface PaginationProps {
  page: number;
  pages: number;
}

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium';

/**
 * Back, page numbers with '…', Next. Real links carrying the page in the query, so paging works
 * before the scripts arrive and a page can be shared. Hidden when there is only one page.
 */
export function Pagination({ page, pages }: PaginationProps) {
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const params = new URLSearchParams(search);
  const href = (target: number) => listingHref(pathname, params, { page: String(target) });
  const edge = (label: string, target: number, enabled: boolean, rel: 'prev' | 'next') =>
    enabled ? (
      <Link
        to={href(target)}
        rel={rel}
        className={`${base} border border-line bg-white text-ink hover:border-brand-600 hover:text-brand-700`}
      >
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${base} border border-line text-muted opacity-60`}>
        {label}
      </span>
    );

  return (
    <nav aria-label="Pagination" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>{edge('Back', page - 1, page > 1, 'prev')}</li>
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              ...
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className={`${base} bg-brand-600 text-white`}>
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link
                  to={href(item)}
                  className={`${base} text-ink hover:bg-brand-50 hover:text-brand-700`}
                >
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        <li>{edge('Next', page + 1, page < pages, 'next')}</li>
      </ul>
    </nav>
  );
}
