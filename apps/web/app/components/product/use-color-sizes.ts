import type { ProductColor, SizeStock } from '@shop/contracts/catalogue';
import { useEffect, useMemo, useState } from 'react';
import { createApiClient } from '../../lib/api-client';

interface FetchedSizes {
  productId: string;
  sizes: Record<string, SizeStock[]>;
}

/**
 * The product's colours with every size list filled in. A colour that arrives without sizes gets
 * them from GET /api/product/{id}/colors/{colorName}/sizes in the browser.
 * Seeded products always carry their sizes, so this is a fallback that usually does nothing.
 */
export function useColorSizes(productId: string, colors: ProductColor[]): ProductColor[] {
  const [fetched, setFetched] = useState<FetchedSizes>({ productId, sizes: {} });
  const missingKey = colors
    .filter((color) => color.sizeStock.length === 0)
    .map((color) => color.colorName)
    .join('\n');

  useEffect(() => {
    if (!missingKey) return;
    let stale = false;
    const api = createApiClient();
    for (const colorName of missingKey.split('\n')) {
      api
        .getColorSizes(productId, colorName)
        .then((answer) => answer.sizes)
        // A failure reads as "no sizes": the size buttons stay empty and adding stays disabled.
        .catch(() => [] as SizeStock[])
        .then((sizes) => {
          if (stale) return;
          setFetched((previous) => ({
            productId,
            sizes: {
              ...(previous.productId === productId ? previous.sizes : {}),
              [colorName]: sizes,
            },
          }));
        });
    }
    return () => {
      stale = true;
    };
  }, [productId, missingKey]);

  return useMemo(() => {
    if (fetched.productId !== productId) return colors;
    return colors.map((color) => {
      const sizes = fetched.sizes[color.colorName];
      return color.sizeStock.length === 0 && sizes ? { ...color, sizeStock: sizes } : color;
    });
  }, [colors, fetched, productId]);
}
