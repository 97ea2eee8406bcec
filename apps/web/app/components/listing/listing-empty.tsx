import { Link } from 'react-router';

export const EMPTY_LISTING_TEXT =
  'No products found - Try adjusting your filters or check back later for new arrivals.';

/**
 * The listing's empty state. In search mode the way out is the whole catalogue; otherwise it is the
 * same category without filters.
 */
export function ListingEmpty({
  searchMode,
  clearHref,
}: {
  searchMode: boolean;
  clearHref: string;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
      <p className="mx-auto max-w-md text-ink" data-testid="empty-listing">
        {EMPTY_LISTING_TEXT}
      </p>
      <Link
        to={searchMode ? '/products' : clearHref}
        className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 text-sm font-medium text-white hover:bg-brand-700"
      >
        {searchMode ? 'View All Products' : 'Clear Filters'}
      </Link>
    </div>
  );
}
