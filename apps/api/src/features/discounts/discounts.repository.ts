import { eq, inArray, sql } from 'drizzle-orm';
import type { DiscountRule } from '@shop/domain/discounts';
import { isFirstOrder } from '@shop/domain/orders';
import { queryRows, type Executor } from '../../db/client.ts';
import { fromColumnNames } from '../../db/json-rows.ts';
import { earlierPurchaseSql } from '../../db/order-conditions.ts';
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

/** A discount with the shopper's side of its rules, read together. */
export interface DiscountReading {
  discount: DiscountRow;
  history: ShopperHistory;
}

/** The shopper's side of a discount's rules. */
export interface ShopperHistory {
  timesUsedByShopper: number;
  hasPaidOrder: boolean;
}

export function createDiscountsRepository() {
  /**
   * The discounts an order of the shopper is priced with, in id order, each with her side of
   * its rules: her uses of it, and whether she has an earlier purchase (the domain's
   * `isFirstOrder` decides, on the orders read for it). Discounts that no longer exist are left
   * out. Under the discounts' locks (an order being placed), the uses read are the ones that
   * count.
   */
  async function readingsFor(
    executor: Executor,
    discountIds: string[],
    userId: string,
  ): Promise<DiscountReading[]> {
    if (discountIds.length === 0) return [];
    const [rows, earlier] = [
      await queryRows<Record<string, unknown> & { shopper_uses: number }>(
        executor,
        sql`select d.*, (select count(*)::int from discount_uses u
              where u.discount_id = d.id and u.user_id = ${userId}) as shopper_uses
            from discounts d
            where d.id = any(${`{${[...new Set(discountIds)].join(',')}}`}::uuid[])
            order by d.id`,
      ),
      await queryRows<{ status: string; paid_at: string | null; cod_confirmed_at: string | null }>(
        executor,
        sql`select o.status, o.paid_at, o.cod_confirmed_at from orders o
            where o.user_id = ${userId} and ${earlierPurchaseSql('o')} limit 1`,
      ),
    ];
    const hasPaidOrder = !isFirstOrder(
      earlier.map((order) => ({
        status: order.status,
        paidAt: order.paid_at,
        codConfirmedAt: order.cod_confirmed_at,
      })),
    );
    return rows.map((row) => ({
      discount: fromColumnNames(discounts, row),
      history: { timesUsedByShopper: row.shopper_uses, hasPaidOrder },
    }));
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
     * What a discount's rules need to know of the shopper: her uses of it, and whether she has an
     * earlier purchase (see readingsFor).
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
