// The back office's discount codes: the one form schema (used by the screen's form and by the
// create and edit routes alike), the list's query (parsed from the URL by the screen and the
// route), and the answers. Money is rupees here, paise in the domain. zod/mini because the form
// ships to the browser (in the back office's own chunk).
import * as z from 'zod/mini';
import {
  definitionProblems,
  discountKinds,
  discountStates,
  type DiscountDefinition,
} from '@shop/domain/discount-definitions';
import { discountTypes, normalizeDiscountCode } from '@shop/domain/discounts';
import { isUuid } from '@shop/domain/ids';
import { rupeesToPaise } from '@shop/domain/money';
import { optionalText, plainText, rupeeAmount, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const adminDiscountMessages = {
  notFound: 'Discount not found',
  codeRequired: 'Please enter the code',
  typeInvalid: 'Type must be coupon or voucher',
  kindInvalid: 'Choose a percentage or a flat amount',
  valueInvalid: 'Enter the discount as a number',
  amountInvalid: 'Amounts are rupees with at most 2 decimals, 0 or more',
  maxInvalid: 'A maximum discount is an amount above ₹0, or empty for none',
  limitInvalid: 'A limit is a whole number of 1 or more, or empty for none',
  dateInvalid: 'Enter a date and time',
  idsInvalid: 'Choose categories and products from the lists',
  descriptionInvalid: 'The description must be plain text',
  unknownCategory: 'One of the chosen categories does not exist',
  unknownProduct: 'One of the chosen products does not exist',
  invalidCursor: invalidCursorMessage,
  codeTaken: (code: string) =>
    `The code ${code} is taken by another discount (codes are the same in any case): choose another`,
} as const;

/** Rupees with at most two decimals, as an owner types them. */
const rupees = (message: string) => rupeeAmount(message);
const limit = z.nullable(
  z
    .number({ error: adminDiscountMessages.limitInvalid })
    .check(
      z.int({ error: adminDiscountMessages.limitInvalid }),
      z.minimum(1, { error: adminDiscountMessages.limitInvalid }),
      z.maximum(10_000_000, { error: adminDiscountMessages.limitInvalid }),
    ),
);
const instant = z.nullable(
  z.iso.datetime({ offset: true, error: adminDiscountMessages.dateInvalid }),
);
const ids = z._default(
  z.array(z.string({ error: adminDiscountMessages.idsInvalid })).check(
    z.maxLength(500, { error: adminDiscountMessages.idsInvalid }),
    z.refine((list) => list.every(isUuid), { error: adminDiscountMessages.idsInvalid }),
  ),
  [],
);

/** The form's field behind each domain rule, for the message to sit under the right input. */
const FORM_FIELD: Record<keyof DiscountDefinition, string> = {
  code: 'code',
  type: 'type',
  kind: 'kind',
  value: 'value',
  minSubtotalPaise: 'minOrder',
  maxDiscountPaise: 'maxDiscount',
  startsAt: 'startsAt',
  expiresAt: 'expiresAt',
  usageLimit: 'usageLimit',
  perUserLimit: 'perUserLimit',
};

const discountFormFields = z.object({
  /** Trimmed and upper-cased: the code shoppers type, in any case. */
  code: z.pipe(
    z
      .string({ error: adminDiscountMessages.codeRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: adminDiscountMessages.codeRequired }),
        plainText(adminDiscountMessages.codeRequired),
      ),
    z.transform(normalizeDiscountCode),
  ),
  type: z._default(z.enum(discountTypes, { error: adminDiscountMessages.typeInvalid }), 'coupon'),
  description: optionalText(adminDiscountMessages.descriptionInvalid, 200),
  kind: z.enum(discountKinds, { error: adminDiscountMessages.kindInvalid }),
  /** Whole percent, or rupees off for a flat code. */
  value: rupees(adminDiscountMessages.valueInvalid),
  /** Rupees; the whole cart's subtotal must reach it. */
  minOrder: z._default(rupees(adminDiscountMessages.amountInvalid), 0),
  /** Rupees; percentage codes only. */
  maxDiscount: z._default(
    z.nullable(
      rupees(adminDiscountMessages.maxInvalid).check(
        z.positive({ error: adminDiscountMessages.maxInvalid }),
      ),
    ),
    null,
  ),
  startsAt: z._default(instant, null),
  expiresAt: z._default(instant, null),
  /** Orders placed with the code by anyone; null for no limit. */
  usageLimit: z._default(limit, null),
  perUserLimit: z._default(limit, null),
  /** Refused once the shopper has a paid order. */
  firstOrderOnly: z._default(z.boolean(), false),
  /** Empty lists: every product. Otherwise lines in these categories or these products count. */
  eligibleCategoryIds: ids,
  eligibleProductIds: ids,
});

