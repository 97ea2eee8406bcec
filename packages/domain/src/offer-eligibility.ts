/**
 * Which products an offer covers, and which live offer a product's badge shows. Tags are compared
 * in any case; an excluded product is never covered.
 */
import { offerState, type Offer, type OfferDefinition } from './offer-definitions.ts';

/** A product as eligibility reads it. */
export interface OfferProduct {
  productId: string;
  categoryId: string;
  subcategoryId: string | null;
  tags: readonly string[];
}

/**
 * Whether an offer covers a product: never when excluded; otherwise when it is chosen, or in a
 * chosen category or subcategory, or carries a chosen tag (tags compared in any case).
 */
export function isEligibleForOffer(
  offer: Pick<
    OfferDefinition,
    'categoryIds' | 'subcategoryIds' | 'tags' | 'productIds' | 'excludedProductIds'
  >,
  product: OfferProduct,
): boolean {
  if (offer.excludedProductIds.includes(product.productId)) return false;
  if (offer.productIds.includes(product.productId)) return true;
  if (offer.categoryIds.includes(product.categoryId)) return true;
  if (product.subcategoryId !== null && offer.subcategoryIds.includes(product.subcategoryId)) {
    return true;
  }
  if (offer.tags.length === 0) return false;
  const wanted = new Set(offer.tags.map((tag) => tag.toLowerCase()));
  return product.tags.some((tag) => wanted.has(tag.toLowerCase()));
}

/** Offers tried first: higher priority, then the earlier id (so the order never varies). */
export function byPriority(a: Offer, b: Offer): number {
  return b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The live offer a product's badge shows: the first by priority among those that cover it. */
export function badgeOfferFor(
  offers: readonly Offer[],
  product: OfferProduct,
  now: Date,
): Offer | null {
  return (
    [...offers]
      .filter((offer) => offerState(offer, now) === 'active')
      .sort(byPriority)
      .find((offer) => isEligibleForOffer(offer, product)) ?? null
  );
}
