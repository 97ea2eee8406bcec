/**
 * What other features may ask of discounts: a discount's rule as the domain reads it, the
 * readings an order is priced with (a discount with the shopper's side of its rules, read in the
 * caller's transaction under the discounts' locks), and the checks a cart makes of a code.
 * Orders and carts are handed these, never the discounts' tables.
 */
import {
  evaluateDiscount,
  normalizeDiscountCode,
  type DiscountCheck,
  type DiscountLine,
} from '@shop/domain/discounts';
import type { Database } from '../../db/client.ts';
import {
  toDiscountRule,
  type DiscountRow,
  type DiscountsRepository,
} from './discounts.repository.ts';

export {
  toDiscountRule,
  type DiscountReading,
  type DiscountRow,
  type ShopperHistory,
} from './discounts.repository.ts';

/** The discounts' readings, as placing an order asks for them. */
export type DiscountReadings = Pick<DiscountsRepository, 'readingsFor'>;

/** A code checked against a shopper's lines, as a cart applies, shows and looks codes up. */
export interface DiscountChecks {
  /** The active discount of a code as the shopper typed it; undefined when none or inactive. */
  activeByCode(typed: string): Promise<DiscountRow | undefined>;
  /** The discounts of these ids that still exist (the codes a cart has applied). */
  byIds(ids: string[]): Promise<DiscountRow[]>;
  /** Whether the discount takes something off these lines for this shopper now, and how much. */
  check(row: DiscountRow, lines: DiscountLine[], userId: string): Promise<DiscountCheck>;
}

export function createDiscountChecks(
  db: Database,
  discounts: Pick<DiscountsRepository, 'findByCode' | 'findByIds' | 'shopperHistory'>,
): DiscountChecks {
  return {
    async activeByCode(typed) {
      const row = await discounts.findByCode(db, normalizeDiscountCode(typed));
      return row?.isActive ? row : undefined;
    },

    byIds: (ids) => discounts.findByIds(db, ids),

    async check(row, lines, userId) {
      return evaluateDiscount(toDiscountRule(row), {
        lines,
        now: new Date(),
        timesUsed: row.timesUsed,
        ...(await discounts.shopperHistory(db, row.id, userId)),
      });
    },
  };
}
