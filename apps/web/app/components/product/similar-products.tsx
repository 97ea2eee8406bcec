import type { CardProduct } from '../listing/listing-query';
import { lazy, Suspense } from 'react';
import { Await } from 'react-router';

// The row's code (the carousel and the product card with its offer badge) loads apart from the
// product page's: it is below the fold and streams in after the product, so the page's first load
// carries only this frame. The server renders it whole all the same.
const SimilarProductsCarousel = lazy(() =>
  import('./similar-products-carousel').then((module) => ({
    default: module.SimilarProductsCarousel,
  })),
);

/**
 * 2 cards per view below 768 px, 3 below 1024 px, 4 above, in plain CSS so the
 * server-rendered row already has its final layout. gap-4 is 1rem, hence the subtractions.
 */
export const slideWidth =
  'shrink-0 snap-start basis-[calc((100%_-_1rem)/2)] md:basis-[calc((100%_-_2rem)/3)] lg:basis-[calc((100%_-_3rem)/4)]';

/** The 'Similar Products' row under a product, streamed in after the product itself. */
export function SimilarProducts({ products }: { products: Promise<CardProduct[]> }) {
  return (
    <Suspense fallback={<SimilarProductsSkeleton />}>
      <Await resolve={products} errorElement={null}>
        {(list) => <SimilarProductsCarousel products={list} />}
      </Await>
    </Suspense>
  );
}

export const sectionClass = 'mt-16 border-t border-line pt-10';

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
