import { Link } from 'react-router';
import type { OfferBadge as OfferBadgeAnswer } from '@shop/contracts/offers';

interface OfferBadgeProps {
  /** What a catalogue answer says of the offer a product is in (null when none). */
  offer: OfferBadgeAnswer | undefined;
  size?: 'sm' | 'lg';
  className?: string;
}

/**
 * The offer's badge ('3 for ₹999'), a link to the offer's page listing everything eligible. The
 * words are the owner's label as the server sends it: the storefront never restates the offer.
 */
export function OfferBadge({ offer, size = 'sm', className = '' }: OfferBadgeProps) {
  if (!offer) return null;
  const look =
    size === 'lg' ? 'px-3 py-1 text-sm' : 'px-2 py-0.5 text-xs leading-5 max-w-full truncate';
  return (
    <Link
      to={`/offers/${encodeURIComponent(offer.slug)}`}
      data-testid="offer-badge"
      aria-label={`Offer: ${offer.label}`}
      className={`inline-block rounded-full bg-brand-100 font-semibold text-brand-800 hover:bg-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${look} ${className}`}
    >
      {offer.label}
    </Link>
  );
}
