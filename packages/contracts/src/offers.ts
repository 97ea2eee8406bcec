// Offers without a code ('3 for ₹999'): the back office's one form schema (the screen's form and
// the create and edit routes alike), its list query and answers; the storefront's offer page and
// badge, and what the cart and orders say of offers, are offer-answers.ts's (re-exported here).
// Money is rupees here, paise in the domain.
// zod/mini because the form ships to the browser.
import * as z from 'zod/mini';
import { isUuid } from '@shop/domain/ids';
import { rupeesToPaise } from '@shop/domain/money';
import {
  MAX_OFFER_PERCENT,
  MAX_OFFER_UNITS,
  offerDefinitionProblems,
  offerKinds,
  offerMessages,
  offerStackings,
  offerStates,
  type OfferDefinition,
} from '@shop/domain/offers';
import { plainText, requiredText, rupeeAmount, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const adminOfferMessages = {
  ...offerMessages,
  nameRequired: 'Please enter the offer’s name',
  labelRequired: 'Please enter the label shoppers see, e.g. 3 for ₹999',
  slugInvalid: 'Use lower-case letters, digits and dashes for the address, e.g. any-3-panties',
  kindInvalid: 'Choose a bundle price, buy-get or a percentage off the Nth unit',
  stackingInvalid: 'Choose whether codes may stack: none, any or listed',
  numberInvalid: 'Enter a whole number',
  unitsInvalid: `Units are a whole number from 1 to ${MAX_OFFER_UNITS}`,
  amountInvalid: 'Amounts are rupees with at most 2 decimals, 0 or more',
  percentInvalid: `A percentage is a whole number from 1 to ${MAX_OFFER_PERCENT}`,
  priorityInvalid: 'Priority is a whole number from -1000 to 1000',
  maxGroupsInvalid: 'A maximum of groups is a whole number of 1 or more, or empty for none',
  dateInvalid: 'Enter a date and time',
  idsInvalid: 'Choose categories, subcategories and products from the lists',
  tagsInvalid: 'Tags are words of at most 40 letters',
  codesInvalid: 'Codes are 3 to 30 letters, digits, - or _',
  unknownCategory: 'One of the chosen categories does not exist',
  unknownSubcategory: 'One of the chosen subcategories does not exist',
  unknownProduct: 'One of the chosen products does not exist',
  invalidCursor: invalidCursorMessage,
} as const;

/** Offer addresses: /offers/{slug}. */
export const OFFER_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const whole = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .check(
      z.int({ error: message }),
      z.minimum(min, { error: message }),
      z.maximum(max, { error: message }),
    );
const instant = z.nullable(z.iso.datetime({ offset: true, error: adminOfferMessages.dateInvalid }));
const ids = z._default(
  z.array(z.string({ error: adminOfferMessages.idsInvalid })).check(
    z.maxLength(500, { error: adminOfferMessages.idsInvalid }),
    z.refine((list) => list.every(isUuid), { error: adminOfferMessages.idsInvalid }),
  ),
  [],
);
const tags = z._default(
  z
    .array(
      z
        .string({ error: adminOfferMessages.tagsInvalid })
        .check(
          z.trim(),
          z.minLength(1, { error: adminOfferMessages.tagsInvalid }),
          z.maxLength(40, { error: adminOfferMessages.tagsInvalid }),
          plainText(adminOfferMessages.tagsInvalid),
        ),
    )
    .check(z.maxLength(50, { error: adminOfferMessages.tagsInvalid })),
  [],
);
const codes = z._default(
  z
    .array(
      z.pipe(
        z
          .string({ error: adminOfferMessages.codesInvalid })
          .check(
            z.trim(),
            z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,29}$/, adminOfferMessages.codesInvalid),
          ),
        z.transform((code) => code.toUpperCase()),
      ),
    )
    .check(z.maxLength(50, { error: adminOfferMessages.codesInvalid })),
  [],
);

/** The form's field behind each domain rule, for the message to sit under the right input. */
const FORM_FIELD: Record<keyof OfferDefinition, string> = {
  name: 'name',
  label: 'label',
  slug: 'slug',
  kind: 'kind',
  units: 'units',
  bundlePricePaise: 'bundlePrice',
  freeUnits: 'freeUnits',
  percent: 'percent',
  categoryIds: 'categoryIds',
  subcategoryIds: 'subcategoryIds',
  tags: 'tags',
  productIds: 'productIds',
  excludedProductIds: 'excludedProductIds',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  priority: 'priority',
  maxGroupsPerOrder: 'maxGroupsPerOrder',
  stacking: 'stacking',
  stackableCodes: 'stackableCodes',
};

