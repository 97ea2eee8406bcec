import type { Product } from '@shop/contracts/catalogue';

/**
 * The tile's picture is the first colour's first photo: its alt text as the owner wrote it, else
 * the product and that colour's name.
 */
export function cardImageAlt(
  product: Pick<Product, 'name' | 'imageAlts'> & Partial<Pick<Product, 'colors'>>,
): string {
  const own = product.imageAlts?.[0];
  if (own) return own;
  const color = product.colors?.[0];
  return color ? `${product.name} in ${color.colorName}` : product.name;
}
