import type { FacetRow } from './catalogue.repository.ts';
import type { IndexedProduct } from './indexed-product.ts';

/** Facet counts over a set of products, in the rows the facet query answers. */
export function facetRowsOf(products: Iterable<IndexedProduct>): FacetRow[] {
  const sizes = new Map<string, { value: string; count: number }>();
  const colors = new Map<string, { value: string; hex: string; count: number }>();
  const tags = new Map<string, number>();
  const bands = new Map<string, number>();
  for (const product of products) {
    for (const [lower, size] of product.sizesInStock) {
      const entry = sizes.get(lower);
      if (!entry) sizes.set(lower, { value: size, count: 1 });
      else {
        entry.count += 1;
        if (size < entry.value) entry.value = size;
      }
    }
    for (const color of product.distinctColors) {
      const entry = colors.get(color.lower);
      if (!entry) colors.set(color.lower, { value: color.name, hex: color.hex, count: 1 });
      else {
        entry.count += 1;
        if (color.name < entry.value) entry.value = color.name;
        if (color.hex < entry.hex) entry.hex = color.hex;
      }
    }
    for (const tag of product.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    bands.set(product.priceBand, (bands.get(product.priceBand) ?? 0) + 1);
  }
  return [
    ...[...sizes.values()].map(({ value, count }) => ({
      facet: 'size' as const,
      value,
      color_hex: null,
      count,
    })),
    ...[...colors.values()].map(({ value, hex, count }) => ({
      facet: 'color' as const,
      value,
      color_hex: hex,
      count,
    })),
    ...[...tags].map(([value, count]) => ({
      facet: 'tag' as const,
      value,
      color_hex: null,
      count,
    })),
    ...[...bands].map(([value, count]) => ({
      facet: 'price' as const,
      value,
      color_hex: null,
      count,
    })),
  ];
}
