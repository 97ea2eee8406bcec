/**
 * Offers without a code, from one import: what the shop defines and where an offer stands
 * (offer-definitions), which products it covers (offer-eligibility), how a cart's units are
 * grouped under the live offers (offer-grouping), and which codes may stack on them
 * (offer-code-stacking). The rule is written down in docs/decisions/0069.
 */
export * from './offer-definitions.ts';
export { badgeOfferFor, isEligibleForOffer, type OfferProduct } from './offer-eligibility.ts';
export * from './offer-grouping.ts';
export * from './offer-code-stacking.ts';
