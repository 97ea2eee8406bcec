import type { CardProduct } from '../listing/listing-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';
import { ProductCard } from '../product-card';
import { sectionClass, slideWidth } from './similar-products';

const cardSizes =
  '(min-width: 1280px) 300px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw';

/** The 'Similar Products' row itself: the cards and the arrows that page through them. */
export function SimilarProductsCarousel({ products }: { products: CardProduct[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const list = scroller.current;
    if (!list) return;
    // A pixel of slack: scroll positions are fractional on high-density screens.
    setEdges({
      atStart: list.scrollLeft <= 1,
      atEnd: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, products]);

  if (products.length === 0) return null;

  const page = (direction: 1 | -1) => {
    const list = scroller.current;
    if (!list) return;
    list.scrollBy({ left: direction * list.clientWidth, behavior: 'smooth' });
  };
  const scrollable = !(edges.atStart && edges.atEnd);
  const arrow =
    'grid h-10 w-10 place-items-center rounded-full border border-line bg-white text-ink transition hover:border-brand-400 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <section aria-labelledby="similar-products-heading" className={sectionClass}>
      <div className="flex items-center justify-between gap-4">
        <h2 id="similar-products-heading" className="font-serif text-2xl">
          Similar Products
        </h2>
        {scrollable && (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => page(-1)}
              disabled={edges.atStart}
              aria-label="Previous similar products"
              className={arrow}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              onClick={() => page(1)}
              disabled={edges.atEnd}
              aria-label="Next similar products"
              className={arrow}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <ul
        ref={scroller}
        onScroll={measure}
        className="mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        data-testid="similar-products"
      >
        {products.map((product) => (
          <li key={product._id} className={slideWidth}>
            <ProductCard product={product} sizes={cardSizes} />
          </li>
        ))}
      </ul>
    </section>
  );
}
