/**
 * Offers without a code ("any 3 for ₹999", "buy 2 get 1 free", "20 % off the 3rd"), as the shop
 * defines them: their kinds, stackings and states, the checks a definition must pass, where an
 * offer stands at a moment, and the word for one of its units. Amounts in paise. The rule is
 * written down in docs/decisions/0069.
 */
import type { Paise } from './money.ts';

export const offerKinds = ['bundle_price', 'buy_get', 'nth_percent'] as const;
export type OfferKind = (typeof offerKinds)[number];

/** Whether codes may apply to what an offer leaves: never, any code, or only the listed ones. */
export const offerStackings = ['none', 'any', 'listed'] as const;
export type OfferStacking = (typeof offerStackings)[number];

/** An offer's life at a moment: on now, not started, past its end, or ended by the shop. */
export const offerStates = ['active', 'scheduled', 'expired', 'ended'] as const;
export type OfferState = (typeof offerStates)[number];

/** The most units one group may hold: beyond it nobody's cart completes a group. */
export const MAX_OFFER_UNITS = 20;
/** The highest percentage off the Nth unit (100 % is buy_get's free unit). */
export const MAX_OFFER_PERCENT = 100;

/** What the shop defines (the back office's form, in paise). */
export interface OfferDefinition {
  name: string;
  /** What shoppers read on badges and in the cart: '3 for ₹999'. */
  label: string;
  slug: string;
  kind: OfferKind;
  /** bundle_price: N units for the bundle price; buy_get: N bought; nth_percent: the Nth unit. */
  units: number;
  bundlePricePaise: Paise | null;
  /** buy_get: M free with each N bought (the cheapest M of each group). */
  freeUnits: number | null;
  /** nth_percent: percent off the cheapest unit of each group of N. */
  percent: number | null;
  categoryIds: readonly string[];
  subcategoryIds: readonly string[];
  tags: readonly string[];
  productIds: readonly string[];
  excludedProductIds: readonly string[];
  startsAt: Date | null;
  endsAt: Date | null;
  /** Higher first: the badge a product shows, and the order offers are tried in. */
  priority: number;
  maxGroupsPerOrder: number | null;
  stacking: OfferStacking;
  /** Upper-case codes that may stack when `stacking` is 'listed'. */
  stackableCodes: readonly string[];
}

export const offerMessages = {
  notFound: 'Offer not found',
  unitsBundle: `A bundle needs 2 to ${MAX_OFFER_UNITS} units`,
  unitsBuyGet: `Buy 1 to ${MAX_OFFER_UNITS} units`,
  unitsNth: `The discounted unit is the 2nd to the ${MAX_OFFER_UNITS}th`,
  bundlePriceRequired: 'A bundle price is an amount above ₹0',
  freeUnitsRequired: `Free units are a whole number from 1 to ${MAX_OFFER_UNITS}`,
  percentRequired: `A percentage is a whole number from 1 to ${MAX_OFFER_PERCENT}`,
  onlyBundlePrice: 'Only a bundle price offer takes a bundle price',
  onlyFreeUnits: 'Only a buy-get offer takes free units',
  onlyPercent: 'Only a percentage offer takes a percentage',
  noProducts: 'Choose the categories, subcategories, tags or products the offer covers',
  endAfterStart: 'The end must be after the start',
  listedNeedsCodes: 'List the codes that may stack on the offer',
  codesOnlyListed: 'Codes are listed only when the offer lets listed codes stack',
  usedInOrders:
    'This offer is in past orders: it cannot change. End it and make a new offer instead.',
  alreadyEnded: 'This offer has ended already',
  slugTaken: (slug: string) => `The address ${slug} is taken by another offer: choose another`,
} as const;

export interface OfferProblem {
  field: keyof OfferDefinition;
  message: string;
}

const wholeIn = (value: number | null, min: number, max: number) =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

/**
 * Every rule a definition breaks across its fields, each with its field (empty when sound). A
 * bundle price at or above the price of its units just never groups them: the engine only forms a
 * group that saves the shopper money, so it is not refused here.
 */