const offerFormFields = z.object({
  name: requiredText(adminOfferMessages.nameRequired, 120),
  /** What shoppers read on badges and in the cart: '3 for ₹999'. */
  label: requiredText(adminOfferMessages.labelRequired, 40),
  slug: z
    .string({ error: adminOfferMessages.slugInvalid })
    .check(
      z.trim(),
      z.minLength(3, { error: adminOfferMessages.slugInvalid }),
      z.maxLength(80, { error: adminOfferMessages.slugInvalid }),
      z.regex(OFFER_SLUG_PATTERN, adminOfferMessages.slugInvalid),
    ),
  kind: z.enum(offerKinds, { error: adminOfferMessages.kindInvalid }),
  /** bundle_price: N units for the price; buy_get: N bought; nth_percent: the Nth unit. */
  units: whole(adminOfferMessages.unitsInvalid, 1, MAX_OFFER_UNITS),
  /** Rupees, bundle_price only. */
  bundlePrice: z._default(z.nullable(rupeeAmount(adminOfferMessages.amountInvalid)), null),
  /** buy_get only: M free with each N (the cheapest M of each group). */
  freeUnits: z._default(
    z.nullable(whole(adminOfferMessages.unitsInvalid, 1, MAX_OFFER_UNITS)),
    null,
  ),
  /** nth_percent only: whole percent off the cheapest unit of each group of N. */
  percent: z._default(
    z.nullable(whole(adminOfferMessages.percentInvalid, 1, MAX_OFFER_PERCENT)),
    null,
  ),
  categoryIds: ids,
  subcategoryIds: ids,
  tags,
  productIds: ids,
  excludedProductIds: ids,
  startsAt: z._default(instant, null),
  endsAt: z._default(instant, null),
  /** Higher first: which badge a product shows, and the order offers are tried in. */
  priority: z._default(whole(adminOfferMessages.priorityInvalid, -1000, 1000), 0),
  maxGroupsPerOrder: z._default(
    z.nullable(whole(adminOfferMessages.maxGroupsInvalid, 1, 1000)),
    null,
  ),
  stacking: z._default(
    z.enum(offerStackings, { error: adminOfferMessages.stackingInvalid }),
    'none',
  ),
  /** Codes that may stack when `stacking` is 'listed' (stored in upper case). */
  stackableCodes: codes,
});

/** The definition the domain checks, from the form's values (rupees become paise). */
export function offerDefinitionOf(form: z.output<typeof offerFormFields>): OfferDefinition {
  return {
    name: form.name,
    label: form.label,
    slug: form.slug,
    kind: form.kind,
    units: form.units,
    bundlePricePaise: form.bundlePrice === null ? null : rupeesToPaise(form.bundlePrice),
    freeUnits: form.freeUnits,
    percent: form.percent,
    categoryIds: form.categoryIds,
    subcategoryIds: form.subcategoryIds,
    tags: form.tags,
    productIds: form.productIds,
    excludedProductIds: form.excludedProductIds,
    startsAt: form.startsAt ? new Date(form.startsAt) : null,
    endsAt: form.endsAt ? new Date(form.endsAt) : null,
    priority: form.priority,
    maxGroupsPerOrder: form.maxGroupsPerOrder,
    stacking: form.stacking,
    stackableCodes: form.stackableCodes,
  };
}

/**
 * `POST /admin/offers` and `PATCH /admin/offers/{id}` (the whole form each time); the domain's
 * rules across fields are checked here too, each message on its own field (a 400 naming it).
 */
export const offerFormSchema = offerFormFields.check((payload) => {
  for (const problem of offerDefinitionProblems(offerDefinitionOf(payload.value))) {
    payload.issues.push({
      code: 'custom',
      message: problem.message,
      input: payload.value,
      path: [FORM_FIELD[problem.field]],
    });
  }
});
export type OfferFormInput = z.input<typeof offerFormSchema>;
export type OfferForm = z.output<typeof offerFormSchema>;

/** `GET /admin/offers`: by state and kind, newest first, a keyset page at a time. */
export const adminOffersQuery = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(60), plainText('Invalid q: must be text')),
    '',
  ),
  state: z.optional(z.enum(offerStates, { error: 'Unknown state' })),
  kind: z.optional(z.enum(offerKinds, { error: 'Unknown kind' })),
  ...keysetPageQuery(20),
});
export type AdminOffersQueryInput = z.input<typeof adminOffersQuery>;
export type AdminOffersQuery = z.output<typeof adminOffersQuery>;

export const offerIdParams = z.object({
  id: z.string().check(z.refine(isUuid, { error: offerMessages.notFound })),
});
export const offerSlugParams = z.object({
  slug: z.string().check(z.maxLength(80), z.regex(OFFER_SLUG_PATTERN, offerMessages.notFound)),
});

// ---------- answers ----------

export const adminOffer = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  slug: z.string(),
  kind: z.enum(offerKinds),
  units: z.number(),
  /** Rupees; null unless bundle_price. */
  bundlePrice: z.nullable(z.number()),
  freeUnits: z.nullable(z.number()),
  percent: z.nullable(z.number()),
  categoryIds: z.array(z.string()),
  subcategoryIds: z.array(z.string()),
  tags: z.array(z.string()),
  productIds: z.array(z.string()),
  excludedProductIds: z.array(z.string()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  /** When the shop ended it by hand; null while it runs its course. */
  endedAt: z.nullable(z.string()),
  priority: z.number(),
  maxGroupsPerOrder: z.nullable(z.number()),
  stacking: z.enum(offerStackings),
  stackableCodes: z.array(z.string()),
  /** Where it stands now: active, scheduled, expired or ended. */
  state: z.enum(offerStates),
  /** Orders placed with a line grouped under it: once any, it can only be ended, not changed. */
  ordersCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminOffer = z.infer<typeof adminOffer>;

export const adminOffersPage = z.object({ offers: z.array(adminOffer), next: nextCursor });
export type AdminOffersPage = z.infer<typeof adminOffersPage>;
export const adminOffersPageResponse = successEnvelope(adminOffersPage);
export const adminOfferResponse = successEnvelope(adminOffer);

// The storefront's answers of offers live in offer-answers.ts (kept apart from the form above);
// re-exported so this stays the offers contract's one address.
export {
  offerBadge,
  type OfferBadge,
  publicOffer,
  type PublicOffer,
  publicOfferResponse,
  appliedOffer,
  type AppliedOfferAnswer,
  offerSuggestion,
  type OfferSuggestionAnswer,
  lineOfferFields,
  orderLineMoneyFields,
} from './offer-answers.ts';
