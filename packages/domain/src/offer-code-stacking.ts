/**
 * Which codes may stack on an offer, and the cart as a code reads it after the offers: codes
 * apply after offers, and only where an offer allows. Amounts in paise.
 */
import { spreadInProportion } from './gst.ts';
import type { Paise } from './money.ts';
import type { Offer } from './offer-definitions.ts';
import type { OfferApplication, OfferLine } from './offer-grouping.ts';

/** Whether a code may apply to what an offer leaves: as the offer's stacking says. */
export function codeMayStack(offer: Pick<Offer, 'stacking' | 'stackableCodes'>, code: string) {
  if (offer.stacking === 'any') return true;
  if (offer.stacking === 'none') return false;
  const wanted = code.trim().toUpperCase();
  return offer.stackableCodes.some((listed) => listed.toUpperCase() === wanted);
}

/** A line as a code sees it after the offers (see discounts.ts's DiscountLine). */
export interface LineAfterOffers {
  productId: string;
  categoryId: string;
  lineTotalPaise: Paise;
  /** False for units grouped under an offer on which this code may not stack. */
  codeMayApply: boolean;
}

/**
 * The cart as a code reads it: each line at what the offers leave of it, its units under an offer
 * that refuses this code split off as a part the code may not apply to (it still counts towards
 * the code's minimum order). Codes apply after offers, and only where allowed.
 */
export function codeLinesAfterOffers(
  offers: readonly Pick<Offer, 'id' | 'stacking' | 'stackableCodes'>[],
  lines: readonly OfferLine[],
  application: OfferApplication,
  code: string,
): LineAfterOffers[] {
  const byId = new Map(offers.map((offer) => [offer.id, offer]));
  return lines.flatMap((line, index) => {
    const result = application.lines[index]!;
    let allowed = 0;
    let refused = 0;
    for (const unit of result.units) {
      const offer = unit.offerId === null ? undefined : byId.get(unit.offerId);
      if (!offer || codeMayStack(offer, code)) allowed += unit.sharePaise;
      else refused += unit.sharePaise;
    }
    const parts: LineAfterOffers[] = [];
    const base = { productId: line.productId, categoryId: line.categoryId };
    if (allowed > 0 || refused === 0)
      parts.push({ ...base, lineTotalPaise: allowed, codeMayApply: true });
    if (refused > 0) parts.push({ ...base, lineTotalPaise: refused, codeMayApply: false });
    return parts;
  });
}

/**
 * Each line's share of the codes' amount: in proportion to what the offers leave of the line, to
 * the paisa by the largest remainders (the earlier line on a tie), adding up to the amount. With
 * no offers this is the order's long-standing spread of its discount over its lines.
 */
export function codeSharesAfterOffers(
  codePaise: Paise,
  afterOffersPaise: readonly Paise[],
): Paise[] {
  return spreadInProportion(codePaise, afterOffersPaise);
}
