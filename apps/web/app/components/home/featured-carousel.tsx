import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createApiClient } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { ResponsiveImage } from '../responsive-image';
import {
  applyWheel,
  autoRotateAllowed,
  canWheelStep,
  cardWidthFor,
  FEATURED_INTERVAL_MS,
  FEATURED_MANUAL_PAUSE_MS,
  initialWheelState,
  isMobileWidth,
  isShownOffset,
  nextIndex,
  previousIndex,
  ringAngle,
  ringGeometry,
  ringOffset,
  visibleCountFor,
} from './carousel-logic';
import {
  loadFeaturedCards,
  readFeaturedCache,
  writeFeaturedCache,
  type FeaturedCard,
} from './featured-data';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';
import { useCart } from '../../lib/cart-store';
import { useWishlist } from '../../lib/wishlist-store';
import { useInteractionPause } from './use-interaction-pause';
import { REDUCED_MOTION_QUERY, useMediaQuery, useViewportWidth } from './use-media-query';

type LoadState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; cards: FeaturedCard[] };

/** The list loads when the section comes near the screen, never competing with the page's first paint. */
function useFeaturedCards(target: React.RefObject<HTMLElement | null>): LoadState {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let cancelled = false;
    const load = async () => {
      const cached = readFeaturedCache(Date.now());
      if (cached) {
        setState({ status: 'ready', cards: cached });
        return;
      }
      try {
        const cards = await loadFeaturedCards(createApiClient());
        if (cancelled) return;
        if (cards.length > 0) writeFeaturedCache(cards, Date.now());
        setState({ status: 'ready', cards });
      } catch {
        if (!cancelled) setState({ status: 'error' });
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [target]);
  return state;
}

interface CardProps {
  card: FeaturedCard;
  width: 'mobile' | 'desktop';
  /** Only cards at or near the front fetch their image. */
  withImage: boolean;
}

function Card({ card, width, withImage }: CardProps) {
  const discounted = card.originalPrice != null && card.originalPrice > card.price;
  return (
    <Link
      to={`/product/${card._id}`}
      className="block overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-line"
      data-testid="featured-card"
    >
      <div className="aspect-[3/4] bg-blush">
        {withImage && (
          <ResponsiveImage
            src={card.image}
            alt=""
            width={600}
            height={800}
            widths={[200, 400, 600]}
            sizes={width === 'mobile' ? '140px' : '265px'}
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="p-2 min-[769px]:p-3">
        <p className="truncate text-[10px] uppercase tracking-wider text-brand-700 min-[769px]:text-xs">
          {card.label}
        </p>
        <h3 className="mt-0.5 line-clamp-2 h-8 text-xs font-medium leading-4 text-ink min-[769px]:h-10 min-[769px]:text-sm min-[769px]:leading-5">
          {card.name}
        </h3>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-xs min-[769px]:text-sm">
          <span className="font-semibold text-ink">{formatPrice(card.price)}</span>
          {discounted && (
            <s className="text-muted" aria-label={`M.R.P. ${formatPrice(card.originalPrice!)}`}>
              {formatPrice(card.originalPrice!)}
            </s>
          )}
        </p>
      </div>
    </Link>
  );
}

/** deltaY in pixels: some browsers and mice report lines (about 40 px each) or pages. */
function wheelPixels(event: WheelEvent): number {
  if (event.deltaMode === WheelEvent.DOM_DELTA_LINE) return event.deltaY * 40;
  if (event.deltaMode === WheelEvent.DOM_DELTA_PAGE) return event.deltaY * window.innerHeight;
  return event.deltaY;
}

/** Fixed stage heights (a card plus its shadow), so nothing moves when the cards arrive. */
const STAGE = 'h-[300px] min-[769px]:h-[480px]';

/** FEATURED PRODUCTS: a 3D ring of one product per subcategory, turned by time, wheel or arrows. */
export function FeaturedCarousel() {
  const section = useRef<HTMLElement>(null);
  const state = useFeaturedCards(section);
  const { cart } = useCart();
  const { has: inWishlist } = useWishlist();
  // What the shopper already has in her cart or wishlist is not suggested again.
  const cards = useMemo(() => {
    if (state.status !== 'ready') return [];
    const inCart = new Set(cart?.items.map((item) => item.productId));
    return state.cards.filter((card) => !inCart.has(card._id) && !inWishlist(card._id));
  }, [state, cart, inWishlist]);
  const count = cards.length;

  const [current, setCurrent] = useState(0);
  const pause = useInteractionPause();
  const viewportWidth = useViewportWidth();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const width = viewportWidth ?? 1280;
  const mobile = isMobileWidth(width);
  const cardWidth = cardWidthFor(width);
  const geometry = ringGeometry(visibleCountFor(width), cardWidth);
  const index = count > 0 ? Math.min(current, count - 1) : 0;

  // The wheel listener is attached once per layout; it reads the latest index from a ref.
  const currentRef = useRef(index);
  const pausedUntil = useRef(0);
  const wheel = useRef(initialWheelState);
  useEffect(() => {
    currentRef.current = index;
  }, [index]);

  useEffect(() => {
    if (count < 2 || reducedMotion !== false || pause.paused) return;
    const timer = window.setInterval(() => {
      if (autoRotateAllowed(Date.now(), pausedUntil.current)) {
        setCurrent((value) => nextIndex(Math.min(value, count - 1), count));
      }
    }, FEATURED_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, reducedMotion, pause.paused]);

  useEffect(() => {
    const element = section.current;
    if (!element || mobile || count < 2) return;
    const onWheel = (event: WheelEvent) => {
      const deltaY = wheelPixels(event);
      // Page scrolling goes on as usual at either end of the ring.
      if (!canWheelStep(deltaY, currentRef.current, count)) {
        wheel.current = initialWheelState;
        return;
      }
      event.preventDefault();
      const result = applyWheel(wheel.current, deltaY, event.timeStamp, currentRef.current, count);
      wheel.current = result.state;
      if (result.index !== currentRef.current) {
        currentRef.current = result.index;
        setCurrent(result.index);
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [mobile, count]);

  const move = (direction: 1 | -1) => {
    pausedUntil.current = Date.now() + FEATURED_MANUAL_PAUSE_MS;
    setCurrent(direction === 1 ? nextIndex(index, count) : previousIndex(index, count));
  };

  const arrow =
    'flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm transition hover:border-brand-400';

  return (
    <section
      ref={section}
      className="overflow-hidden bg-gradient-to-b from-cream to-blush py-12 md:py-16"
      aria-labelledby="featured-products-heading"
      data-section="featured-products"
      data-current={index}
      {...pause.handlers}
    >
      <h2
        id="featured-products-heading"
        className="text-center font-serif text-2xl tracking-wide text-ink md:text-4xl"
      >
        FEATURED PRODUCTS
      </h2>
      <div className={`relative mt-8 ${STAGE}`} style={{ perspective: `${geometry.radius * 3}px` }}>
        {state.status === 'loading' ? (
          <div className="flex h-full items-center justify-center" role="status">
            <span
              className="h-8 w-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
              aria-hidden="true"
            />
            <span className="sr-only">Loading featured products</span>
          </div>
        ) : state.status === 'error' ? (
          <p className="flex h-full items-center justify-center text-muted" role="alert">
            Failed to load featured products
          </p>
        ) : count === 0 ? (
          <p className="flex h-full items-center justify-center text-muted">
            No featured products available
          </p>
        ) : (
          <ul
            className="relative h-full [transform-style:preserve-3d]"
            style={{ transform: `translateZ(-${geometry.radius}px)` }}
            data-testid="featured-ring"
          >
            {cards.map((card, cardIndex) => {
              const offset = ringOffset(cardIndex, index, count);
              const shown = isShownOffset(offset, geometry);
              return (
                <li
                  key={card._id}
                  className={`absolute left-1/2 top-2 transition-[transform,opacity,visibility] duration-700 ease-out [backface-visibility:hidden] ${shown ? 'visible opacity-100' : 'invisible opacity-0'}`}
                  style={{
                    width: cardWidth,
                    marginLeft: -cardWidth / 2,
                    transform: `rotateY(${ringAngle(offset, geometry)}deg) translateZ(${geometry.radius}px)`,
                  }}
                  data-offset={offset}
                  data-testid="featured-slot"
                >
                  <Card
                    card={card}
                    width={mobile ? 'mobile' : 'desktop'}
                    // The next card either way fetches early, so turning shows no gap.
                    withImage={offset >= geometry.minOffset - 1 && offset <= geometry.maxOffset + 1}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {/* The controls' row is there from the start, so the page below does not move. */}
      <div className="mx-auto mt-4 flex h-11 max-w-md items-center gap-4 px-4">
        {count > 1 && (
          <>
            <button
              type="button"
              className={arrow}
              aria-label="Previous featured product"
              onClick={() => move(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <div
              className="h-1 flex-1 overflow-hidden rounded-full bg-white"
              role="progressbar"
              aria-label="Featured products position"
              aria-valuemin={1}
              aria-valuemax={count}
              aria-valuenow={index + 1}
              aria-valuetext={`${index + 1} of ${count}`}
            >
              <div
                className="h-full origin-left rounded-full bg-brand-600 transition-transform duration-500"
                style={{ transform: `scaleX(${(index + 1) / count})` }}
                data-testid="featured-progress"
              />
            </div>
            <button
              type="button"
              className={arrow}
              aria-label="Next featured product"
              onClick={() => move(1)}
            >
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>
    </section>
  );
}
