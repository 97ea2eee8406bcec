/**
 * What other features may ask of offers: the offers that may apply (read once and kept for a few
 * seconds, dropped at once when the back office changes one), a live offer by its address, the
 * badge a product shows, and a cart's or order's lines grouped under the live offers. Every rule
 * is the domain's (packages/domain/src/offers.ts); carts, orders and the catalogue are handed
 * this, never the offers' table.
 */
import {
  applyOffers,
  badgeOfferFor,
  offerState,
  type Offer,
  type OfferApplication,
  type OfferLine,
  type OfferProduct,
} from '@shop/domain/offers';
import type { Database } from '../../db/client.ts';
import { selectCurrentOffers, toOffer } from './offers.repository.ts';

export type { Offer, OfferApplication, OfferLine };

export interface OfferBadgeView {
  id: string;
  label: string;
  slug: string;
}

export interface LiveOffers {
  /** Offers not ended nor past their end (scheduled ones too: the domain decides at `now`). */
  current(): Promise<Offer[]>;
  /** The offer at this address while it is active; undefined otherwise. */
  activeBySlug(slug: string, now?: Date): Promise<Offer | undefined>;
  /** The badge of the best live offer a product is eligible for, from offers already read. */
  badgeOf(offers: readonly Offer[], product: OfferProduct, now?: Date): OfferBadgeView | null;
  /** Lines grouped under the live offers: the least for the shopper to pay (see the domain). */
  apply(lines: readonly OfferLine[], now?: Date): Promise<OfferApplication>;
  /** Drops the offers kept, so the next read sees a change made here at once. */
  forget(): void;
}

export function createLiveOffers(db: Database, options: { ttlMs: number }): LiveOffers {
  let kept: { at: number; offers: Promise<Offer[]> } | undefined;

  function current(): Promise<Offer[]> {
    const now = Date.now();
    if (!kept || now - kept.at > options.ttlMs) {
      const offers = selectCurrentOffers(db, new Date(now)).then((rows) => rows.map(toOffer));
      kept = { at: now, offers };
      offers.catch(() => {
        if (kept?.offers === offers) kept = undefined;
      });
    }
    return kept.offers;
  }

  return {
    current,

    async activeBySlug(slug, now = new Date()) {
      const offers = await current();
      return offers.find((offer) => offer.slug === slug && offerState(offer, now) === 'active');
    },

    badgeOf(offers, product, now = new Date()) {
      const offer = badgeOfferFor(offers, product, now);
      return offer ? { id: offer.id, label: offer.label, slug: offer.slug } : null;
    },

    async apply(lines, now = new Date()) {
      return applyOffers(await current(), lines, now);
    },

    forget() {
      kept = undefined;
    },
  };
}
