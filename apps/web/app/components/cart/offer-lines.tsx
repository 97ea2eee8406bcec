import type { CartItem } from '@shop/contracts/cart';
import type { AppliedOfferAnswer, OfferSuggestionAnswer } from '@shop/contracts/offers';
import { formatMoney, rupeesToPaise } from '@shop/domain/money';

/** '−₹348', or '−₹348.50' when there are paise: the offer's own words write whole rupees. */
const minus = (rupees: number) => formatMoney(-rupeesToPaise(rupees), { trimZeroPaise: true });

/**
 * The offers' rows of a summary's description list, before the codes' rows (codes apply to what
 * the offers leave): '3 for ₹999 · 3 pieces  −₹348'. Every figure is the server's; the page adds
 * nothing up.
 */
export function OfferRows({ offers }: { offers: readonly AppliedOfferAnswer[] }) {
  return offers.map((offer) => (
    <div
      key={offer.id}
      className="flex justify-between gap-3 text-green-700"
      data-testid="offer-line"
    >
      <dt>
        {offer.label}
        <span className="text-muted">
          {' '}
          · {offer.units === 1 ? '1 piece' : `${offer.units} pieces`}
        </span>
      </dt>
      <dd>{minus(offer.discountAmount)}</dd>
    </div>
  ));
}

/** The server's suggestions, each a line of its own under the summary's figures. */
export function OfferSuggestions({
  suggestions,
}: {
  suggestions: readonly OfferSuggestionAnswer[];
}) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Offers within reach">
      {suggestions.map((suggestion) => (
        <li
          key={suggestion.id}
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
          data-testid="offer-suggestion"
        >
          {suggestion.message}
        </li>
      ))}
    </ul>
  );
}

/** Under a line: how the server grouped its units ('2 of 3 in 3 for ₹999 (−₹232.00)'). */
export function OfferNote({ item }: { item: Pick<CartItem, 'offerNote'> }) {
  if (!item.offerNote) return null;
  return (
    <p className="mt-1 text-sm text-green-700" data-testid="line-offer">
      {item.offerNote}
    </p>
  );
}
