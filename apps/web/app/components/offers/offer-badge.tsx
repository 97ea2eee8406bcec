import { Link } from 'react-router';
import type { OfferBadge as OfferBadgeAnswer } from '@shop/contracts/offers';

/**
 * The offer's badge ('3 for ₹999'), a link to the offer's page listing everything eligible. The
 * words are the owner's label as the server sends it: the storefront never restates the offer.
 * Kept small: it ships with every product card in the shell's first-load JavaScript.
 */
export function OfferBadge({
  offer,
  className = 'mt-1.5 px-2 py-0.5 text-xs',
}: {
  /** What a catalogue answer says of the offer a product is in (null when none). */
  offer: OfferBadgeAnswer | undefined;
  /** Where it sits and its size; a card's by default. */
  className?: string;
}) {
  return offer ? (
    <Link
      to={`/offers/${offer.slug}`}
      data-testid="offer-badge"
      aria-label={`Offer: ${offer.label}`}
      className={`inline-block rounded-full bg-brand-100 font-semibold text-brand-800 hover:bg-brand-200 ${className}`}
    >
      {offer.label}
    </Link>
  ) : null;
}
