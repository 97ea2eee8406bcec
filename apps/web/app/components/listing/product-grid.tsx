import { ProductCard } from '../product-card';
import type { CardProduct } from './listing-query';

/**
 * Cards in two columns on phones, three beside the filter sidebar, four on wide screens. Only the
 * first two images are fetched with high priority: the first row on a phone, and enough of the
 * first row on a desktop for the largest paint; the rest load lazily.
 */
export function ProductGrid({
  products,
  sizes = '(min-width: 1280px) 230px, (min-width: 1024px) 22vw, (min-width: 768px) 21vw, (min-width: 640px) 30vw, 46vw',
}: {
  products: readonly CardProduct[];
  /** How wide a card shows at each viewport; the default assumes the filter sidebar. */
  sizes?: string;
}) {
  return (
    <ul
      className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 xl:grid-cols-4"
      data-testid="product-grid"
    >
      {products.map((product, index) => (
        <li key={product._id} data-created-at={product.createdAt}>
          <ProductCard product={product} priority={index < 2} sizes={sizes} />
          {product.sizeMatch && (
            // On a list filtered by her size: hers, or the sister size in stock.
            <p className="mt-1 text-xs font-medium text-brand-700" data-testid="size-match">
              {product.sizeMatch.sister
                ? `In your sister size ${product.sizeMatch.size}`
                : 'In your size'}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
