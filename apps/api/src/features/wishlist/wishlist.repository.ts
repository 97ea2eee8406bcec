import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { wishlistItems, wishlists } from '../../db/schema.ts';

export type WishlistRow = typeof wishlists.$inferSelect;
export type WishlistItemRow = typeof wishlistItems.$inferSelect;

export function createWishlistRepository(db: Database) {
  async function find(tx: Executor, userId: string) {
    const [row] = await tx.select().from(wishlists).where(eq(wishlists.userId, userId));
    return row;
  }

  return {
    find,

    /** The shopper's wishlist, made on first use ('My Wishlist', private). */
    async ensure(tx: Executor, userId: string): Promise<WishlistRow> {
      await tx.insert(wishlists).values({ userId }).onConflictDoNothing();
      const row = await find(tx, userId);
      if (!row) throw new Error('wishlist could not be created');
      return row;
    },

    async rename(wishlistId: string, values: { name: string; isPublic: boolean }) {
      await db
        .update(wishlists)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(wishlists.id, wishlistId));
    },

    async items(wishlistId: string) {
      return db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.wishlistId, wishlistId))
        .orderBy(asc(wishlistItems.addedAt), asc(wishlistItems.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(wishlistItems)
        .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
        .where(eq(wishlists.userId, userId));
      return row?.n ?? 0;
    },

    async contains(userId: string, productId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: wishlistItems.id })
        .from(wishlistItems)
        .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
        .where(and(eq(wishlists.userId, userId), eq(wishlistItems.productId, productId)));
      return row !== undefined;
    },

    /** Adds a product once; answers false when it was already there. */
    async add(wishlistId: string, productId: string, priceWhenAddedPaise: number) {
      const rows = await db
        .insert(wishlistItems)
        .values({ wishlistId, productId, priceWhenAddedPaise })
        .onConflictDoNothing()
        .returning({ id: wishlistItems.id });
      return rows.length === 1;
    },

    /** Answers false when the product was not there. */
    async remove(wishlistId: string, productId: string) {
      const rows = await db
        .delete(wishlistItems)
        .where(
          and(eq(wishlistItems.wishlistId, wishlistId), eq(wishlistItems.productId, productId)),
        )
        .returning({ id: wishlistItems.id });
      return rows.length > 0;
    },

    async clear(wishlistId: string) {
      const rows = await db
        .delete(wishlistItems)
        .where(eq(wishlistItems.wishlistId, wishlistId))
        .returning({ id: wishlistItems.id });
      return rows.length;
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
