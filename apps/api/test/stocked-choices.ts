import type { StockedChoice } from './cart-helpers.ts';

/**
 * One choice per product from a products list answer (`/api/product/products`): its first colour
 * with a size holding at least `minStock`, and that size. Kept free of the test app, so the
 * process tests and benchmarks that talk HTTP to real servers can use it too.
 */
export function stockedChoicesIn(
  products: {
    _id: string;
    name: string;
    price: number;
    originalPrice: number | null;
    category: string | { _id: string };
    colors: {
      colorName: string;
      colorHex: string;
      images: string[];
      sizeStock: { size: string; stock: number }[];
    }[];
  }[],
  minStock: number,
): StockedChoice[] {
  const choices: StockedChoice[] = [];
  for (const product of products) {
    for (const color of product.colors) {
      const entry = color.sizeStock.find((s) => s.stock >= minStock);
      if (!entry) continue;
      choices.push({
        productId: product._id,
        name: product.name,
        price: product.price,
        originalPrice: product.originalPrice,
        categoryId: typeof product.category === 'string' ? product.category : product.category._id,
        colorName: color.colorName,
        colorHex: color.colorHex,
        size: entry.size,
        stock: entry.stock,
        image: color.images[0]!,
      });
      break;
    }
  }
  return choices;
}
