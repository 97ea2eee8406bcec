// What the storefront, cart and orders say of offers without a code: the badge, the offer page's
// answer, the offers applied to a cart or order and their suggestions. A module apart from the
// back office's form schema (offers.ts) so the catalogue, cart and order answers the browser
// parses do not carry that form and the offer rules behind it. zod/mini: parsed in the browser.
import * as z from 'zod/mini';
import { successEnvelope } from './common-mini.ts';

/** The badge on a card or product page: the best live offer the product is eligible for. */
export const offerBadge = z.nullable(
  z.object({ id: z.string(), label: z.string(), slug: z.string() }),
);
export type OfferBadge = z.infer<typeof offerBadge>;

/** `GET /offers/{slug}`: a live offer's page (its products: `GET /product/products?offer={slug}`). */
export const publicOffer = z.object({
  offer: z.object({
    id: z.string(),
    label: z.string(),
    name: z.string(),
    slug: z.string(),
    endsAt: z.nullable(z.string()),
  }),
});
export type PublicOffer = z.infer<typeof publicOffer>;
export const publicOfferResponse = successEnvelope(publicOffer);

/** An offer applied to the cart or order: its label, the units grouped and what it takes off. */
export const appliedOffer = z.object({
  id: z.string(),
  label: z.string(),
  units: z.number(),
  /** Rupees taken off by all its groups. */
  discountAmount: z.number(),
});
export type AppliedOfferAnswer = z.infer<typeof appliedOffer>;

/** What is missing for one more group: 'Add 1 more eligible panty to get 3 for ₹999'. */
export const offerSuggestion = z.object({
  id: z.string(),
  label: z.string(),
  missingUnits: z.number(),
  message: z.string(),
});
export type OfferSuggestionAnswer = z.infer<typeof offerSuggestion>;

/** What a cart line says of offers: its share and the explanation of its grouping. */
export const lineOfferFields = {
  /** Rupees the offers take off this line (its units' list prices less their shares). */
  offerDiscount: z.number(),
  /** The offer the line's units are grouped under, or null. */
  offer: z.nullable(z.object({ id: z.string(), label: z.string() })),
  /** '2 of 3 in 3 for ₹999 (−₹232.00)'; null outside any group. */
  offerNote: z.nullable(z.string()),
};

/** What an order keeps per line: list price, offer share, code share, what was paid (rupees). */
export const orderLineMoneyFields = {
  /** The line's list total (unit price × quantity). */
  listTotal: z.number(),
  /** Its units' shares of the offers they were grouped under, as placed. */
  offerDiscount: z.number(),
  /** Its share of the codes (codes apply after offers). */
  codeDiscount: z.number(),
  /** What the line was sold for: list total less both. */
  paid: z.number(),
  /** The offer as the order keeps it (label as placed), or null. */
  offer: z.nullable(z.object({ id: z.string(), label: z.string() })),
};
