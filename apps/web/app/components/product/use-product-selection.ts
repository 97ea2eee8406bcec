import type { Product } from '@shop/contracts/catalogue';
import {
  clampQuantity,
  initialSelection,
  selectColor,
  stockOf,
} from '@shop/domain/product-selection';
import { useState } from 'react';

/** A product's colour, size and quantity; first its first colour's first size with stock. */
export function useProductSelection(product: Pick<Product, '_id' | 'colors'>) {
  const [state, setState] = useState(() => ({
    productId: product._id,
    ...initialSelection(product.colors),
    quantity: 1,
  }));
  // A different product (client navigation between product pages) starts over.
  const current =
    state.productId === product._id
      ? state
      : { productId: product._id, ...initialSelection(product.colors), quantity: 1 };
  if (current !== state) setState(current);

  const color = product.colors[current.colorIndex];
  const stock = stockOf(color, current.size);
  return {
    colorIndex: current.colorIndex,
    color,
    size: current.size,
    quantity: current.quantity,
    /** Stock of the chosen size; 0 when none is chosen. */
    stock,
    /** Add to cart and Buy It Now need a colour and an in-stock size. */
    ready: color !== undefined && current.size !== null && stock > 0,
    chooseColor: (colorIndex: number) =>
      setState((previous) => ({
        ...previous,
        ...selectColor(product.colors, colorIndex, previous.size),
        quantity: 1,
      })),
    chooseSize: (size: string) => setState((previous) => ({ ...previous, size, quantity: 1 })),
    setQuantity: (quantity: number) =>
      setState((previous) => ({
        ...previous,
        quantity: clampQuantity(
          quantity,
          stockOf(product.colors[previous.colorIndex], previous.size),
        ),
      })),
  };
}

export type ProductSelection = ReturnType<typeof useProductSelection>;
