import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** Her wishlist as her download shows it and her account's erasure removes it. */
export function createWishlistPersonalData() {
  return {
    /** What she saved, oldest first, in the caller's `tx`. */
    async exportFor(tx: Executor, userId: string) {
      return queryRows<{ productName: string; priceWhenAddedPaise: number; addedAt: Date }>(
        tx,
        sql`select p.name as "productName", i.price_when_added_paise as "priceWhenAddedPaise",
                   i.added_at as "addedAt"
            from wishlists w join wishlist_items i on i.wishlist_id = w.id
            join products p on p.id = i.product_id
            where w.user_id = ${userId} order by i.added_at`,
      );
    },

    async eraseIn(tx: Executor, userId: string) {
      await tx.execute(sql`delete from wishlists where user_id = ${userId}`);
    },
  };
}

export type WishlistPersonalData = ReturnType<typeof createWishlistPersonalData>;
