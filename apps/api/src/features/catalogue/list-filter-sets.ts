import { priceBandBounds } from '@shop/domain/catalogue';
import { intersection, type BitSets } from './bit-sets.ts';
import type { ProductFilters } from './catalogue.repository.ts';
import type { IndexedProduct } from './indexed-product.ts';

/**
 * The products the list filters let through, or undefined when there are none: price band
 * bounds, a size in stock matching hers (any case; by each product's chart, with its sister
 * sizes when asked), a colour or tag containing the text (any case).
 */
export function filterSetOf(
  sets: BitSets<IndexedProduct>,
  filters: ProductFilters,
  matchesSize: (product: IndexedProduct, size: string, sisters: boolean) => boolean,
): Uint32Array | undefined {
  const wanted: Uint32Array[] = [];
  if (filters.price) {
    const { aboveExclusive: above, atMostInclusive: atMost } = priceBandBounds(filters.price);
    wanted.push(
      sets.of(
        `price:${filters.price}`,
        (product) =>
          (above === null || product.pricePaise > above) &&
          (atMost === null || product.pricePaise <= atMost),
      ),
    );
  }
  const size = filters.size?.toLowerCase();
  if (size) {
    const sisters = filters.sisterSizes === true;
    wanted.push(
      sets.of(`size:${size}:${sisters}`, (product) => matchesSize(product, size, sisters)),
    );
  }
  const color = filters.color?.toLowerCase();
  if (color) {
    wanted.push(
      sets.of(`color:${color}`, (product) =>
        product.colors.some((entry) => entry.lower.includes(color)),
      ),
    );
  }
  const tag = filters.tag?.toLowerCase();
  if (tag) {
    wanted.push(
      sets.of(`tag:${tag}`, (product) =>
        product.tags.some((name) => name.toLowerCase().includes(tag)),
      ),
    );
  }
  const offer = filters.offer;
  if (offer) {
    wanted.push(
      sets.of(`offer:${offer.key}`, (product) =>
        offer.covers({
          productId: product.id,
          categoryId: product.categoryId,
          subcategoryId: product.subcategoryId,
          tags: product.tags,
        }),
      ),
    );
  }
  if (wanted.length === 0) return undefined;
  return wanted.length === 1 ? wanted[0] : intersection(wanted);
}
