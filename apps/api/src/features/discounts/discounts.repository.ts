import { and, count, eq, inArray } from 'drizzle-orm';
import type { DiscountRule } from '@shop/domain/discounts';
import type { Database, Executor } from '../../db/client.ts';
import { discountUses, discounts } from '../../db/schema.ts';

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
  };
}

export function createDiscountsRepository(db: Database) {
  return {
    /** `code` is already normalised (trimmed, upper case). */
    async findByCode(code: string, tx: Executor = db) {
      const [row] = await tx.select().from(discounts).where(eq(discounts.code, code));
      return row;
    },

    async findByIds(ids: string[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx.select().from(discounts).where(inArray(discounts.id, ids));
    },

    /** How many orders this shopper has placed with the discount. */
    async usesByUser(discountId: string, userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(discountUses)
        .where(and(eq(discountUses.discountId, discountId), eq(discountUses.userId, userId)));
      return row?.n ?? 0;
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
