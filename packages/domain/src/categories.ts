import { slugify } from './catalogue.ts';

export const categoryRuleMessages = {
  notFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  slugTaken: 'Another category already uses this web address; choose another.',
  subcategorySlugTaken: 'Another subcategory of this category already uses this web address.',
  reorderMismatch: 'List every category exactly once, in the new order.',
  subcategoryReorderMismatch:
    'List every subcategory of this category exactly once, in the new order.',
} as const;

/**
 * Why a category or subcategory may not be deactivated yet: shoppers would find active products
 * whose shelf has gone. The owner moves or deactivates them first.
 */
export function deactivationRefusal(name: string, activeProducts: number): string | null {
  if (activeProducts <= 0) return null;
  const products =
    activeProducts === 1 ? '1 active product is' : `${activeProducts} active products are`;
  return `${products} still in ${name}; move or deactivate them first`;
}

/** A category's web address: the one typed (trimmed, lower-cased), else derived from its name. */
export function categorySlug(name: string, typed: string | undefined | null): string {
  const own = typed?.trim().toLowerCase() ?? '';
  return own !== '' ? own : slugify(name);
}

/**
 * A reorder names every sibling exactly once: a list missing one, repeating one or naming a
 * stranger would leave positions ambiguous, so it is refused as a whole.
 */
export function isCompleteOrder(current: readonly string[], proposed: readonly string[]): boolean {
  if (current.length !== proposed.length) return false;
  const wanted = new Set(current);
  const seen = new Set<string>();
  for (const id of proposed) {
    if (!wanted.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
