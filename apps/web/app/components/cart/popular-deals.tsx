import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shop/contracts/catalogue';
import { createApiClient, type ApiClient } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { mediaUrl } from '../../lib/media';

const CACHE_KEY = 'popularDeals';
const CACHE_MS = 60 * 60 * 1000;
const MAX_DEALS = 6;

export interface PopularDeal {
  _id: string;
  name: string;
  price: number;
  mrp: number;
  image: string;
}

type Deal = PopularDeal;

/**
 * One or two products per category. The cart's and wishlist's loaders ask on the server, so the
 * section is in the first HTML and nothing below it moves when the page hydrates.
 */
export async function fetchPopularDeals(api: ApiClient): Promise<PopularDeal[]> {
  const categories = await api.listCategories();
  const lists = await Promise.all(
    categories.map((category) =>
      api.listProductsByCategory(category._id, { page: 1, limit: 2 }).catch(() => null),
    ),
  );
  return lists
    .flatMap((list) => list?.products ?? [])
    .map((product: Product) => ({
      _id: product._id,
      name: product.name,
      price: product.price,
      // With no original price the deal shows an M.R.P. of 1.2 × price.
      mrp: product.originalPrice ?? Math.round(product.price * 1.2),
      image: product.colors[0]?.images[0] ?? '',
    }));
}

/** The deals in the browser (a visit within the app), cached there for an hour. */
async function loadDeals(): Promise<Deal[]> {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as {
      at: number;
      deals: Deal[];
    } | null;
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.deals;
  } catch {
    // an unreadable cache is refetched
  }
  const deals = await fetchPopularDeals(createApiClient());
  localStorage.setItem(CACHE_KEY, JSON.stringify({ at: Date.now(), deals }));
  return deals;
}

/**
 * Suggestions beside the cart ('Popular Deals') and the wishlist ('You Might Also Like'): at most
 * six, leaving out what the shopper already has in her cart or wishlist.
 */
export function PopularDeals({
  exclude,
  title = 'Popular Deals',
  emptyText = 'No deals available',
  initial = null,
  inView = false,
}: {
  exclude: string[];
  title?: string;
  emptyText?: string;
  /** The deals the server rendered the page with (none on a visit within the app). */
  initial?: PopularDeal[] | null;
  /**
   * The section starts within a phone's first screen (an empty wishlist): its first row of
   * pictures (two on a phone) is fetched at once, not lazily after layout, so that screen
   * finishes painting sooner.
   */
  inView?: boolean;
}) {
  const [deals, setDeals] = useState<Deal[] | null>(initial);
  const rendered = initial !== null;
  useEffect(() => {
    if (rendered) return;
    let live = true;
    loadDeals()
      .then((loaded) => live && setDeals(loaded))
      .catch(() => live && setDeals([]));
    return () => {
      live = false;
    };
  }, [rendered]);
  if (deals === null) return null;
  const shown = deals.filter((deal) => !exclude.includes(deal._id)).slice(0, MAX_DEALS);
  return (
    <section className="mt-12" aria-labelledby="deals-title">
      <h2 id="deals-title" className="font-serif text-2xl">
        {title}
      </h2>
      {shown.length === 0 ? (
        <p className="mt-3 text-muted">{emptyText}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {shown.map((deal, index) => (
            <li key={deal._id}>
              <Link
                to={`/product/${deal._id}`}
                className="block rounded-xl border border-line bg-white p-2 hover:border-brand-300"
              >
                <img
                  src={mediaUrl(deal.image, 400)}
                  alt=""
                  width={200}
                  height={250}
                  loading={inView && index < 2 ? 'eager' : 'lazy'}
                  className="aspect-[4/5] w-full rounded-lg bg-cream object-cover"
                />
                <span className="mt-2 line-clamp-2 text-sm">{deal.name}</span>
                <span className="text-sm font-semibold">{formatPrice(deal.price)}</span>{' '}
                {deal.mrp > deal.price && (
                  <s className="text-xs text-muted">{formatPrice(deal.mrp)}</s>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
