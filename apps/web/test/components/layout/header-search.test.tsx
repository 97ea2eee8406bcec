import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch, SEARCH_DEBOUNCE_MS } from '../../../app/components/layout/header-search';
import { sampleProduct } from '../../fixtures';

// The header's live search as a shopper types: nothing is asked for under three characters, and
// the three calls go out only after a 300 ms pause (the page's clock is a fake one moved by hand).

const created = '2025-01-01T00:00:00.000Z';
const product = sampleProduct;
const bras = {
  _id: 'c1',
  name: 'Bras',
  slug: 'bras',
  description: 'Bras',
  image: null,
  isActive: true,
  createdAt: created,
};
const braletteSub = {
  _id: 's1',
  name: 'Bralettes',
  slug: 'bralettes',
  description: 'Bralettes',
  category: { _id: 'c1', name: 'Bras', slug: 'bras' },
  isActive: true,
  createdAt: created,
};

/** The shop's answers to the three search calls, by path. */
function answerFor(url: string): unknown {
  const { pathname } = new URL(url, 'http://shop.test');
  if (pathname.endsWith('/product/search')) {
    return {
      products: [product],
      total: 1,
      page: 1,
      pages: 1,
      facets: { sizes: [], colors: [], tags: [], priceBands: [] },
    };
  }
  if (pathname.endsWith('/category/search')) return [bras];
  if (pathname.endsWith('/sub-category')) return [braletteSub];
  throw new Error(`unexpected call ${url}`);
}

describe('header search', () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const data = answerFor(String(input));
      return new Response(JSON.stringify({ success: true, data, message: 'ok' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens after more than 2 characters and a pause, with three tabs and counts', async () => {
    // The header reads the shop's categories from the root route's data, as in the app.
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          element: (
            <>
              <h1>About</h1>
              <HeaderSearch idPrefix="header" />
            </>
          ),
          loader: () => ({ navigation: [] }),
        },
      ],
      { hydrationData: { loaderData: { root: { navigation: [] } } } },
    );
    render(<RouterProvider router={router} />);
    const input = screen.getByRole('combobox');

    fireEvent.change(input, { target: { value: 'br' } });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('search-dropdown')).toBeNull();

    fireEvent.change(input, { target: { value: 'bra' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(3);
    const dropdown = await vi.waitFor(() => screen.getByTestId('search-dropdown'));

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      expect.stringMatching(/^products \(1\)$/i),
      expect.stringMatching(/^categories \(1\)$/i),
      expect.stringMatching(/^subcategories \(1\)$/i),
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(dropdown.querySelectorAll('a[href^="/product/"]').length).toBeGreaterThan(0);

    fireEvent.click(tabs[1]!);
    expect(screen.getByRole('link', { name: 'Bras' }).getAttribute('href')).toBe('/products/bras');

    // A click outside closes it.
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'About' }));
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
  });
});