export function offerDefinitionProblems(definition: OfferDefinition): OfferProblem[] {
  const problems: OfferProblem[] = [];
  const { kind } = definition;
  const unitsOk =
    kind === 'buy_get'
      ? wholeIn(definition.units, 1, MAX_OFFER_UNITS)
      : wholeIn(definition.units, 2, MAX_OFFER_UNITS);
  if (!unitsOk) {
    const message =
      kind === 'bundle_price'
        ? offerMessages.unitsBundle
        : kind === 'buy_get'
          ? offerMessages.unitsBuyGet
          : offerMessages.unitsNth;
    problems.push({ field: 'units', message });
  }
  if (kind === 'bundle_price') {
    if (definition.bundlePricePaise === null || definition.bundlePricePaise <= 0) {
      problems.push({ field: 'bundlePricePaise', message: offerMessages.bundlePriceRequired });
    }
  } else if (definition.bundlePricePaise !== null) {
    problems.push({ field: 'bundlePricePaise', message: offerMessages.onlyBundlePrice });
  }
  if (kind === 'buy_get') {
    if (!wholeIn(definition.freeUnits, 1, MAX_OFFER_UNITS)) {
      problems.push({ field: 'freeUnits', message: offerMessages.freeUnitsRequired });
    }
  } else if (definition.freeUnits !== null) {
    problems.push({ field: 'freeUnits', message: offerMessages.onlyFreeUnits });
  }
  if (kind === 'nth_percent') {
    if (!wholeIn(definition.percent, 1, MAX_OFFER_PERCENT)) {
      problems.push({ field: 'percent', message: offerMessages.percentRequired });
    }
  } else if (definition.percent !== null) {
    problems.push({ field: 'percent', message: offerMessages.onlyPercent });
  }
  if (
    definition.categoryIds.length +
      definition.subcategoryIds.length +
      definition.tags.length +
      definition.productIds.length ===
    0
  ) {
    problems.push({ field: 'categoryIds', message: offerMessages.noProducts });
  }
  if (
    definition.startsAt &&
    definition.endsAt &&
    definition.endsAt.getTime() <= definition.startsAt.getTime()
  ) {
    problems.push({ field: 'endsAt', message: offerMessages.endAfterStart });
  }
  if (definition.stacking === 'listed' && definition.stackableCodes.length === 0) {
    problems.push({ field: 'stackableCodes', message: offerMessages.listedNeedsCodes });
  }
  if (definition.stacking !== 'listed' && definition.stackableCodes.length > 0) {
    problems.push({ field: 'stackableCodes', message: offerMessages.codesOnlyListed });
  }
  return problems;
}

/** An offer as the engine applies it. */
export interface Offer extends OfferDefinition {
  id: string;
  /** When the shop ended it by hand; null while it runs its course. */
  endedAt: Date | null;
  /** The word for one eligible unit and for several, for the suggestion ('panty', 'panties'). */
  noun: OfferNoun;
}

export interface OfferStateFacts {
  startsAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
}

/** Where an offer stands at `now`: ended by the shop, not started, past its end, else active. */
export function offerState(facts: OfferStateFacts, now: Date): OfferState {
  if (facts.endedAt && now >= facts.endedAt) return 'ended';
  if (facts.startsAt && now < facts.startsAt) return 'scheduled';
  if (facts.endsAt && now >= facts.endsAt) return 'expired';
  return 'active';
}

export interface OfferNoun {
  one: string;
  many: string;
}

export const PIECE_NOUN: OfferNoun = { one: 'piece', many: 'pieces' };

/**
 * The word for a unit of an offer on one category, from the category's (plural) name: 'Panties'
 * gives panty/panties, 'Bras' bra/bras. An offer across several categories, or a category whose
 * name is no plain English plural ('Nightwear'), says 'piece'.
 */
export function offerNoun(categoryNames: readonly string[]): OfferNoun {
  if (categoryNames.length !== 1) return PIECE_NOUN;
  const many = categoryNames[0]!.trim().toLowerCase();
  if (!/^[a-z]+$/.test(many) || many.length < 3) return PIECE_NOUN;
  if (many.endsWith('ies')) return { one: `${many.slice(0, -3)}y`, many };
  if (/(ss|us)$/.test(many) || !many.endsWith('s')) return PIECE_NOUN;
  return { one: many.slice(0, -1), many };
}
