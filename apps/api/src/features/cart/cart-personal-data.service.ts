import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** Her cart as her download shows it and her account's erasure removes it. */
export function createCartPersonalData() {
  return {
    /** What is in her cart, oldest first, in the caller's `tx`. */
    async exportFor(tx: Executor, userId: string) {
      return queryRows<{
        productName: string;
        colorName: string;
        size: string;
        quantity: number;
        addedAt: Date;
      }>(
        tx,
        sql`select p.name as "productName", i.color_name as "colorName", i.size, i.quantity,
                   i.added_at as "addedAt"
            from carts c join cart_items i on i.cart_id = c.id join products p on p.id = i.product_id
            where c.user_id = ${userId} order by i.added_at`,
      );
    },

    /** Her cart goes, with its lines (discount uses stay: they name no one). */
    async eraseIn(tx: Executor, userId: string) {
      await tx.execute(sql`delete from carts where user_id = ${userId}`);
    },
  };
}

export type CartPersonalData = ReturnType<typeof createCartPersonalData>;
