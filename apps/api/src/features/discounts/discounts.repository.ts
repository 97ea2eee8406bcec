import { eq, inArray, sql } from 'drizzle-orm';
import type { DiscountRule } from '@shop/domain/discounts';
import { queryRows, type Executor } from '../../db/client.ts';
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

/** The shopper's side of a discount's rules. */
export interface ShopperHistory {
  timesUsedByShopper: number;
  hasPaidOrder: boolean;
}

export function createDiscountsRepository() {
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

    /** How many orders this shopper has placed with the discount. */
    /**
     * What a discount's rules need to know of the shopper: her uses of it, and whether she has a
     * paid order that was not cancelled (an order ever paid and then cancelled was no order).
     */
    async shopperHistory(
      executor: Executor,
      discountId: string,
      userId: string,
    ): Promise<ShopperHistory> {
      const [row] = await queryRows<{ uses: number; has_paid_order: boolean }>(
        executor,
        sql`select
              (select count(*)::int from discount_uses
                where discount_id = ${discountId} and user_id = ${userId}) as uses,
              exists(select 1 from orders
                where user_id = ${userId} and paid_at is not null and status <> 'cancelled')
                as has_paid_order`,
      );
      return { timesUsedByShopper: row?.uses ?? 0, hasPaidOrder: row?.has_paid_order ?? false };
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