/** The definition the domain checks, from the form's values (rupees become paise). */
export function definitionOf(form: z.output<typeof discountFormFields>): DiscountDefinition {
  return {
    code: form.code,
    type: form.type,
    kind: form.kind,
    value: form.kind === 'percent' ? form.value : rupeesToPaise(form.value),
    minSubtotalPaise: rupeesToPaise(form.minOrder),
    maxDiscountPaise: form.maxDiscount === null ? null : rupeesToPaise(form.maxDiscount),
    startsAt: form.startsAt ? new Date(form.startsAt) : null,
    expiresAt: form.expiresAt ? new Date(form.expiresAt) : null,
    usageLimit: form.usageLimit,
    perUserLimit: form.perUserLimit,
  };
}

/**
 * `POST /admin/discounts` and `PATCH /admin/discounts/{id}` (the whole form each time): a coupon
 * or voucher with every rule the discount engine applies; the domain's rules across fields are
 * checked here too, each message on its own field.
 */
export const discountFormSchema = discountFormFields.check((payload) => {
  for (const problem of definitionProblems(definitionOf(payload.value))) {
    payload.issues.push({
      code: 'custom',
      message: problem.message,
      input: payload.value,
      path: [FORM_FIELD[problem.field]],
    });
  }
});
export type DiscountFormInput = z.input<typeof discountFormSchema>;
export type DiscountForm = z.output<typeof discountFormSchema>;

/** `GET /admin/discounts`: by state, kind and type, newest first, a keyset page at a time. */
export const adminDiscountsQuery = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(30), plainText('Invalid q: must be text')),
    '',
  ),
  state: z.optional(z.enum(discountStates, { error: 'Unknown state' })),
  kind: z.optional(z.enum(discountKinds, { error: 'Unknown kind' })),
  type: z.optional(z.enum(discountTypes, { error: 'Unknown type' })),
  ...keysetPageQuery(20),
});
export type AdminDiscountsQueryInput = z.input<typeof adminDiscountsQuery>;
export type AdminDiscountsQuery = z.output<typeof adminDiscountsQuery>;

// ---------- answers ----------

export const adminDiscount = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(discountTypes),
  description: z.string(),
  kind: z.enum(discountKinds),
  /** Whole percent, or rupees. */
  value: z.number(),
  minOrder: z.number(),
  maxDiscount: z.nullable(z.number()),
  startsAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  usageLimit: z.nullable(z.number()),
  perUserLimit: z.nullable(z.number()),
  firstOrderOnly: z.boolean(),
  eligibleCategoryIds: z.array(z.string()),
  eligibleProductIds: z.array(z.string()),
  isActive: z.boolean(),
  /** Where it stands now: active, scheduled, expired, used_up or inactive. */
  state: z.enum(discountStates),
  /** Orders placed with it and not cancelled, paid or not (what the total limit counts). */
  timesUsed: z.number(),
  /** Paid orders placed with it. */
  paidOrders: z.number(),
  /** Rupees: those paid orders' totals less the refunds given on them. */
  revenue: z.number(),
  /** Rupees: what the code took off those paid orders. */
  discountGiven: z.number(),
  createdAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;

export const adminDiscountsPage = z.object({
  discounts: z.array(adminDiscount),
  next: nextCursor,
});
export type AdminDiscountsPage = z.infer<typeof adminDiscountsPage>;

export const adminDiscountsPageResponse = successEnvelope(adminDiscountsPage);
export const adminDiscountResponse = successEnvelope(adminDiscount);
