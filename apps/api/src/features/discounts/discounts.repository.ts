import { eq, inArray, sql } from 'drizzle-orm';
import type { DiscountRule } from '@shop/domain/discounts';
import { queryRows, type Executor } from '../../db/client.ts';
import { fromColumnNames } from '../../db/json-rows.ts';
import { discounts } from '../../db/schema.ts';

export type DiscountRow = typeof discounts.$inferSelect;

export function toDiscountRule(row: DiscountRow): DiscountRule {
  return {
    code: row.code,
    type: row.type === 'voucher' ? 'voucher' : 'coupon',
    description: row.description,
    percentOff: row.percentOff,
    amountOffPaise: row.amountOffPaise,
    minSubtotalPaise: row.minSubtotalPaise,
    maxDiscountPaise: row.maxDiscountPaise,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    usageLimit: row.usageLimit,
    perUserLimit: row.perUserLimit,
    eligibleCategoryIds: row.eligibleCategoryIds,
    eligibleProductIds: row.eligibleProductIds,
    isActive: row.isActive,
    firstOrderOnly: row.firstOrderOnly,
  };
}

/** `discount_reading`'s answer, as the database writes it. */
interface RawReading {
  discount: unknown;
  shopper_uses: number;
  has_paid_order: boolean;
}

/**
 * A discount with the shopper's side of its rules, read together; `stamp` is the reading as the
 * database wrote it, for a placement to check under its locks that it still holds.
 */
export interface DiscountReading {
  discount: DiscountRow;
  history: ShopperHistory;
  stamp: unknown;
}

/** The shopper's side of a discount's rules. */
export interface ShopperHistory {
  timesUsedByShopper: number;
  hasPaidOrder: boolean;
}

export function createDiscountsRepository() {
  /**
   * The discounts an order of the shopper is priced with, in id order, each with her side of
   * its rules, as the database function `discount_reading` reads them. With `replacing`, the
   * uses of her orders in that state (still awaiting their money) are left out of the counts,
   * as placing again replaces those orders and gives their uses back. Discounts that no longer
   * exist are left out.
   */
  async function readingsFor(
    executor: Executor,
    discountIds: string[],
    userId: string,
    replacing?: { openStatus: string; paymentStatuses: readonly string[] },
  ): Promise<DiscountReading[]> {
    if (discountIds.length === 0) return [];
    const rows = await queryRows<{ reading: RawReading | null }>(
      executor,
      // Without `replacing`, no order state matches: the uses are read as they stand.
      sql`select discount_reading(id, ${userId}::uuid, ${replacing?.openStatus ?? ''},
            ${`{${(replacing?.paymentStatuses ?? []).join(',')}}`}::text[]) as reading
          from (select distinct unnest(${`{${discountIds.join(',')}}`}::uuid[]) as id) codes
          order by id`,
    );
    return rows.flatMap(({ reading }) =>
      reading
        ? [
            {
              discount: fromColumnNames(discounts, reading.discount),
              history: {
                timesUsedByShopper: reading.shopper_uses,
                hasPaidOrder: reading.has_paid_order,
              },
              stamp: reading,
            },
          ]
        : [],
    );
  }

  return {
    /** `code` is already normalised (trimmed, upper case). */
    async findByCode(tx: Executor, code: string) {
      const [row] = await tx.select().from(discounts).where(eq(discounts.code, code));
      return row;
    },

    async findByIds(tx: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return tx.select().from(discounts).where(inArray(discounts.id, ids));
    },

    /**
     * What a discount's rules need to know of the shopper: her uses of it, and whether she has a
     * paid order that was not cancelled (an order ever paid and then cancelled was no order).
     */
    async shopperHistory(
      executor: Executor,
      discountId: string,
      userId: string,
    ): Promise<ShopperHistory> {
      const [reading] = await readingsFor(executor, [discountId], userId);
      return reading?.history ?? { timesUsedByShopper: 0, hasPaidOrder: false };
    },

    readingsFor,
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
