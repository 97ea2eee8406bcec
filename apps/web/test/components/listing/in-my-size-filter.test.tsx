import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel } from '../../../app/components/listing/filter-panel';
import { clearFiltersHref, parseListingQuery } from '../../../app/components/listing/listing-query';

vi.mock('../../../app/lib/auth-session', () => ({
  useAuth: () => ({
    status: 'signed-out',
    user: null,
    authed: () => Promise.reject(new Error('Signed out')),
    setUser: () => {},
  }),
}));
vi.mock('../../../app/components/wishlist/wishlist-heart', () => ({ WishlistHeart: () => null }));

const facets = {
  sizes: [
    { value: '32C', count: 3 },
    { value: '34B', count: 2 },
  ],
  colors: [],
  tags: [],
  priceBands: [],
};

function renderPanel(url: string) {
  const params = new URLSearchParams(url.split('?')[1] ?? '');
  const query = parseListingQuery(params);
  const Stub = createRoutesStub([
    {
      path: '/products/:category',
      Component: () => (
        <FilterPanel facets={facets} filters={query.filters} sisterSizes={query.sisterSizes} />
      ),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("the 'In my size' filter", () => {
  it('sets the size filter to her saved size, and sister sizes with it, each in the URL', () => {
    window.localStorage.setItem('lacebloom-my-size', '32C');
    renderPanel('/products/bras?sort=newest');
    expect(href('In my size (32C)')).toBe('/products/bras?sort=newest&size=32C');
    // Sister sizes widen a size filter: none is chosen yet.
    expect(screen.queryByRole('link', { name: 'Include sister sizes' })).toBeNull();
    cleanup();

    renderPanel('/products/bras?sort=newest&size=32C');
    const mine = screen.getByRole('link', { name: 'In my size (32C)' });
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.getAttribute('href')).toBe('/products/bras?sort=newest');
    expect(href('Include sister sizes')).toBe(
      '/products/bras?sort=newest&size=32C&sisterSizes=true',
    );
    cleanup();

    renderPanel('/products/bras?size=32C&sisterSizes=true&page=2');
    const sisters = screen.getByRole('link', { name: 'Include sister sizes' });
    expect(sisters.getAttribute('aria-current')).toBe('true');
    expect(sisters.getAttribute('href')).toBe('/products/bras?size=32C');
    // Taking her size away takes its sisters too.
    expect(href('In my size (32C)')).toBe('/products/bras');
  });

  it('points to the size guide when she has no saved size', () => {
    renderPanel('/products/bras');
    expect(href('Find your size first')).toBe('/size-guide');
  });

  it('reads sister sizes from the URL only beside a size, and Clear all drops them', () => {
    expect(parseListingQuery(new URLSearchParams('size=32C&sisterSizes=true')).sisterSizes).toBe(
      true,
    );
    expect(parseListingQuery(new URLSearchParams('sisterSizes=true')).sisterSizes).toBe(false);
    expect(
      clearFiltersHref('/products', new URLSearchParams('size=32C&sisterSizes=true&sort=newest')),
    ).toBe('/products?sort=newest');
  });
});
