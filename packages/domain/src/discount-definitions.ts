/**
 * What the shop may define as a discount code: the rules of the back office's discount form, in
 * the terms the discount engine (`discounts.ts`) applies, so every code saved is one the engine can
 * apply as the owner meant it. Amounts in paise.
 */
import type { DiscountType } from './discounts.ts';
import { formatMoney, type Paise } from './money.ts';

export const discountKinds = ['percent', 'flat'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** A code's life as the list shows it (and filters by), at a given moment. */
export const discountStates = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type DiscountState = (typeof discountStates)[number];

/** The highest percentage a code may take off: beyond it the shop gives its goods away. */
export const MAX_PERCENT_OFF = 90;
/** Codes: letters, digits, '-' and '_', stored in upper case (shoppers type them in any case). */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;

export interface DiscountDefinition {
  code: string;
  type: DiscountType;
  kind: DiscountKind;
  /** Whole percent when `kind` is percent, paise when flat. */
  value: number;
  minSubtotalPaise: Paise;
  maxDiscountPaise: Paise | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
}

export const discountDefinitionMessages = {
  code: 'Use 3 to 30 letters, digits, - or _ for the code (e.g. DIWALI10)',
  percent: `A percentage must be a whole number from 1 to ${MAX_PERCENT_OFF}`,
  flat: 'A flat amount must be more than ₹0',
  flatNeedsMinimum:
    'A flat discount needs a minimum order above its amount, or it could take a whole small order',
  maxOnlyPercent: 'Only a percentage discount takes a maximum discount',
  expiryAfterStart: 'The expiry must be after the start',
  perUserAboveTotal: 'The limit per shopper cannot be above the total limit',
  codeInUse: 'This code has been used in orders: its code cannot change. Make a new code instead.',
} as const;

export interface DefinitionProblem {
  field: keyof DiscountDefinition;
  message: string;
}

/**
 * Every rule a definition breaks, each with the form field it belongs to (empty when it is sound).
 * Field-by-field shapes (whole numbers, limits of 1 or more) are the schema's; these are the
 * rules that weigh one field against another or against the engine.
 */
export function definitionProblems(definition: DiscountDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (!DISCOUNT_CODE_PATTERN.test(definition.code)) {
    problems.push({ field: 'code', message: discountDefinitionMessages.code });
  }
  if (definition.kind === 'percent') {
    if (
      !Number.isInteger(definition.value) ||
      definition.value < 1 ||
      definition.value > MAX_PERCENT_OFF
    ) {
      problems.push({ field: 'value', message: discountDefinitionMessages.percent });
    }
  } else {
    if (definition.value <= 0) {
      problems.push({ field: 'value', message: discountDefinitionMessages.flat });
    } else if (definition.minSubtotalPaise <= definition.value) {
      // The engine caps a discount at the eligible subtotal, so a flat ₹200 off a ₹150 order
      // would make it free: the minimum must be above the amount.
      const needed = formatMoney(definition.value + 1, { trimZeroPaise: true });
      problems.push({
        field: 'minSubtotalPaise',
        message: `${discountDefinitionMessages.flatNeedsMinimum} (at least ${needed})`,
      });
    }
    if (definition.maxDiscountPaise !== null) {
      problems.push({
        field: 'maxDiscountPaise',
        message: discountDefinitionMessages.maxOnlyPercent,
      });
    }
  }
  if (
    definition.startsAt &&
    definition.expiresAt &&
    definition.expiresAt.getTime() <= definition.startsAt.getTime()
  ) {
    problems.push({ field: 'expiresAt', message: discountDefinitionMessages.expiryAfterStart });
  }
  if (
    definition.usageLimit !== null &&
    definition.perUserLimit !== null &&
    definition.perUserLimit > definition.usageLimit
  ) {
    problems.push({ field: 'perUserLimit', message: discountDefinitionMessages.perUserAboveTotal });
  }
  return problems;
}

export interface DiscountStateFacts {
  isActive: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
}

/**
 * Where a code stands at `now`, in the order the engine refuses it: switched off, not started,
 * expired, then used up. A code that is none of these applies (subject to the cart).
 */
export function discountState(facts: DiscountStateFacts, now: Date): DiscountState {
  if (!facts.isActive) return 'inactive';
  if (facts.startsAt && now < facts.startsAt) return 'scheduled';
  if (facts.expiresAt && now >= facts.expiresAt) return 'expired';
  if (facts.usageLimit !== null && facts.timesUsed >= facts.usageLimit) return 'used_up';
  return 'active';
}
