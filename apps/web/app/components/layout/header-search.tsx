import type { Category, Product, Subcategory } from '@shop/contracts/catalogue';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { createApiClient } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { categoryPath, subcategoryPath, useNavigationData } from '../../lib/navigation';
import { ResponsiveImage } from '../responsive-image';
import { CloseIcon, SearchIcon } from './icons';

/** The dropdown opens above 2 typed characters, after a 300 ms pause. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 300;

type Tab = 'products' | 'categories' | 'subcategories';

interface Results {
  query: string;
  products: Product[];
  productTotal: number;
  categories: Category[];
  subcategories: Subcategory[];
}

const api = createApiClient();

export function searchResultsPath(query: string) {
  return `/products?search=${encodeURIComponent(query.trim())}`;
}

/** Header search: live results in three tabs; Enter or 'View All Results' opens the listing. */
export function HeaderSearch({
  onNavigate,
  idPrefix,
  focusOnOpen = false,
}: {
  onNavigate?: () => void;
  idPrefix: string;
  /** Takes the keyboard at once: the box was opened by the shopper's tap on a search button. */
  focusOnOpen?: boolean;
}) {
  const navigate = useNavigate();
  const navigation = useNavigationData();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('products');
  const [loading, setLoading] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen]);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < SEARCH_MIN_CHARS) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const [products, categories, subcategories] = await Promise.all([
          api.searchProducts(trimmed, { page: 1, limit: 5 }),
          api.searchCategories(trimmed),
          api.listSubcategories(trimmed),
        ]);
        if (cancelled) return;
        setResults({
          query: trimmed,
          products: products.products,
          productTotal: products.total,
          categories,
          subcategories,
        });
      } catch {
        if (!cancelled) {
          setResults({
            query: trimmed,
            products: [],
            productTotal: 0,
            categories: [],
            subcategories: [],
          });
        }
      } finally {
        if (!cancelled) {
          setLoading(false);
          setOpen(true);
          setTab('products');
        }
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const clear = () => {
    setQuery('');
    setResults(null);
    setOpen(false);
  };

  const goToResults = () => {
    const trimmed = query.trim();
    if (!trimmed) return;
    navigate(searchResultsPath(trimmed));
    clear();
    onNavigate?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    goToResults();
  };

  const picked = () => {
    clear();
    onNavigate?.();
  };

  const categoryOf = (subcategory: Subcategory) =>
    navigation.find((category) => category._id === subcategory.category._id) ??
    subcategory.category;

  const counts: Record<Tab, number> = {
    products: results?.productTotal ?? 0,
    categories: results?.categories.length ?? 0,
    subcategories: results?.subcategories.length ?? 0,
  };
  const empty = results !== null && counts[tab] === 0;
  const showDropdown = open && results !== null && query.trim().length >= SEARCH_MIN_CHARS;

  return (
    <div ref={containerRef} className="relative w-full">
      <form role="search" onSubmit={onSubmit} className="relative">
        <label htmlFor={`${idPrefix}-search`} className="sr-only">
          Search products
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
        <input
          ref={inputRef}
          id={`${idPrefix}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => results && query.trim().length >= SEARCH_MIN_CHARS && setOpen(true)}
          placeholder="Search bras, nightwear, sizes..."
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-controls={showDropdown ? listId : undefined}
          aria-expanded={showDropdown}
          className="w-full rounded-full border border-line bg-white py-2 pl-9 pr-9 text-sm placeholder:text-muted/80 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-200 [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          <button
            type="button"
            onClick={clear}
            aria-label="Clear search"
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1 text-muted hover:bg-blush"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        )}
      </form>

      {showDropdown && results && (
        // At most 500 px high (and never taller than the screen below the box): the tabs and the
        // 'View All Results' footer stay in view, only the results between them scroll.
        <div
          id={listId}
          data-testid="search-dropdown"
          className="absolute left-0 right-0 top-full z-50 mt-2 flex max-h-[min(500px,calc(100dvh-9rem))] flex-col overflow-hidden rounded-xl border border-line bg-white shadow-xl md:min-w-[26rem]"
        >
          <div
            role="tablist"
            aria-label="Search results"
            className="flex shrink-0 border-b border-line text-[13px] sm:text-sm"
          >
            {(['products', 'categories', 'subcategories'] as const).map((name) => (
              // A narrow dropdown wraps a label's count under its name rather than cutting it.
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={`min-w-0 flex-auto px-1.5 py-2.5 leading-tight capitalize sm:px-3 ${tab === name ? 'border-b-2 border-brand-600 font-semibold text-brand-700' : 'text-muted hover:text-ink'}`}
              >
                {name} ({counts[name]})
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2"
            data-testid="search-results"
          >
            {loading && <p className="px-2 py-3 text-sm text-muted">Searching...</p>}
            {empty && (
              <p className="px-2 py-6 text-center text-sm text-muted">
                No results found for &quot;{results.query}&quot;
              </p>
            )}
            {tab === 'products' &&
              results.products.map((product) => (
                <Link
                  key={product._id}
                  to={`/product/${product._id}`}
                  onClick={picked}
                  className="flex items-center gap-3 rounded-lg p-2 hover:bg-blush"
                >
                  <ResponsiveImage
                    src={product.images[0] ?? ''}
                    alt=""
                    width={48}
                    height={64}
                    widths={[150]}
                    sizes="48px"
                    className="h-16 w-12 rounded object-cover"
                  />
                  {/* Names take up to two lines, so a phone shows them whole. */}
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 text-sm font-medium leading-snug">
                      {product.name}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {product.subcategoryName ?? product.categoryName}
                    </span>
                  </span>
                  <span className="shrink-0 whitespace-nowrap text-sm font-semibold">
                    {formatPrice(product.price)}
                  </span>
                </Link>
              ))}
            {tab === 'categories' &&
              results.categories.map((category) => (
                <Link
                  key={category._id}
                  to={categoryPath(category)}
                  onClick={picked}
                  className="block rounded-lg px-3 py-2 text-sm hover:bg-blush"
                >
                  {category.name}
                </Link>
              ))}
            {tab === 'subcategories' &&
              results.subcategories.map((subcategory) => (
                <Link
                  key={subcategory._id}
                  to={subcategoryPath(categoryOf(subcategory), subcategory)}
                  onClick={picked}
                  className="block rounded-lg px-3 py-2 text-sm hover:bg-blush"
                >
                  {subcategory.name}
                  <span className="ml-2 text-xs text-muted">in {subcategory.category.name}</span>
                </Link>
              ))}
          </div>
          <div className="shrink-0 border-t border-line bg-white">
            <button
              type="button"
              onClick={goToResults}
              className="w-full py-3 text-sm font-semibold text-brand-700 hover:bg-blush"
            >
              View All Results
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
