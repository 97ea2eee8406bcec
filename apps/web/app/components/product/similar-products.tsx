import type { Product } from '@shop/contracts/catalogue';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Await } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';
import { ProductCard } from '../product-card';

/**
 * 2 cards per view below 768 px, 3 below 1024 px, 4 above, in plain CSS so the
 * server-rendered row already has its final layout. gap-4 is 1rem, hence the subtractions.
 */
const slideWidth =
  'shrink-0 snap-start basis-[calc((100%_-_1rem)/2)] md:basis-[calc((100%_-_2rem)/3)] lg:basis-[calc((100%_-_3rem)/4)]';

const cardSizes =
  '(min-width: 1280px) 300px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw';

/** The 'Similar Products' row under a product, streamed in after the product itself. */
export function SimilarProducts({ products }: { products: Promise<Product[]> }) {
  return (
    <Suspense fallback={<SimilarProductsSkeleton />}>
      <Await resolve={products} errorElement={null}>
        {(list) => <SimilarProductsCarousel products={list} />}
      </Await>
    </Suspense>
  );
}

const sectionClass = 'mt-16 border-t border-line pt-10';

function SimilarProductsCarousel({ products }: { products: Product[] }) {
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

/** Holds the row's place while it streams in, so nothing below it jumps. */
function SimilarProductsSkeleton() {
  return (
    <section aria-hidden="true" className={sectionClass}>
      <div className="h-8 w-52 rounded bg-blush" />
      <div className="mt-6 flex gap-4 overflow-hidden pb-2">
        {[0, 1, 2, 3].map((slot) => (
          <div key={slot} className={slideWidth}>
            <div className="aspect-[3/4] rounded-lg bg-blush" />
            <div className="mt-2 h-4 w-2/3 rounded bg-blush" />
            <div className="mt-2 h-4 w-1/3 rounded bg-blush" />
          </div>
        ))}
      </div>
    </section>
  );
}
