import type { AdminOffer } from '@shop/contracts/offers';
import type { OfferKind, OfferState } from '@shop/domain/offers';
import { formatIndiaDateTime, formatRupees } from '../admin-format';
import { Badge } from '../list-page/list-columns';

export const OFFER_STATE_WORDS: Record<OfferState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  ended: 'Ended',
};

export const OFFER_KIND_WORDS: Record<OfferKind, string> = {
  bundle_price: 'Any N for a price',
  buy_get: 'Buy N get M free',
  nth_percent: 'A percentage off one piece in N',
};

/** What the offer does, in the owner's terms: 'Any 3 for ₹999', 'Buy 2 get 1 free'. */
export function offerRuleWords(
  offer: Pick<AdminOffer, 'kind' | 'units' | 'bundlePrice' | 'freeUnits' | 'percent'>,
): string {
  if (offer.kind === 'bundle_price') {
    return `Any ${offer.units} for ${formatRupees(offer.bundlePrice ?? 0)}`;
  }
  if (offer.kind === 'buy_get') return `Buy ${offer.units} get ${offer.freeUnits ?? 0} free`;
  return `${offer.percent ?? 0}% off the cheapest of every ${offer.units}`;
}

/** When it runs: 'from 1 Nov 2026, 00:00 until 30 Nov 2026, 23:59', or 'Always'. */
export function scheduleWords(offer: Pick<AdminOffer, 'startsAt' | 'endsAt'>): string {
  const parts: string[] = [];
  if (offer.startsAt) parts.push(`from ${formatIndiaDateTime(offer.startsAt)}`);
  if (offer.endsAt) parts.push(`until ${formatIndiaDateTime(offer.endsAt)}`);
  return parts.length > 0 ? parts.join(' ') : 'No end date';
}

const STATE_TONES = {
  active: 'plain',
  scheduled: 'alert',
  expired: 'off',
  ended: 'off',
} as const satisfies Record<OfferState, string>;

export function OfferStateBadge({ state }: { state: OfferState }) {
  return <Badge text={OFFER_STATE_WORDS[state]} tone={STATE_TONES[state]} />;
}
